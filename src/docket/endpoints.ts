/**
 * The service's endpoints and our per-endpoint policy: path, rate budget, time limit.
 * Spec, Endpoints and Limits.
 */
import type { RateLimit } from "./rate-limiter.ts";

export const Endpoint = {
  Login: "login",
  Search: "search",
  SearchPacer: "searchpacer",
  GetDocket: "getdocket",
  GetDocument: "getdocument",
  AskDocket: "ask_docket",
  Track: "track",
} as const;
export type Endpoint = (typeof Endpoint)[keyof typeof Endpoint];
export const ENDPOINTS: readonly Endpoint[] = Object.values(Endpoint);

/** Paths under `{base_url}`; documents live under `{site_url}` instead. */
export const ENDPOINT_PATHS: Readonly<Record<Exclude<Endpoint, "getdocument">, string>> = {
  login: "login/",
  search: "search/",
  searchpacer: "searchpacer/",
  getdocket: "getdocket/",
  ask_docket: "VIDA/ask_docket/",
  track: "track/",
};

/**
 * A minute plus a quarter second: our clock and the service's are never exactly in step, and a call
 * admitted the very millisecond a slot frees up could land inside the service's window. The margin
 * costs under 0.5% of the budget.
 */
const MINUTE = 60_250;

/**
 * Spec, Limits: best-practice rates for search (60/min), getdocket (200/min), getdocument
 * (300/min). The spec names none for the others; ours are deliberately modest: a live PACER search
 * costs money and takes 30-60 s, ask_docket bills the AI call, login is not a call but should be rare.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<Endpoint, RateLimit>> = {
  login: { limit: 10, windowMs: MINUTE, maxQueue: 100 },
  search: { limit: 60, windowMs: MINUTE, maxQueue: 200 },
  searchpacer: { limit: 10, windowMs: MINUTE, maxQueue: 50 },
  getdocket: { limit: 200, windowMs: MINUTE, maxQueue: 1000 },
  getdocument: { limit: 300, windowMs: MINUTE, maxQueue: 1000 },
  ask_docket: { limit: 30, windowMs: MINUTE, maxQueue: 100 },
  track: { limit: 60, windowMs: MINUTE, maxQueue: 500 },
};

/**
 * Time limits per attempt. Spec, searchpacer/: a live federal search "takes roughly 30 to 60
 * seconds", so it gets 120 s; a live docket pull or document retrieval from the court can also be
 * slow; everything else answers from the service's own store.
 */
export const DEFAULT_TIMEOUTS_MS: Readonly<Record<Endpoint, number>> = {
  login: 30_000,
  search: 30_000,
  searchpacer: 120_000,
  getdocket: 60_000,
  getdocument: 90_000,
  ask_docket: 90_000,
  track: 30_000,
};
