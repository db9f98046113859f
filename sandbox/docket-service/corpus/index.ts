/**
 * The emulator's corpus: generated cases plus, when the folder exists, the real dockets of
 * ../shared/fixtures/real-dockets. Lookup follows the service: the court's long name in any letter
 * case, the docket with leading zeros of its numbers ignored (observed-facts.md).
 */
import { normalizeCourt, normalizeDocket } from "./docket-numbers.ts";
import { generateCorpus } from "./generate.ts";
import { loadRealDockets, type LoadOptions } from "./real-dockets.ts";
import { caseIndex } from "./search-index.ts";
import type { Corpus, EmuCase } from "./types.ts";

export { appendLiveEntries } from "./live.ts";
export { createRng, type Rng } from "./random.ts";
export { FLAGSHIP } from "./flagship.ts";
export { HOSTILE_PARTY } from "./specials.ts";
export type { Corpus, EmuCase, EmuCounsel, EmuDocument, EmuEntry, EmuParty } from "./types.ts";

export interface CreateCorpusOptions {
  seed: number | string;
  now: number;
  /** ../shared/fixtures/real-dockets; ignored when absent. */
  realDocketsDir?: string | URL;
  /** Ordinary generated cases (see generate.ts). */
  size?: number;
  onSkip?: LoadOptions["onSkip"];
}

/** A corpus the emulator can grow: new federal filings for new_case pushes, for instance. */
export interface EmuCorpus extends Corpus {
  /** Add a case; false (and nothing added) when its court and docket are already taken. */
  add(kase: EmuCase): boolean;
}

const keyOf = (court: string, docket: string): string => `${normalizeCourt(court)}\u0000${normalizeDocket(docket)}`;

export function createCorpus(o: CreateCorpusOptions): EmuCorpus {
  const cases: EmuCase[] = [];
  const byKey = new Map<string, EmuCase>();
  const corpus: EmuCorpus = {
    cases,
    find(court, docket) {
      if (typeof court !== "string" || typeof docket !== "string" || court.length > 300 || docket.length > 200) return undefined;
      return byKey.get(keyOf(court, docket));
    },
    add(kase) {
      const key = keyOf(kase.court, kase.docket);
      if (byKey.has(key)) return false;
      byKey.set(key, kase);
      cases.push(kase);
      return true;
    },
  };
  // Real dockets first: should a generated number ever clash with a real one, the real one wins.
  const real = o.realDocketsDir ? loadRealDockets(o.realDocketsDir, o.onSkip ? { onSkip: o.onSkip } : {}) : [];
  for (const kase of real) corpus.add(kase);
  for (const kase of generateCorpus({ seed: o.seed, now: o.now, ...(o.size !== undefined ? { size: o.size } : {}) })) corpus.add(kase);
  // Warm the search index once, so the first search is as fast as the rest.
  for (const kase of cases) caseIndex(kase);
  return corpus;
}
