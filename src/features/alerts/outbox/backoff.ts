/**
 * When to try a delivery again (DEVELOPERS.md, Style: retry decisions and backoff are pure
 * functions). Pure: the random source is a parameter, so tests pin the jitter.
 *
 * - Transient failures (5xx, network, timeouts): exponential backoff with jitter, retried forever;
 *   the cap keeps a long Slack outage from pushing the next try hours out.
 * - 429: exactly Slack's Retry-After for that channel (docs.slack.dev/apis/web-api/rate-limits:
 *   "wait the number of seconds in Retry-After"), with a floor so a `0` does not spin.
 * - Age: past `maxRetryAgeMs` since a delivery was queued, an admin is told; retrying goes on.
 */

export interface BackoffPolicy {
  /** The first retry's delay before jitter. */
  baseMs: number;
  /** Each further attempt multiplies the delay by this. */
  factor: number;
  /** The longest delay. */
  maxMs: number;
  /** 0..1: the share of the delay that is random ("equal jitter" at 0.5: between half and all of it). */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, factor: 2, maxMs: 5 * 60_000, jitter: 0.5 };

/**
 * The delay before retry number `attempt` (1 = the first retry, after one failed attempt):
 * min(maxMs, baseMs·factor^(attempt−1)), less up to `jitter` of it at random. Jitter spreads the
 * retries of many channels hit by one outage so they do not return in lockstep.
 */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const n = Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1;
  // Exponent capped so the power never overflows to Infinity for a delivery retried for weeks.
  const exp = Math.min(n - 1, 64);
  const cap = Math.min(policy.maxMs, policy.baseMs * policy.factor ** exp);
  const r = Math.min(Math.max(random(), 0), 1);
  const jitter = Math.min(Math.max(policy.jitter, 0), 1);
  return Math.max(0, Math.round(cap * (1 - jitter * r)));
}

export interface RateLimitPolicy {
  /** When Slack sends no usable Retry-After. */
  defaultRetryAfterMs: number;
  /** The shortest wait honoured (a Retry-After of 0 still waits this). */
  minRetryAfterMs: number;
  /** A Retry-After longer than this is capped (a garbled header must not park a channel for days). */
  maxRetryAfterMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitPolicy = { defaultRetryAfterMs: 30_000, minRetryAfterMs: 1_000, maxRetryAfterMs: 3_600_000 };

/** Milliseconds to wait for a 429 whose Retry-After was `retryAfterSec` (undefined or NaN when absent). */
export function retryAfterDelay(retryAfterSec: number | undefined, policy: RateLimitPolicy): number {
  if (retryAfterSec === undefined || !Number.isFinite(retryAfterSec) || retryAfterSec < 0) return policy.defaultRetryAfterMs;
  return Math.min(policy.maxRetryAfterMs, Math.max(policy.minRetryAfterMs, Math.ceil(retryAfterSec * 1000)));
}

/** True once a delivery queued at `queuedAt` has waited longer than `maxAgeMs` at `now`. */
export function isOverdue(queuedAt: number, now: number, maxAgeMs: number): boolean {
  return now - queuedAt > maxAgeMs;
}
