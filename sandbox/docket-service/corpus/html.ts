/**
 * Text helpers shared by the corpus and the engines: the service sends entry `contents` as HTML with
 * entities (`&amp;`) and site-relative links (observed-facts.md, Responses), while document texts,
 * party names and answers are plain text.
 */

const ENTITY_OUT: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escape plain text for inclusion in entry HTML. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITY_OUT[ch] ?? ch);
}

const ENTITY_IN: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'", sect: "§", para: "¶",
};

/** Decode the entities the service uses (named ones above, plus numeric `&#NN;` / `&#xNN;`). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return safeCodePoint(Number.parseInt(lower.slice(2), 16), whole);
    if (lower.startsWith("#")) return safeCodePoint(Number.parseInt(lower.slice(1), 10), whole);
    return ENTITY_IN[lower] ?? whole;
  });
}

function safeCodePoint(cp: number, fallback: string): string {
  return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : fallback;
}

/** Entry HTML to plain text: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();
}
