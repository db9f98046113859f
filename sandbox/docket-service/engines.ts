import type { DemoFiling } from "./corpus/live.ts";
import type { Rng } from "./corpus/random.ts";
import type { Corpus, EmuCase, EmuEntry } from "./corpus/types.ts";
import type { AskAnswer, AskInput } from "./engines/answer.ts";
import type { PacerFilters, PacerHit, PacerOptions } from "./engines/pacer.ts";
import type { SearchOrder } from "./engines/search.ts";

export { SEARCH_ORDERS, type SearchOrder } from "./engines/search.ts";
export type { AskAnswer, AskInput, DemoFiling, PacerFilters, PacerHit, PacerOptions };
export type AnswerTarget = "docket" | "documents";

/**
 * What the HTTP layer needs from the emulator's engines (search, PACER search, AI answers, live
 * activity). The server takes them as one injected object, so a test can replace any of them;
 * engines-default.ts binds the real modules under ./engines and ./corpus.
 */
export interface Engines {
  /** `now` serves relative filters such as `from:-7days`. */
  search(corpus: Corpus, q: string, opts: { offset: number; limit: number; order?: SearchOrder; now?: number }): {
    total: number;
    results: EmuCase[];
  };
  searchPacer(corpus: Corpus, filters: PacerFilters, page: number): { page_max: number; results: PacerHit[] };
  pacerOptions(corpus: Corpus): PacerOptions;
  answer(input: AskInput): AskAnswer;
  /** Appends `count` new entries (deterministic from `rng`), or the demo filings of `script`, to the case and returns them. */
  appendLiveEntries(kase: EmuCase, rng: Rng, now: number, count: number, script?: readonly DemoFiling[]): EmuEntry[];
}
