import { appendLiveEntries } from "./corpus/live.ts";
import { answerQuestion } from "./engines/answer.ts";
import { pacerOptions, searchPacer } from "./engines/pacer.ts";
import { searchCorpus } from "./engines/search.ts";
import type { Engines } from "./engines.ts";

/** The real engines bound to the server's Engines interface. */
export const defaultEngines: Engines = {
  search: (corpus, q, opts) => searchCorpus(corpus, q, opts),
  searchPacer: (corpus, filters, page) => searchPacer(corpus, filters, page),
  pacerOptions: (corpus) => pacerOptions(corpus),
  answer: (input) => answerQuestion(input),
  appendLiveEntries,
};
