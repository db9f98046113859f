import { describe, expect, it } from "vitest";
import { backoffDelay, DEFAULT_BACKOFF, DEFAULT_RATE_LIMIT, isOverdue, retryAfterDelay } from "../../../../src/features/alerts/outbox/backoff.ts";

const policy = { baseMs: 2_000, factor: 2, maxMs: 60_000, jitter: 0.5 };

describe("backoffDelay", () => {
  it("doubles from the base up to the cap (no jitter drawn)", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, policy, () => 0))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it("jitter takes up to its share off the delay, never more", () => {
    expect(backoffDelay(3, policy, () => 1)).toBe(4_000); // 8 s less half
    expect(backoffDelay(3, policy, () => 0.5)).toBe(6_000);
    const noJitter = { ...policy, jitter: 0 };
    expect(backoffDelay(3, noJitter, () => 0.9)).toBe(8_000);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(4, policy, Math.random);
      expect(d).toBeGreaterThanOrEqual(8_000);
      expect(d).toBeLessThanOrEqual(16_000);
    }
  });

  it("stays finite and capped for a delivery retried for weeks, and for nonsense inputs", () => {
    expect(backoffDelay(100_000, DEFAULT_BACKOFF, () => 0)).toBe(DEFAULT_BACKOFF.maxMs);
    expect(backoffDelay(Number.NaN, policy, () => 0)).toBe(2_000);
    expect(backoffDelay(0, policy, () => 0)).toBe(2_000);
    expect(backoffDelay(2, policy, () => 7)).toBe(2_000); // random clamped to 1
    expect(backoffDelay(2, policy, () => -3)).toBe(4_000); // and to 0
  });
});

describe("retryAfterDelay", () => {
  it("waits exactly Slack's Retry-After, with a floor and a ceiling", () => {
    expect(retryAfterDelay(30, DEFAULT_RATE_LIMIT)).toBe(30_000);
    expect(retryAfterDelay(1.5, DEFAULT_RATE_LIMIT)).toBe(1_500);
    expect(retryAfterDelay(0, DEFAULT_RATE_LIMIT)).toBe(DEFAULT_RATE_LIMIT.minRetryAfterMs);
    expect(retryAfterDelay(10 * 86_400, DEFAULT_RATE_LIMIT)).toBe(DEFAULT_RATE_LIMIT.maxRetryAfterMs);
  });

  it("falls back to a default when the header was missing or garbled", () => {
    for (const v of [undefined, Number.NaN, -1, Infinity]) expect(retryAfterDelay(v, DEFAULT_RATE_LIMIT)).toBe(DEFAULT_RATE_LIMIT.defaultRetryAfterMs);
  });
});

describe("isOverdue", () => {
  it("is true only past the max age", () => {
    expect(isOverdue(0, 3_600_000, 3_600_000)).toBe(false);
    expect(isOverdue(0, 3_600_001, 3_600_000)).toBe(true);
  });
});
