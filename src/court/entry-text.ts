/**
 * The start of a docket entry as plain text, for reading what the entry is (./significance.ts).
 * Entry `contents` is untrusted HTML with entities (spec: Resources, Docket entry, "may contain
 * HTML"; observed-facts.md: `<span class='description'>...</span>`, `&amp;`). The Slack side has
 * its own full reader (slack/blockkit/html.ts), but court/ imports nothing else from src/, so
 * this is the small version a classifier needs: tags dropped, entities decoded once, whitespace
 * collapsed. Its output is never rendered; renderers keep using the one sanitizer.
 *
 * Bounded: it stops once `limit` characters of text are collected, and every `>` search moves
 * forward (once a `<` has no `>` after it, no later one does), so a 1 MB hostile entry costs at
 * most one pass over the part it reads.
 */

/** The references docket text uses (`&amp;`, `&nbsp;`, `&#39;`, `&sect;`, quotes and dashes). */
const NAMED: Readonly<Record<string, string>> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", sect: "§", para: "¶", copy: "©",
  reg: "®", trade: "™", ndash: "–", mdash: "—", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”",
  hellip: "…", bull: "•", middot: "·", laquo: "«", raquo: "»", frac12: "½",
};

// Bounded alternatives: each attempt reads at most ~34 characters.
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,8})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

function codePoint(cp: number): string {
  return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? "\uFFFD" : String.fromCodePoint(cp);
}

/** Decodes character references once; unknown names stay as written. */
export function decodeEntities(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(REFERENCE, (all, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (hex !== undefined) return codePoint(parseInt(hex, 16));
    if (dec !== undefined) return codePoint(parseInt(dec, 10));
    return NAMED[name!] ?? all;
  });
}

/** Whether the `<` at `i` opens a tag or comment (`<p`, `</p`, `<!--`), not text like `a < b`. */
function opensTag(s: string, i: number): boolean {
  const c = s.charCodeAt(i + 1);
  const letter = (x: number) => (x >= 65 && x <= 90) || (x >= 97 && x <= 122);
  return letter(c) || (c === 47 /* / */ && letter(s.charCodeAt(i + 2))) || c === 33; /* ! */
}

/**
 * Plain text of an entry's first `limit` characters (default 1,000): tags become spaces,
 * entities are decoded, runs of whitespace (including no-break spaces) become one space.
 */
export function entryPlainText(html: unknown, limit = 1000): string {
  if (typeof html !== "string" || html === "") return "";
  let out = "";
  let i = 0;
  let tagsClosed = true; // false once a `<` is known to have no `>` after it
  // Raw text is collected a little past `limit`, since decoding and collapsing only shrink it.
  const rawLimit = limit * 2 + 64;
  while (i < html.length && out.length < rawLimit) {
    const lt = tagsClosed ? html.indexOf("<", i) : -1;
    const end = lt < 0 ? html.length : lt;
    out += html.slice(i, Math.min(end, i + rawLimit - out.length));
    if (lt < 0 || out.length >= rawLimit) break;
    if (!opensTag(html, lt)) {
      out += "<";
      i = lt + 1;
      continue;
    }
    const gt = html.indexOf(">", lt);
    if (gt < 0) {
      tagsClosed = false; // an unclosed tag: the rest is text
      i = lt;
      continue;
    }
    out += " ";
    i = gt + 1;
  }
  return decodeEntities(out).replace(/\s+/g, " ").trim().slice(0, limit);
}
