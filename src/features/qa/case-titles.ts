/**
 * Case captions for the identity line and entry links. ask_docket does not return the title, so
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
}

export function createCaseTitles(deps: { docket: DocketClient; clock: Clock; max?: number; ttlMs?: number }): CaseTitles {
  const max = deps.max ?? 500;
  const ttlMs = deps.ttlMs ?? 6 * 3_600_000;
  const titles = new Map<string, { title: string; at: number }>();

  function peek(ref: CaseRef): string | undefined {
    const k = caseKey(ref);
    const hit = titles.get(k);
    if (!hit) return undefined;
    if (deps.clock.now() - hit.at > ttlMs) {
      titles.delete(k);
      return undefined;
    }
    return hit.title;
  }

  return {
    peek,
    async get(ref, options) {
      const known = peek(ref);
      if (known !== undefined) return known;
      const { data } = await deps.docket.getDocket({ court: ref.court, docket: ref.docket }, options);
      const title = data.info.title.trim();
      if (!title) return undefined;
      const k = caseKey(ref);
      titles.delete(k);
      titles.set(k, { title, at: deps.clock.now() });
      while (titles.size > max) titles.delete(titles.keys().next().value!);
      return title;
    },
  };
}
