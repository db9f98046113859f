/**
 * The search index of a case: its texts normalised once (entities decoded, tags dropped, lower case,
 * punctuation to spaces, leading zeros of numbers dropped) so that a query is a handful of
 * `String.includes` calls. Built lazily and cached per case object; entries appended by live pulls
 * are indexed incrementally.
 */
import { emuCourtByName } from "../courts.ts";
import { parseDate } from "./dates.ts";
import { normalizeDocket } from "./docket-numbers.ts";
import { decodeEntities } from "./html.ts";
import { isStateCourtName } from "./state-courts.ts";
import type { EmuCase } from "./types.ts";

export interface CaseIndex {
  /** Each text is ` word word ... ` (a space on both ends), ready for `includes(" term ")`. */
  title: string;
  /** Title, court, docket, nature of suit, cause, judges, patents, type, status. */
  head: string;
  parties: string;
  counsel: string;
  firms: string;
  /** Court name plus its code, citation and aliases from the court table. */
  court: string;
  type: string;
  entries: string;
  entryCount: number;
  docket: string;
  filed: number;
  lastFiling: number;
  state: boolean;
}

/**
 * Text to ` word word ` form. Queries go through the same function, so both sides agree. Only entry
 * contents are HTML (`html`: tags dropped); names and titles are plain text, where `<!channel>` is
 * words, not a tag.
 */
export function normalizeWords(text: string, html = false): string {
  let t = html ? text.replace(/<[^>]*>/g, " ") : text;
  if (t.includes("&")) t = decodeEntities(t);
  // Fold accents only when there are any: NFKD over megabytes of ASCII is the slow part.
  if (/[^\x00-\x7f]/.test(t)) t = t.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  const words = t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/(^| )0+(?=\d)/g, "$1")
    .trim();
  return words ? ` ${words} ` : " ";
}

const CACHE = new WeakMap<EmuCase, CaseIndex>();

export function caseIndex(c: EmuCase): CaseIndex {
  const hit = CACHE.get(c);
  if (hit && hit.entryCount === c.entries.length) return hit;
  const idx = hit ?? build(c);
  if (idx.entryCount !== c.entries.length) extendEntries(idx, c);
  CACHE.set(c, idx);
  return idx;
}

function build(c: EmuCase): CaseIndex {
  const court = emuCourtByName(c.court);
  const patents = c.patents.flatMap((p) => [p, p.replace(/\D/g, "")]);
  const counsel = c.parties.flatMap((p) => p.counsel);
  return {
    title: normalizeWords(c.title),
    head: normalizeWords([c.title, c.court, c.docket, c.natureOfSuit, c.cause, ...c.judges, ...patents, c.type, c.status, c.chapter ? `chapter ${c.chapter}` : ""].filter(Boolean).join(" | ")),
    parties: normalizeWords(c.parties.map((p) => p.name).join(" | ")),
    counsel: normalizeWords(counsel.map((x) => x.name).join(" | ")),
    firms: normalizeWords(counsel.map((x) => x.firm ?? "").join(" | ")),
    court: normalizeWords([c.court, court?.code, ...(court?.forms ?? []), ...(court?.forms ?? []).map((f) => f.replace(/[^A-Za-z0-9]/g, ""))].filter(Boolean).join(" | ")),
    type: normalizeWords(`${c.type} ${c.chapter ? `chapter ${c.chapter}` : ""}`),
    entries: " ",
    entryCount: 0,
    docket: normalizeDocket(c.docket),
    filed: parseDate(c.dateFiled),
    lastFiling: parseDate(c.dateFiled),
    state: !c.federal && court === undefined && isStateCourtName(c.court),
  };
}

function extendEntries(idx: CaseIndex, c: EmuCase): void {
  if (c.entries.length < idx.entryCount) {
    idx.entries = " ";
    idx.entryCount = 0;
  }
  const fresh = c.entries.slice(idx.entryCount);
  const text = fresh.map((e) => e.contents).join(" | ");
  idx.entries = `${idx.entries}${normalizeWords(text, true).slice(1)}`;
  idx.entryCount = c.entries.length;
  for (const e of fresh) {
    const d = parseDate(e.date);
    if (d > idx.lastFiling) idx.lastFiling = d;
  }
}
