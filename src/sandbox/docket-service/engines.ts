import type { Rng } from "./corpus/random.ts";
import type { Corpus, EmuCase, EmuEntry } from "./corpus/types.ts";

/**
 * What the HTTP layer needs from the emulator's engines (search, PACER search, AI answers, live
 * activity). The server takes them as one injected object; `engines-default.ts` binds the real
 * modules under ./engines and ./corpus.
 */
export { SEARCH_ORDERS, type SearchOrder } from "./engines/search.ts";
import type { SearchOrder } from "./engines/search.ts";

export interface PacerFilters {
  party_name?: string;
  first_name?: string;
  last_name?: string;
  nature_of_suit?: string[];
  case_type?: string;
  date_filed_start?: string; // YYYY-MM-DD
  date_filed_end?: string; // YYYY-MM-DD
  court_region?: string;
}

/** One searchpacer/ hit in wire form (spec "Search PACER result"). */
export interface PacerResult {
  title: string;
  court: string;
  docket: string;
  date_filed: string;
  link: string;
  nature_of_suit?: string;
  date_terminated?: string;
  party_name?: string;
  party_role?: string;
}

export interface PacerOptions {
  courts: string[];
  court_regions: string[];
  nature_of_suits: string[];
  case_types: string[];
}

export type AnswerTarget = "docket" | "documents";
export type Provider = "providerone" | "providertwo";

export interface RelevantItem {
  number?: string;
  date: string;
  contents: string;
  document?: string;
}

export interface Answer {
  answer: string;
  relevant: RelevantItem[];
  price: number;
}

export interface Engines {
  /** `now` serves relative filters such as `from:-7days`. */
  search(corpus: Corpus, q: string, opts: { offset: number; limit: number; order?: SearchOrder; now?: number }): {
    total: number;
    results: EmuCase[];
  };
  searchPacer(
    corpus: Corpus,
    filters: PacerFilters,
    page: number,
    caseLink: (k: EmuCase) => string,
  ): { page_max: number; results: PacerResult[] };
  pacerOptions(corpus: Corpus): PacerOptions;
  answer(args: { kase: EmuCase; question: string; target: AnswerTarget; provider: Provider; outputFormat: string }): Answer;
  /** Appends `count` new entries (deterministic from `rng`) to the case and returns them. */
  appendLiveEntries(kase: EmuCase, rng: Rng, now: number, count: number): EmuEntry[];
}
