/**
 * The service's own search (`search/`): the query language of observed-facts.md over the corpus,
 * a total count and one page of at most 50 results (docket-data-service.md, Limits). Sort orders
 * follow the `o` parameter: `date_filed`, `-date_filed`, `date_last_filing`, `-date_last_filing`,
 * `random` (seeded); by default relevance, then newest filing first.
 */
import { caseIndex, type CaseIndex } from "../corpus/search-index.ts";
import { createRng, hashSeed } from "../corpus/random.ts";
import type { Corpus, EmuCase } from "../corpus/types.ts";
import { parseQuery, type QueryNode } from "./query-parse.ts";
import { matchCase, needles } from "./search-eval.ts";

export const SEARCH_ORDERS = ["date_filed", "-date_filed", "date_last_filing", "-date_last_filing", "random"] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export const MAX_SEARCH_LIMIT = 50;

export interface SearchOptions {
  offset?: number;
  limit?: number;
  /** The `o` parameter; unknown values fall back to relevance. */
  order?: string;
  /** For `from:-7days`; without it that filter does not narrow. */
  now?: number;
  /** Seed of the `random` order (default: derived from the query, so paging is stable). */
  seed?: number;
}

export interface SearchResult {
  total: number;
  results: EmuCase[];
}

export function searchCorpus(corpus: Corpus, q: string, o: SearchOptions = {}): SearchResult {
  const query = typeof q === "string" ? q : "";
  const node = parseQuery(query);
  const docketOnly = /(^|[\s(])is:docket\b/i.test(query);
  const terms = positiveTerms(node);
  const hits: { kase: EmuCase; idx: CaseIndex; score: number; order: number }[] = [];
  corpus.cases.forEach((kase, order) => {
    const idx = caseIndex(kase);
    const env = o.now === undefined ? { kase, idx, docketOnly } : { kase, idx, docketOnly, now: o.now };
    if (!matchCase(node, env)) return;
    hits.push({ kase, idx, score: terms.length ? score(idx, terms, docketOnly) : 0, order });
  });
  sortHits(hits, o.order, o.seed ?? hashSeed(query));
  const offset = clampInt(o.offset, 0, Number.MAX_SAFE_INTEGER, 0);
  const limit = clampInt(o.limit, 0, MAX_SEARCH_LIMIT, 20);
  return { total: hits.length, results: hits.slice(offset, offset + limit).map((h) => h.kase) };
}

function clampInt(v: number | undefined, min: number, max: number, fallback: number): number {
  if (v === undefined || !Number.isFinite(v)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(v)));
}

type Hit = { kase: EmuCase; idx: CaseIndex; score: number; order: number };

function sortHits(hits: Hit[], order: string | undefined, seed: number): void {
  const byFiled = (a: Hit, b: Hit): number => (a.idx.filed || 0) - (b.idx.filed || 0);
  const byLast = (a: Hit, b: Hit): number => a.idx.lastFiling - b.idx.lastFiling;
  const stable = (a: Hit, b: Hit): number => a.order - b.order;
  switch (order) {
    case "date_filed":
      hits.sort((a, b) => byFiled(a, b) || stable(a, b));
      return;
    case "-date_filed":
      hits.sort((a, b) => byFiled(b, a) || stable(a, b));
      return;
    case "date_last_filing":
      hits.sort((a, b) => byLast(a, b) || stable(a, b));
      return;
    case "-date_last_filing":
      hits.sort((a, b) => byLast(b, a) || stable(a, b));
      return;
    case "random": {
      const shuffled = createRng(seed).shuffle(hits);
      hits.splice(0, hits.length, ...shuffled);
      return;
    }
    default:
      hits.sort((a, b) => b.score - a.score || byLast(b, a) || stable(a, b));
  }
}

/** Terms that count towards relevance: not under NOT, not inside field filters. */
function positiveTerms(node: QueryNode): string[] {
  switch (node.k) {
    case "term":
      return needles(node.words, node.prefix);
    case "and":
    case "or":
      return node.xs.flatMap(positiveTerms);
    case "near":
      return [...positiveTerms(node.a), ...positiveTerms(node.b)];
    default:
      return [];
  }
}

/** Title hits weigh most, then parties, then the case header, then (capped) entry hits. */
function score(idx: CaseIndex, terms: readonly string[], docketOnly: boolean): number {
  let s = 0;
  for (const t of terms) {
    s += 8 * count(idx.title, t, 5) + 3 * count(idx.parties, t, 5) + 2 * count(idx.head, t, 5) + count(idx.counsel, t, 5);
    if (!docketOnly) s += Math.min(20, count(idx.entries, t, 20)) / 2;
  }
  return s;
}

function count(text: string, needleText: string, cap: number): number {
  let n = 0;
  for (let at = text.indexOf(needleText); at !== -1 && n < cap; at = text.indexOf(needleText, at + 1)) n++;
  return n;
}
