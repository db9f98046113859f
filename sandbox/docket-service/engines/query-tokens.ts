/**
 * Tokenizer of the service's search language (observed-facts.md, Responses): words, quoted phrases,
 * parentheses, `OR` / `AND` / `NOT` (upper case), `-term`, `w/N`, and `field:` prefixes. It never
 * throws: anything it does not recognise is a word.
 */

export const FIELDS = new Set(["is", "court", "docket", "party", "firm", "attorney", "type", "name", "from", "title"]);

export type Token =
  | { t: "lp"; at: number }
  | { t: "rp"; at: number }
  | { t: "or" | "and" | "not" }
  | { t: "near"; n: number }
  | { t: "word"; v: string; at: number; end: number }
  | { t: "phrase"; v: string; at: number; end: number }
  | { t: "field"; name: string };

/** Queries longer than this are cut: the service's own limit is unknown, ours keeps search linear. */
export const MAX_QUERY = 2_000;

const isSpace = (ch: string): boolean => ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\u00a0";

export function tokenize(input: string): Token[] {
  const q = input.slice(0, MAX_QUERY);
  const out: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i]!;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (ch === "(") {
      out.push({ t: "lp", at: i++ });
      continue;
    }
    if (ch === ")") {
      out.push({ t: "rp", at: i++ });
      continue;
    }
    if (ch === '"' || ch === "\u201c" || ch === "\u201d") {
      const start = i + 1;
      let j = start;
      while (j < q.length && q[j] !== '"' && q[j] !== "\u201d" && q[j] !== "\u201c") j++;
      out.push({ t: "phrase", v: q.slice(start, j), at: i, end: Math.min(j + 1, q.length) });
      i = j + 1;
      continue;
    }
    // A leading minus directly before something is NOT: -word, -"phrase", -(group), -party:x
    if (ch === "-" && i + 1 < q.length && !isSpace(q[i + 1]!) && q[i + 1] !== "-") {
      out.push({ t: "not" });
      i++;
      continue;
    }
    let j = i;
    while (j < q.length && !isSpace(q[j]!) && q[j] !== "(" && q[j] !== ")" && q[j] !== '"') j++;
    const word = q.slice(i, j);
    const at = i;
    i = j;
    if (word === "OR" || word === "||") out.push({ t: "or" });
    else if (word === "AND" || word === "&&") out.push({ t: "and" });
    else if (word === "NOT") out.push({ t: "not" });
    else if (/^w\/\d{1,3}$/i.test(word)) out.push({ t: "near", n: Number(word.slice(2)) });
    else {
      const colon = word.indexOf(":");
      const name = colon > 0 ? word.slice(0, colon).toLowerCase() : "";
      if (FIELDS.has(name)) {
        out.push({ t: "field", name });
        const rest = word.slice(colon + 1);
        if (rest) out.push({ t: "word", v: rest, at: at + colon + 1, end: j });
      } else {
        out.push({ t: "word", v: word, at, end: j });
      }
    }
  }
  return out;
}
