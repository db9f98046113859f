import type { Clock } from "../../src/clock.ts";

/**
 * A clock that only moves when the test says so. `advance(ms)` fires every sleeper whose deadline
 * has passed, in deadline order, letting promise callbacks run between them.
 */
export class FakeClock implements Clock {
  #now: number;
  #sleepers: { at: number; resolve: () => void; reject: (e: unknown) => void; seq: number }[] = [];
  #seq = 0;

  constructor(start = Date.UTC(2026, 10, 23, 9, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  get pendingSleepers(): number {
    return this.#sleepers.length;
  }

  /** When the earliest sleeper wakes, if any. */
  get nextDeadline(): number | undefined {
    return this.#sleepers.length === 0 ? undefined : Math.min(...this.#sleepers.map((s) => s.at));
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const entry = { at: this.#now + Math.max(0, ms), resolve, reject, seq: this.#seq++ };
      this.#sleepers.push(entry);
      signal?.addEventListener(
        "abort",
        () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== entry);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Move time forward by `ms`, waking sleepers in order and flushing microtasks between them. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      await flush();
      this.#sleepers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.#sleepers[0];
      if (!next || next.at > target) break;
      this.#sleepers.shift();
      this.#now = Math.max(this.#now, next.at);
      next.resolve();
    }
    this.#now = target;
    await flush();
  }

  /** Advance until no sleeper is left (bounded, so a runaway loop fails instead of hanging). */
  async runAll(limitMs = 24 * 3600_000): Promise<void> {
    const end = this.#now + limitMs;
    while (this.#sleepers.length > 0 && this.#now < end) {
      const next = Math.min(...this.#sleepers.map((s) => s.at));
      await this.advance(Math.max(0, next - this.#now));
    }
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise<void>((r) => setImmediate(r));
}

/**
 * Runs `work` to completion while the clock stands in for time: whenever real I/O has had a chance
 * to progress and somebody is asleep on the clock (backoff, a rate-limit wait), time jumps to the
 * next wake-up. Returns the settled promise (resolved or rejected).
 */
export async function drive<T>(clock: FakeClock, work: Promise<T>, maxSteps = 5000): Promise<T> {
  let done = false;
  work.then(
    () => (done = true),
    () => (done = true),
  );
  for (let step = 0; step < maxSteps && !done; step++) {
    await new Promise<void>((r) => setTimeout(r, 0));
    const next = clock.nextDeadline;
    if (!done && next !== undefined) await clock.advance(Math.max(0, next - clock.now()));
  }
  return work;
}

/**
 * Like `drive`, for work that is not one promise: moves the clock from wake-up to wake-up, letting
 * real I/O run in between, until `done()` holds (or the step budget runs out, which fails).
 */
export async function driveUntil(clock: FakeClock, done: () => boolean, maxSteps = 5000): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    if (done()) return;
    await new Promise<void>((r) => setTimeout(r, 1));
    if (done()) return;
    const next = clock.nextDeadline;
    if (next !== undefined) await clock.advance(Math.max(0, next - clock.now()));
  }
  throw new Error("driveUntil: the condition never held");
}
