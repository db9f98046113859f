/**
 * A small, linear-time HTML reader for docket text. It is not a browser parser: it finds tags,
 * decodes text, drops comments and the content of script-like elements, and hands the rest to a
 * handler. Every scan moves forward: each `>` search is cached, each comment or raw-text element is
 * searched for once, attributes are read left to right, so a 1 MB hostile input costs one pass.
 *
 * A tag ends at the first `>` outside a quoted attribute value (`<a title="a>b">`); when a quote
 * never closes, at the first `>` after the `<` (browsers would swallow the rest of the input).
 * `<` not followed by a letter, `/letter`, `!--` or `!doctype` is text, so `<@U123>`, `<!channel>`
 * and `a < b` stay visible (escaped later) instead of vanishing as bogus markup.
 */
import { decodeEntities } from "./entities.ts";

export interface HtmlHandler {
  /** Decoded text (entities resolved; whitespace as written). */
  text(decoded: string): void;
  /** A start tag (`closing` false) or end tag; `name` lowercased; `attrs` the raw text after the name. */
  tag(name: string, closing: boolean, attrs: string): void;
}

/** Elements whose content is never shown. */
const RAW_TEXT = new Set(["script", "style", "template", "iframe", "object", "svg", "math", "head", "title", "noscript"]);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const NAME = /^[A-Za-z][A-Za-z0-9-]{0,31}/;

/**
 * indexOf with memory, so forward scans stay linear overall: a search from `from` that found `at`
 * answers every later search starting in [from, at] without rescanning, and once a character is
 * known to be absent from some point on, searches past that point answer at once.
 */
class Finder {
  private readonly s: string;
  private readonly memo = new Map<string, { from: number; at: number }>();
  private readonly absentFrom = new Map<string, number>();
  constructor(s: string) {
    this.s = s;
  }
  next(ch: string, from: number): number {
    if (from >= (this.absentFrom.get(ch) ?? Infinity)) return -1;
    const m = this.memo.get(ch);
    if (m && from >= m.from && from <= m.at) return m.at;
    const at = this.s.indexOf(ch, from);
    if (at < 0) this.absentFrom.set(ch, from);
    else this.memo.set(ch, { from, at });
    return at;
  }
}

/** Whether the quote at `q` opens an attribute value (the previous non-space character is `=`). */
function opensValue(html: string, q: number, start: number): boolean {
  let k = q - 1;
  while (k > start && (html[k] === " " || html[k] === "\t" || html[k] === "\n" || html[k] === "\r")) k--;
  return html[k] === "=";
}

/** Index of the `>` that ends the tag opened at `lt`, or -1 when there is none. */
function tagEnd(html: string, lt: number, find: Finder): number {
  const firstGt = find.next(">", lt);
  let j = lt + 1;
  for (;;) {
    const gt = find.next(">", j);
    if (gt < 0) return firstGt;
    const dq = find.next('"', j);
    const sq = find.next("'", j);
    const q = dq < 0 ? sq : sq < 0 ? dq : Math.min(dq, sq);
    if (q < 0 || q > gt) return gt;
    if (!opensValue(html, q, lt)) {
      j = q + 1;
      continue;
    }
    const close = find.next(html[q]!, q + 1);
    if (close < 0) return firstGt; // an unclosed quote: fall back to the first '>'
    j = close + 1;
  }
}

export function walkHtml(html: string, h: HtmlHandler): void {
  const n = html.length;
  const find = new Finder(html);
  let i = 0;
  let textFrom = 0; // start of text not yet handed over (a `<` that is not markup stays in it)
  const text = (from: number, to: number) => {
    if (to > from) h.text(decodeEntities(html.slice(from, to)));
  };
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    const c1 = html.charCodeAt(lt + 1);
    if (html.startsWith("!--", lt + 1)) {
      text(textFrom, lt);
      const end = html.indexOf("-->", lt + 4);
      i = textFrom = end < 0 ? n : end + 3; // an unclosed comment runs to the end, as in browsers
      continue;
    }
    const markup =
      isLetter(c1) ||
      (c1 === 47 /* / */ && isLetter(html.charCodeAt(lt + 2))) ||
      (c1 === 33 /* ! */ && /^!(?:doctype|\[cdata\[)/i.test(html.slice(lt + 1, lt + 10)));
    if (!markup) {
      i = lt + 1;
      continue;
    }
    const end = tagEnd(html, lt, find);
    if (end < 0) break; // no '>' anywhere after this point: everything left is text
    text(textFrom, lt);
    const inner = html.slice(lt + 1, end);
    i = textFrom = end + 1;
    if (c1 === 33) continue; // doctype / CDATA marker: dropped
    const closing = c1 === 47;
    const body = closing ? inner.slice(1) : inner;
    const name = (NAME.exec(body)?.[0] ?? "").toLowerCase();
    const attrs = body.slice(name.length);
    if (!closing && RAW_TEXT.has(name) && !attrs.trimEnd().endsWith("/")) {
      i = textFrom = skipRawText(html, i, name);
      continue;
    }
    h.tag(name, closing, attrs);
  }
  text(textFrom, n);
}

/** Index just past `</name ...>` after `from`, or the end of input when it never closes. */
function skipRawText(html: string, from: number, name: string): number {
  const close = new RegExp(`</${name}(?=[\\s/>]|$)`, "gi");
  close.lastIndex = from;
  const m = close.exec(html);
  if (!m) return html.length;
  const gt = html.indexOf(">", m.index);
  return gt < 0 ? html.length : gt + 1;
}

/**
 * The value of attribute `wanted` in a tag's raw attribute text, entity-decoded; undefined when
 * absent. Reads attributes left to right once (no backtracking regex over the whole tag).
 */
export function attribute(attrs: string, wanted: string): string | undefined {
  const n = attrs.length;
  let i = 0;
  const isSpace = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "/";
  while (i < n) {
    while (i < n && isSpace(attrs[i]!)) i++;
    const start = i;
    while (i < n && !isSpace(attrs[i]!) && attrs[i] !== "=") i++;
    const name = attrs.slice(start, i).toLowerCase();
    while (i < n && (attrs[i] === " " || attrs[i] === "\t" || attrs[i] === "\n" || attrs[i] === "\r")) i++;
    let value = "";
    if (attrs[i] === "=") {
      i++;
      while (i < n && (attrs[i] === " " || attrs[i] === "\t" || attrs[i] === "\n" || attrs[i] === "\r")) i++;
      const q = attrs[i];
      if (q === '"' || q === "'") {
        const end = attrs.indexOf(q, i + 1);
        value = attrs.slice(i + 1, end < 0 ? n : end);
        i = end < 0 ? n : end + 1;
      } else {
        const vs = i;
        while (i < n && !/\s/.test(attrs[i]!)) i++;
        value = attrs.slice(vs, i);
      }
    }
    if (name === wanted) return decodeEntities(value);
    if (i === start) i++; // never stall on a stray character
  }
  return undefined;
}
