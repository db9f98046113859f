/**
 * Pure retry policy for calls to the docket service. Nothing here sleeps or reads a clock: the
 * request pipeline asks `decideRetry` and waits on its injected clock.
 *
 * Spec, Limits: "Going over the rates may result in throttling; the client should slow down and
 * retry." Spec, Errors: 502 "Servers under heavy load; retry later"; 500 "Likely a service bug"
 * (not retried). Other 4xx are the caller's problem and are never retried.
 */
import type { DocketErrorCode } from "./errors.ts";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** Give up when the next attempt would start later than this after the first began. */
  maxElapsedMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = Object.freeze({
  maxAttempts: 5,
  maxElapsedMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 15_000,
});

export interface FailedAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  /** Milliseconds since the first attempt started. */
  elapsedMs: number;
  code: DocketErrorCode;
  /** The service's Retry-After, already converted to milliseconds. */
  retryAfterMs?: number | undefined;
  /**
   * Whether repeating the call can never cost money or act twice. A timeout or a reset mid-flight
   * may mean the service did the work (a live PACER search, a live pull), so such calls are not
   * repeated after an ambiguous failure: a surprise fee is worse than an error the user can retry.
   */
  repeatable: boolean;
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; reason: string };

/** Failures where the service certainly did not do the work: safe to retry for any call. */
const NOT_PROCESSED: ReadonlySet<DocketErrorCode> = new Set(["throttled", "unavailable"]);
/** Failures where the service may have done the work: retried only for repeatable calls. */
const AMBIGUOUS: ReadonlySet<DocketErrorCode> = new Set(["network", "timeout"]);

export function isRetryableCode(code: DocketErrorCode, repeatable: boolean): boolean {
  return NOT_PROCESSED.has(code) || (repeatable && AMBIGUOUS.has(code));
}

/**
 * Exponential backoff with full jitter (the AWS architecture blog's "Full Jitter"): a uniform delay
 * in [base, min(cap, base * 2^(attempt-1))]. `random` is injected so tests are exact.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const floor = Math.min(policy.baseDelayMs, ceiling);
  return Math.round(floor + random() * (ceiling - floor));
}

export function decideRetry(failure: FailedAttempt, policy: RetryPolicy, random: () => number): RetryDecision {
  if (!isRetryableCode(failure.code, failure.repeatable)) {
    return { retry: false, reason: `${failure.code} is not retried` };
  }
  if (failure.attempt >= policy.maxAttempts) {
    return { retry: false, reason: `gave up after ${failure.attempt} attempts` };
  }
  // The service's Retry-After wins over our own schedule (never retry sooner than asked).
  const computed = backoffDelay(failure.attempt, policy, random);
  const delayMs = failure.retryAfterMs === undefined ? computed : Math.max(failure.retryAfterMs, 0);
  if (failure.elapsedMs + delayMs > policy.maxElapsedMs) {
    return { retry: false, reason: `waiting ${delayMs} ms would pass the ${policy.maxElapsedMs} ms budget` };
  }
  return { retry: true, delayMs };
}

/**
 * Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Returns milliseconds
 * from `nowMs`, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  if (!/[a-z]/i.test(raw)) return undefined; // an HTTP-date names its day and month
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
