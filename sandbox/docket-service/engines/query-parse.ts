/**
 * Recursive-descent parser of the search language. Grammar (AND implied between neighbours):
 *
 *   query   := or
 *   or      := and ("OR" and)*
 *   and     := unary (["AND"] unary | "w/N" unary)*
 *   unary   := ("NOT" | "-") unary | primary
 *   primary := "(" or ")" | field ":" (primary) | phrase | word
 *
 * Each token is consumed once (linear time). It never throws: unbalanced parentheses are closed or
 * dropped, dangling operators are ignored, nesting deeper than MAX_DEPTH is flattened, and words the
 * normaliser reduces to nothing are skipped.
 */
import { normalizeWords } from "../corpus/search-index.ts";
import { tokenize, type Token } from "./query-tokens.ts";

export type QueryNode =
  | { k: "all" }
  | { k: "term"; words: string[]; prefix: boolean }
  | { k: "and"; xs: QueryNode[] }
  | { k: "or"; xs: QueryNode[] }
  | { k: "not"; x: QueryNode }
  | { k: "near"; a: QueryNode; b: QueryNode; n: number }
  | { k: "field"; name: string; x: QueryNode; raw: string };

const MAX_DEPTH = 32;

export function parseQuery(input: string): QueryNode {
  const src = typeof input === "string" ? input : "";
  const toks = tokenize(src);
  let pos = 0;
  let depth = 0;
  const peek = (): Token | undefined => toks[pos];

  function or(): QueryNode | null {
    const xs: QueryNode[] = [];
    const first = and();
    if (first) xs.push(first);
    while (peek()?.t === "or") {
      pos++;
      const next = and();
      if (next) xs.push(next);
    }
    return xs.length === 0 ? null : xs.length === 1 ? xs[0]! : { k: "or", xs };
  }

  function and(): QueryNode | null {
    const xs: QueryNode[] = [];
    for (;;) {
      const tok = peek();
      if (!tok || tok.t === "or") break;
      if (tok.t === "rp") {
        if (depth > 0) break;
        pos++; // a stray ")" at top level
        continue;
      }
      if (tok.t === "and") {
        pos++;
        continue;
      }
      if (tok.t === "near") {
        pos++;
        const b = unary();
        const a = xs.pop();
        if (a && b) xs.push({ k: "near", a, b, n: tok.n });
        else if (a ?? b) xs.push((a ?? b)!);
        continue;
      }
      const x = unary();
      if (x) xs.push(x);
    }
    return xs.length === 0 ? null : xs.length === 1 ? xs[0]! : { k: "and", xs };
  }

  function unary(): QueryNode | null {
    if (peek()?.t === "not") {
      pos++;
      const x = unary();
      return x ? { k: "not", x } : null;
    }
    return primary();
  }

  function primary(): QueryNode | null {
    const tok = toks[pos++];
    if (!tok) return null;
    switch (tok.t) {
      case "lp": {
        if (depth >= MAX_DEPTH) return null; // flatten: the group's tokens parse at this level
        depth++;
        const x = or();
        depth--;
        if (peek()?.t === "rp") pos++;
        return x;
      }
      case "field": {
        const start = peek();
        const startAt = start && "at" in start ? start.at : src.length;
        const x = peek()?.t === "field" || peek()?.t === "or" || peek()?.t === "rp" ? null : primary();
        const prev = toks[pos - 1];
        const endAt = prev && "end" in prev ? prev.end : prev && "at" in prev ? prev.at + 1 : startAt;
        const raw = src.slice(startAt, Math.max(startAt, endAt)).replace(/^\(|\)$/g, "").replace(/^"|"$/g, "").trim();
        return x ? { k: "field", name: tok.name, x, raw } : null;
      }
      case "word":
      case "phrase":
        return term(tok.v, tok.t === "phrase");
      default:
        return null; // an operator where a term belongs: ignore it
    }
  }

  function term(text: string, phrase: boolean): QueryNode | null {
    const prefix = !phrase && text.length > 1 && text.endsWith("*");
    const body = prefix ? text.slice(0, -1) : text;
    if (!phrase && body === "*") return { k: "all" };
    const words = normalizeWords(body.replace(/\*/g, " ")).trim().split(" ").filter(Boolean);
    return words.length === 0 ? null : { k: "term", words, prefix };
  }

  const root = or();
  // Whatever is left (an unmatched ")" inside a flattened group) is parsed as more AND terms.
  const rest: QueryNode[] = root ? [root] : [];
  while (pos < toks.length) {
    pos++;
    const more = or();
    if (more) rest.push(more);
  }
  return rest.length === 0 ? { k: "all" } : rest.length === 1 ? rest[0]! : { k: "and", xs: rest };
}
