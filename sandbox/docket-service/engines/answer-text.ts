/**
 * Text handling for the Q&A engine: terms (stopwords dropped, common English and legal suffixes
 * stemmed, so "dismissal", "dismissed" and "dismiss" meet), excerpts in whole sentences, and how
 * an entry is cited: `Entry #42 (3/3/2026)`.
 */
import { htmlToText } from "../corpus/html.ts";
import { normalizeWords } from "../corpus/search-index.ts";
import type { EmuEntry } from "../corpus/types.ts";

const STOPWORDS = new Set(
  ("a an and are as at be been being by can could did do does doing for from had has have how i in into is it its " +
    "me my of on or our please say said should so tell than that the their them then there these they this those to " +
    "up us was we were what when where which while who whom why will with would you your about any anything " +
    "docket case court filed file yet ever there now currently current").split(" "),
);
// "filed" and "case" carry no signal in a docket (every entry is filed in the case); intents read them.

export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /^\d+$/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("ied") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (/(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  for (const suffix of ["izations", "ization", "ations", "ation", "ments", "ment", "ings", "ing", "ions", "ion", "als", "al", "ed", "ly"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Stemmed terms of a text, stopwords dropped (HTML when `html`). */
export function terms(text: string, html = false): string[] {
  return normalizeWords(text, html)
    .trim()
    .split(" ")
    .filter((w) => w && !STOPWORDS.has(w))
    .map(stem);
}

/** An entry's text without its HTML and without the trailing "entered 01/08/2007." stamp. */
export function plain(entry: EmuEntry): string {
  return htmlToText(entry.contents).replace(/\s*entered \d{2}\/\d{2}\/\d{4}\.?$/, "");
}

/** "No. 5", "v. Globex", "Inc.", "U.S.", "Fed. R. Civ. P.": a period that does not end a sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:No|Nos|v|vs|Inc|Corp|Co|Ltd|LLC|Mr|Mrs|Ms|Dr|Hon|Doc|Dkt|Fed|Civ|Crim|App|Cir|Supp|al|etc|e\.g|i\.e|[A-Z]|(?:[A-Z]\.)+[A-Z])\.$/;

/** Where sentences of `t` end (after the mark and any closing quote or bracket). */
function sentenceEnds(t: string): number[] {
  const out: number[] = [];
  for (const m of t.matchAll(/[.!?]["'”’)\]]*(?=\s|$)/g)) {
    const end = m.index + m[0].length;
    if (m[0].startsWith(".") && ABBREVIATION.test(t.slice(Math.max(0, m.index - 12), m.index + 1))) continue;
    out.push(end);
  }
  return out;
}

/**
 * About `max` characters in whole sentences (a provider does not stop mid-sentence: issue 14
 * item 6): the sentences that fit, or the first sentence when it runs up to twice as long; only a
 * text with no sentence end that near is cut at a word, with an ellipsis.
 */
export function excerpt(text: string, max = 240): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const ends = sentenceEnds(t);
  const fits = ends.filter((e) => e <= max).at(-1);
  if (fits !== undefined && fits >= max * 0.4) return t.slice(0, fits);
  const next = ends.find((e) => e > max && e <= max * 2);
  if (next !== undefined) return t.slice(0, next);
  if (fits !== undefined) return t.slice(0, fits);
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "")}…`;
}

export function cite(entry: EmuEntry): string {
  return entry.number ? `Entry #${entry.number} (${entry.date})` : `the entry of ${entry.date}`;
}

export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
