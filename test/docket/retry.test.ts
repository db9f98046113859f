import { describe, expect, it } from "vitest";
import { backoffDelay, decideRetry, defaultRetryPolicy, isRetryableCode, parseRetryAfter } from "../../src/docket/retry.ts";

const policy = { maxAttempts: 5, maxElapsedMs: 60_000, baseDelayMs: 500, maxDelayMs: 15_000 };

describe("backoffDelay", () => {
  it("grows exponentially with full jitter and stays within [base, cap]", () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(500);
    expect(backoffDelay(1, policy, () => 1)).toBe(500);
    expect(backoffDelay(2, policy, () => 1)).toBe(1000);
    expect(backoffDelay(3, policy, () => 1)).toBe(2000);
    expect(backoffDelay(4, policy, () => 0.5)).toBe(500 + 0.5 * 3500);
    expect(backoffDelay(30, policy, () => 1)).toBe(15_000);
    for (let a = 1; a < 40; a++) {
      const d = backoffDelay(a, policy, Math.random);
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(15_000);
    }
  });
});

describe("decideRetry", () => {
  const base = { attempt: 1, elapsedMs: 0, repeatable: true } as const;

  it("retries throttling and unavailability for any call", () => {
    expect(decideRetry({ ...base, code: "throttled", repeatable: false }, policy, () => 0)).toEqual({ retry: true, delayMs: 500 });
    expect(decideRetry({ ...base, code: "unavailable", repeatable: false }, policy, () => 0)).toEqual({ retry: true, delayMs: 500 });
  });

  it("retries timeouts and network failures only for repeatable calls (no double fees)", () => {
    expect(decideRetry({ ...base, code: "timeout" }, policy, () => 0).retry).toBe(true);
    expect(decideRetry({ ...base, code: "network" }, policy, () => 0).retry).toBe(true);
    expect(decideRetry({ ...base, code: "timeout", repeatable: false }, policy, () => 0).retry).toBe(false);
    expect(decideRetry({ ...base, code: "network", repeatable: false }, policy, () => 0).retry).toBe(false);
  });

  it("never retries caller errors, service bugs, missing or sealed documents", () => {
    for (const code of ["invalid_argument", "service_error", "not_found", "sealed", "not_cached", "invalid_response", "auth_failed", "queue_full", "aborted"] as const) {
      expect(isRetryableCode(code, true)).toBe(false);
      expect(decideRetry({ ...base, code }, policy, () => 0).retry).toBe(false);
    }
  });

  it("honours Retry-After over its own schedule", () => {
    expect(decideRetry({ ...base, code: "throttled", retryAfterMs: 7000 }, policy, () => 0)).toEqual({ retry: true, delayMs: 7000 });
    expect(decideRetry({ ...base, code: "throttled", retryAfterMs: 0 }, policy, () => 1)).toEqual({ retry: true, delayMs: 0 });
  });

  it("stops at the attempt bound", () => {
    expect(decideRetry({ ...base, attempt: 4, code: "unavailable" }, policy, () => 0).retry).toBe(true);
    const last = decideRetry({ ...base, attempt: 5, code: "unavailable" }, policy, () => 0);
    expect(last).toMatchObject({ retry: false });
  });

  it("stops when waiting would pass the time budget", () => {
    expect(decideRetry({ ...base, attempt: 3, elapsedMs: 59_000, code: "unavailable" }, policy, () => 1)).toMatchObject({ retry: false });
    expect(decideRetry({ ...base, elapsedMs: 1000, code: "throttled", retryAfterMs: 120_000 }, policy, () => 0)).toMatchObject({ retry: false });
    expect(decideRetry({ ...base, elapsedMs: 59_000, code: "unavailable" }, policy, () => 0)).toEqual({ retry: true, delayMs: 500 });
  });

  it("has sane defaults", () => {
    expect(defaultRetryPolicy.maxAttempts).toBeGreaterThan(1);
    expect(Object.isFrozen(defaultRetryPolicy)).toBe(true);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("30", now)).toBe(30_000);
    expect(parseRetryAfter(" 2 ", now)).toBe(2000);
    expect(parseRetryAfter(["1.5"], now)).toBe(1500);
  });
  it("reads an HTTP-date", () => {
    expect(parseRetryAfter(new Date(now + 45_000).toUTCString(), now)).toBe(45_000);
    expect(parseRetryAfter(new Date(now - 45_000).toUTCString(), now)).toBe(0);
  });
  it("ignores garbage and absence", () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});
