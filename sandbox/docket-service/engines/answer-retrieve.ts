/**
 * Retrieval for ask_docket: BM25 over a case's entries (docket texts) and/or its document texts.
 * Sealed documents are never passages: their text must not reach an answer. Tokenised passages are
 * cached per case and extended when live pulls append entries.
 */
import type { EmuCase, EmuEntry } from "../corpus/types.ts";
import { plain, terms } from "./answer-text.ts";

export interface Passage {
  entry: EmuEntry;
  source: "docket" | "document";
  /** Plain text of the passage (the entry text, or the document's text). */
  text: string;
  terms: string[];
}

interface CaseCache {
  count: number;
  docket: Passage[];
  documents: Passage[];
}

const CACHE = new WeakMap<EmuCase, CaseCache>();

export function passagesOf(kase: EmuCase): CaseCache {
  let c = CACHE.get(kase);
  if (!c || c.count > kase.entries.length) c = { count: 0, docket: [], documents: [] };
  for (const entry of kase.entries.slice(c.count)) {
    const text = plain(entry);
    c.docket.push({ entry, source: "docket", text, terms: terms(text) });
    for (const d of [entry.document, ...entry.exhibits]) {
      if (!d || d.sealed || !d.text) continue;
      c.documents.push({ entry, source: "document", text: d.text, terms: terms(d.text) });
    }
  }
  c.count = kase.entries.length;
  CACHE.set(kase, c);
  return c;
}

export interface Scored {
  passage: Passage;
  score: number;
  /** Distinct query terms the passage contains. */
  matched: number;
}

/** BM25 (k1 = 1.2, b = 0.75); ties go to the newer entry. */
export function rank(passages: readonly Passage[], query: readonly string[]): Scored[] {
  const q = [...new Set(query)];
  if (q.length === 0 || passages.length === 0) return [];
  const n = passages.length;
  const avg = passages.reduce((s, p) => s + p.terms.length, 0) / n || 1;
  const df = new Map<string, number>(q.map((t) => [t, 0]));
  for (const p of passages) {
    const seen = new Set(p.terms);
    for (const t of q) if (seen.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const out: Scored[] = [];
  passages.forEach((p, i) => {
    let score = 0;
    let matched = 0;
    for (const t of q) {
      let tf = 0;
      for (const w of p.terms) if (w === t) tf++;
      if (tf === 0) continue;
      matched++;
      const d = df.get(t) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * p.terms.length) / avg));
    }
    if (score > 0) out.push({ passage: p, score: score + i * 1e-9, matched });
  });
  return out.sort((a, b) => b.score - a.score);
}
