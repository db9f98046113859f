import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter, QueueFullError } from "../../src/docket/rate-limiter.ts";
import { advanceTime, runAllTimers, useFakeTime } from "../helpers/fake-timers.ts";

// p-queue keeps time with Date.now() and setTimeout (src/docket/rate-limiter.ts): fake those.
beforeEach(() => useFakeTime());
afterEach(() => vi.useRealTimers());
const clock = { now: () => Date.now(), advance: advanceTime, runAll: runAllTimers };

/** The largest number of starts inside any window of `windowMs` (a window is (t - w, t]). */
function maxInAnyWindow(starts: number[], windowMs: number): number {
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < starts.length; hi++) {
    while (starts[hi]! - starts[lo]! >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

describe("createRateLimiter", () => {
  it("admits up to the limit at once, then one per freed slot, never more than the limit in any window", async () => {
    const limiter = createRateLimiter({ limit: 200, windowMs: 60_000, maxQueue: 10_000 });
    const starts: number[] = [];
    const all = Array.from({ length: 1000 }, () => limiter.acquire().then(() => starts.push(clock.now())));
    await clock.advance(0);
    expect(starts.length).toBe(200);
    expect(limiter.queued).toBe(800);
    await clock.advance(59_999);
    expect(starts.length).toBe(200);
    await clock.advance(1);
    expect(starts.length).toBe(400);
    await clock.runAll();
    await Promise.all(all);
    expect(starts.length).toBe(1000);
    expect(maxInAnyWindow(starts, 60_000)).toBe(200);
    // The whole budget is used: 1000 calls need exactly 4 full windows after the first burst.
    expect(starts.at(-1)! - starts[0]!).toBe(4 * 60_000);
  });

  it("keeps the budget under a steady trickle of arrivals", async () => {
    const limiter = createRateLimiter({ limit: 60, windowMs: 60_000, maxQueue: 10_000 });
    const starts: number[] = [];
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 600; i++) {
      pending.push(limiter.acquire().then(() => starts.push(clock.now())));
      await clock.advance(137); // arrivals faster than one per second
    }
    await clock.runAll();
    await Promise.all(pending);
    expect(starts.length).toBe(600);
    expect(maxInAnyWindow(starts, 60_000)).toBeLessThanOrEqual(60);
    // Once callers queue, no slot is left idle: each start comes exactly one window after the
    // start 60 places before it, so the whole budget is used.
    for (let i = 60; i < starts.length; i++) expect(starts[i]! - starts[i - 60]!).toBe(60_000);
  });

  it("serves waiters first come, first served", async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxQueue: 10 });
    const order: number[] = [];
    const all = [1, 2, 3, 4].map((n) => limiter.acquire().then(() => order.push(n)));
    await clock.runAll();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it("fails fast when the queue is full", async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxQueue: 2 });
    await limiter.acquire();
    const a = limiter.acquire();
    const b = limiter.acquire();
    await expect(limiter.acquire()).rejects.toBeInstanceOf(QueueFullError);
    await clock.runAll();
    await Promise.all([a, b]);
  });

  it("drops an aborted waiter without using a slot, and wakes the next", async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxQueue: 10 });
    await limiter.acquire();
    const ctrl = new AbortController();
    const aborted = limiter.acquire(ctrl.signal);
    let second = false;
    const next = limiter.acquire().then(() => (second = true));
    ctrl.abort(new Error("user gave up"));
    await expect(aborted).rejects.toThrow("user gave up");
    expect(limiter.queued).toBe(1);
    await clock.advance(999);
    expect(second).toBe(false);
    await clock.advance(1);
    await next;
    expect(second).toBe(true);
    await expect(limiter.acquire(AbortSignal.abort(new Error("already")))).rejects.toThrow("already");
  });

  it("rejects a nonsensical configuration", () => {
    expect(() => createRateLimiter({ limit: 0, windowMs: 1000, maxQueue: 1 })).toThrow(RangeError);
  });
});
