/**
 * Case captions for the identity line and entry links, and the docket's entry numbers an answer's
 * citations are checked against. ask_docket does not return the title, so
 * it comes from the stored docket (getdocket with cached=true: no live pull, no court fees; spec,
 * Cost behavior), and is remembered for a while so that follow-ups and repeated questions about a
 * case do not fetch the docket again. Bounded: the oldest title is forgotten first.
 */
import type { Clock } from "../../clock.ts";
import type { DocketClient } from "../../docket/client.ts";
import { caseKey } from "../../court/case-key.ts";
import type { CaseRef } from "../../court/refs.ts";
import type { CallOptions } from "../../docket/requests.ts";

export interface CaseTitles {
  /** The remembered title, without asking the service. */
  peek(ref: CaseRef): string | undefined;
  /** The title, from memory or the stored docket; undefined when the docket has none. */
  get(ref: CaseRef, options: CallOptions): Promise<string | undefined>;
  /**
   * The stored docket's entry numbers with their dates, as read with the title (remembered with
   * it), so an answer's citations are checked against the docket (cited-entries.ts checkCited);
   * undefined when the docket has not been read.
   */
  entriesOf(ref: CaseRef): ReadonlyMap<string, string | undefined> | undefined;
  /** Forgets what is remembered of the case and reads the stored docket again (a newer entry cited). */
  reread(ref: CaseRef, options: CallOptions): Promise<string | undefined>;
}

export function createCaseTitles(deps: { docket: DocketClient; clock: Clock; max?: number; ttlMs?: number }): CaseTitles {
  const max = deps.max ?? 500;
  const ttlMs = deps.ttlMs ?? 6 * 3_600_000;
  const titles = new Map<string, { title: string; at: number; entries: ReadonlyMap<string, string | undefined> }>();

  function fresh(ref: CaseRef) {
    const k = caseKey(ref);
    const hit = titles.get(k);
    if (!hit) return undefined;
    if (deps.clock.now() - hit.at > ttlMs) {
      titles.delete(k);
      return undefined;
    }
    return hit;
  }

  const api: CaseTitles = {
    peek: (ref) => fresh(ref)?.title,
    entriesOf: (ref) => fresh(ref)?.entries,
    reread(ref, options) {
      titles.delete(caseKey(ref));
      return api.get(ref, options);
    },
    async get(ref, options) {
      const known = fresh(ref)?.title;
      if (known !== undefined) return known;
      const { data } = await deps.docket.getDocket({ court: ref.court, docket: ref.docket }, options);
      const title = data.info.title.trim();
      if (!title) return undefined;
      // Each number's date, the first (earliest listed) where a number repeats.
      const entries = new Map<string, string | undefined>();
      for (const e of data.docket_report) if (e.number && !entries.has(e.number)) entries.set(e.number, e.date ?? e.entry_date ?? undefined);
      const k = caseKey(ref);
      titles.delete(k);
      titles.set(k, { title, at: deps.clock.now(), entries });
      while (titles.size > max) titles.delete(titles.keys().next().value!);
      return title;
    },
  };
  return api;
}
