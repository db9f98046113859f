/**
 * A Clock (src/clock.ts) the benchmark moves by hand, in one of two modes:
 *
 * - frozen: time stands still while work happens and moves only by `skip()`. A discrete-event
 *   simulation: results depend on the code's logic alone (rate fidelity).
 * - flowing: time runs at the real rate while work happens, and `skip()` jumps over the stretches
 *   where everyone is asleep on the clock. Every real cost (HTTP round trips, SQLite commits,
 *   rendering) is kept 1:1; only idle waiting is removed (delivery).
 *
 * Whoever calls `skip()` must know that nothing but clock sleepers is pending; the figures check
 * that themselves (no Slack call in flight, every caller queued in the limiter). A skip taken too
 * early only delays whoever was still busy, which makes a figure look worse, never better.
 */
import type { Clock } from "../../src/clock.ts";

interface Sleeper {
  at: number;
  seq: number;
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class SimClock implements Clock {
  readonly #flowing: boolean;
  readonly #start: number;
  readonly #realStart = performance.now();
  #skipped = 0;
  #seq = 0;
  #sleepers: Sleeper[] = [];
  #timer: NodeJS.Timeout | undefined;
  /** Total milliseconds jumped over by skip(). */
  get skippedMs(): number {
    return this.#skipped;
  }

  constructor(options: { flowing: boolean; start?: number }) {
    this.#flowing = options.flowing;
    this.#start = options.start ?? Date.UTC(2026, 2, 4, 15, 0, 0);
  }

  /** Whole milliseconds, like Date.now() (the store keeps times as integers). */
  now(): number {
    return Math.floor(this.#raw());
  }

  #raw(): number {
    return this.#start + this.#skipped + (this.#flowing ? performance.now() - this.#realStart : 0);
  }

  get pendingSleepers(): number {
    return this.#sleepers.length;
  }

  /** When the earliest sleeper wakes, if any. */
  get nextDeadline(): number | undefined {
    let min: number | undefined;
    for (const s of this.#sleepers) if (min === undefined || s.at < min) min = s.at;
    return min;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper: Sleeper = {
        at: this.now() + Math.max(0, ms), seq: this.#seq++, resolve, reject, signal,
        onAbort: () => {
          this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
          reject(signal?.reason);
          this.#arm();
        },
      };
      signal?.addEventListener("abort", sleeper.onAbort, { once: true });
      this.#sleepers.push(sleeper);
      this.#arm();
    });
  }

  /** Jumps to the earliest sleeper's deadline (if it is ahead) and wakes everyone due. */
  skip(): boolean {
    const next = this.nextDeadline;
    if (next === undefined) return false;
    const now = this.#raw();
    if (next > now) this.#skipped += next - now;
    this.#wakeDue();
    return true;
  }

  /** Releases every sleeper (rejecting them) and stops the real timer. */
  dispose(): void {
    clearTimeout(this.#timer);
    const all = this.#sleepers;
    this.#sleepers = [];
    for (const s of all) {
      s.signal?.removeEventListener("abort", s.onAbort);
      s.reject(new Error("the simulated clock was disposed"));
    }
  }

  #wakeDue(): void {
    const now = this.#raw();
    const due = this.#sleepers.filter((s) => s.at <= now).sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.#sleepers = this.#sleepers.filter((s) => s.at > now);
    for (const s of due) {
      s.signal?.removeEventListener("abort", s.onAbort);
      s.resolve();
    }
    this.#arm();
  }

  /** Flowing mode: a real timer for the earliest deadline, so sleepers also wake as real time passes. */
  #arm(): void {
    if (!this.#flowing) return;
    clearTimeout(this.#timer);
    const next = this.nextDeadline;
    if (next === undefined) return;
    this.#timer = setTimeout(() => this.#wakeDue(), Math.max(0, next - this.#raw()));
  }
}

/** Lets pending I/O callbacks, immediates and promise jobs run (one full event-loop turn and a bit). */
export async function settle(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  await new Promise<void>((resolve) => setImmediate(resolve));
}
