/**
 * Fake global time for code that keeps time itself with `Date.now()` and `setTimeout` instead of
 * taking a Clock: the docket client's limiters (p-queue, src/docket/rate-limiter.ts). Only those
 * three globals are faked, so `setImmediate` still lets real loopback I/O progress.
 */
import { vi } from "vitest";

export const FAKE_TIME_START = Date.UTC(2026, 10, 23, 9, 0, 0);

export function useFakeTime(start = FAKE_TIME_START): void {
  vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"], now: start });
}

/** Moves fake time forward by `ms`, firing due timers in order, then lets promise callbacks run. */
export async function advanceTime(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
}

/** Fires every timer, including those the fired ones set, then lets promise callbacks run. */
export async function runAllTimers(): Promise<void> {
  await vi.runAllTimersAsync();
  await flush();
}

async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise<void>((r) => setImmediate(r));
}

/**
 * Like `drive` (fake-clock.ts) for fake global time: lets real I/O progress, and whenever `work`
 * is still waiting and `idle()` says nothing but timers can move it on (every call waiting in a
 * limiter, none at the server), jumps to the next timer. Jumping while a request is in flight
 * would fire its time limit instead. Returns the settled promise.
 */
export async function driveTimers<T>(work: Promise<T>, idle: () => boolean = () => true, maxSteps = 20_000): Promise<T> {
  let done = false;
  work.then(
    () => (done = true),
    () => (done = true),
  );
  for (let step = 0; step < maxSteps && !done; step++) {
    await flush();
    if (!done && idle()) await vi.advanceTimersToNextTimerAsync();
  }
  return work;
}
