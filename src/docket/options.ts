/**
 * What `createDocketClient` takes, and how the pieces (limiters, session, retry policy) are built
 * from it. Limiters can be passed in so that every client in the process shares one budget.
 */
import type { Dispatcher } from "undici";
import { systemClock, type Clock } from "../clock.ts";
import type { Logger } from "../logger.ts";
import type { CallEvent } from "./call-info.ts";
import { DEFAULT_RATE_LIMITS, DEFAULT_TIMEOUTS_MS, ENDPOINTS, type Endpoint } from "./endpoints.ts";
import { withSharedBudget, type SharedBudget, type SharedToken } from "./shared.ts";
import { createRateLimiter, type RateLimit, type RateLimiter } from "./rate-limiter.ts";
import { defaultRetryPolicy, type RetryPolicy } from "./retry.ts";

export interface DocketClientOptions {
  /** The service's `{base_url}`, ending in /api/v1/. */
  apiUrl: string | URL;
  /** The service's `{site_url}` (documents, case pages); defaults to the API's origin. */
  siteUrl?: string | URL | undefined;
  username: string;
  password: string;
  /** Spec, Conventions 7: send `test` on every call (sample data, no charges). */
  testMode?: boolean | undefined;
  /** Caller's own provider keys for ask_docket (spec, ask_docket: "at least one of the two"). */
  providerKeys?: { providerone?: string | undefined; providertwo?: string | undefined } | undefined;
  dispatcher?: Dispatcher | undefined;
  clock?: Clock | undefined;
  /** Jitter source; injected so retry timing is exact in tests. */
  random?: (() => number) | undefined;
  logger: Logger;
  rateLimits?: Partial<Record<Endpoint, Partial<RateLimit>>> | undefined;
  /** Share one set of limiters between clients (one budget per process). */
  limiters?: Readonly<Record<Endpoint, RateLimiter>> | undefined;
  /** Several replicas: each call also takes a slot of the deployment's budget (shared.ts). */
  sharedBudget?: SharedBudget | undefined;
  /** Several replicas: one login token for all (shared.ts). */
  sharedToken?: SharedToken | undefined;
  timeoutsMs?: Partial<Record<Endpoint, number>> | undefined;
  retryPolicy?: Partial<RetryPolicy> | undefined;
  /** Largest JSON answer accepted (a 5,000-entry docket is a few MB). */
  maxJsonBytes?: number | undefined;
  /** Largest PDF accepted (Slack's own upload limit is 1 GB; court PDFs are far smaller). */
  maxDocumentBytes?: number | undefined;
  renewTokenAfterMs?: number | undefined;
  /**
   * Told about every call, failed or not (metrics, usage ledger). Must not throw. A call resolves
   * (or rejects) only after the promise it returns settles: what a call cost is recorded before its
   * caller goes on (a budget's reservation ends only once the call's row counts).
   */
  onCall?: ((event: CallEvent) => void | Promise<void>) | undefined;
}

/** One strict p-queue window per endpoint (rate-limiter.ts); p-queue keeps real time, not `clock`. */
export function createRateLimiters(
  overrides: Partial<Record<Endpoint, Partial<RateLimit>>> = {},
): Readonly<Record<Endpoint, RateLimiter>> {
  const out = {} as Record<Endpoint, RateLimiter>;
  for (const endpoint of ENDPOINTS) {
    out[endpoint] = createRateLimiter({ ...DEFAULT_RATE_LIMITS[endpoint], ...overrides[endpoint] });
  }
  return Object.freeze(out);
}

export interface ResolvedOptions {
  apiUrl: URL;
  siteUrl: URL;
  clock: Clock;
  random: () => number;
  limiters: Readonly<Record<Endpoint, RateLimiter>>;
  timeoutsMs: Readonly<Record<Endpoint, number>>;
  retryPolicy: RetryPolicy;
  maxJsonBytes: number;
  maxDocumentBytes: number;
}

function sharedLimiters(options: DocketClientOptions): Readonly<Record<Endpoint, RateLimiter>> {
  const local = options.limiters ?? createRateLimiters(options.rateLimits);
  if (!options.sharedBudget) return local;
  const rates = {} as Record<Endpoint, RateLimit>;
  for (const endpoint of ENDPOINTS) rates[endpoint] = { ...DEFAULT_RATE_LIMITS[endpoint], ...options.rateLimits?.[endpoint] };
  return withSharedBudget(local, rates, options.sharedBudget);
}

export function resolveOptions(options: DocketClientOptions): ResolvedOptions {
  const apiUrl = new URL(options.apiUrl);
  if (!apiUrl.pathname.endsWith("/")) apiUrl.pathname += "/";
  const siteUrl = new URL(options.siteUrl ?? new URL("/", apiUrl));
  if (!siteUrl.pathname.endsWith("/")) siteUrl.pathname += "/";
  const clock = options.clock ?? systemClock;
  return {
    apiUrl,
    siteUrl,
    clock,
    random: options.random ?? Math.random,
    limiters: sharedLimiters(options),
    timeoutsMs: Object.freeze({ ...DEFAULT_TIMEOUTS_MS, ...options.timeoutsMs }),
    retryPolicy: Object.freeze({ ...defaultRetryPolicy, ...options.retryPolicy }),
    maxJsonBytes: options.maxJsonBytes ?? 64 * 1024 * 1024,
    maxDocumentBytes: options.maxDocumentBytes ?? 256 * 1024 * 1024,
  };
}
