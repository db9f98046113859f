/**
 * Puts the process's global time on a SimClock: `Date.now()` reads it, and `setTimeout` with a
 * positive delay sleeps on it. For code that keeps time itself instead of taking a Clock: the
 * docket client's limiters are p-queue strict windows (src/docket/rate-limiter.ts), which read
 * `Date.now()` and wake by `setTimeout`. Without this, the rate figure would wait real minutes.
 *
 * A zero delay stays a real timer, because `settle()` (sim-clock.ts) lets the event loop turn with
 * one and a frozen clock would never wake it. Everything else that sets a timer in the meantime
 * (undici's housekeeping) moves on simulated time too, which only ever makes a figure wait, never
 * run ahead. Bench only: src/ never patches globals.
 */
import type { SimClock } from "./sim-clock.ts";

interface SimTimer {
  readonly sim: true;
  ctrl: AbortController;
  arm(): void;
  ref(): SimTimer;
  unref(): SimTimer;
  hasRef(): boolean;
  refresh(): SimTimer;
  close(): SimTimer;
  [Symbol.toPrimitive](): number;
}

const isSimTimer = (t: unknown): t is SimTimer => typeof t === "object" && t !== null && (t as SimTimer).sim === true;

/** Installs the patches; the returned function puts the real globals back. */
export function useSimGlobals(clock: SimClock): () => void {
  const realNow = Date.now;
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  let ids = 0;

  const simSetTimeout = (fn: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (!(typeof ms === "number" && ms > 0)) return realSetTimeout(fn, ms, ...args);
    const id = ++ids;
    const timer: SimTimer = {
      sim: true,
      ctrl: new AbortController(),
      arm() {
        const signal = timer.ctrl.signal;
        clock.sleep(ms, signal).then(() => fn(...args), () => undefined);
      },
      ref: () => timer,
      unref: () => timer,
      hasRef: () => false,
      refresh() {
        timer.ctrl.abort();
        timer.ctrl = new AbortController();
        timer.arm();
        return timer;
      },
      close() {
        timer.ctrl.abort();
        return timer;
      },
      [Symbol.toPrimitive]: () => id,
    };
    timer.arm();
    return timer;
  };
  const simClearTimeout = (t: unknown) => {
    if (isSimTimer(t)) t.close();
    else realClearTimeout(t as Parameters<typeof clearTimeout>[0]);
  };

  Date.now = () => clock.now();
  globalThis.setTimeout = simSetTimeout as unknown as typeof setTimeout;
  globalThis.clearTimeout = simClearTimeout as typeof clearTimeout;
  return () => {
    Date.now = realNow;
    globalThis.setTimeout = realSetTimeout;
    globalThis.clearTimeout = realClearTimeout;
  };
}
