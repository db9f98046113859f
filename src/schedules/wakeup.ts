/**
 * The dispatcher's sleep: until a time on the injected clock, or until someone calls `fire()`
 * (new work stored, a channel's lane finished, stop). A fire with nobody waiting is remembered, so
 * a wake-up between "look at the store" and "sleep" is never lost.
 */
import type { Clock } from "../clock.ts";

export class Wakeup {
  #fired = false;
  #resolve: (() => void) | undefined;

  fire(): void {
    this.#fired = true;
    this.#resolve?.();
  }

  /** Resolves after `ms` on `clock` (never, when undefined) or at the next fire(). */
  async wait(clock: Clock, ms: number | undefined): Promise<void> {
    if (this.#fired) {
      this.#fired = false;
      return;
    }
    const timer = new AbortController();
    try {
      await new Promise<void>((resolve) => {
        this.#resolve = resolve;
        if (ms !== undefined) clock.sleep(ms, timer.signal).then(resolve, () => undefined);
      });
    } finally {
      this.#resolve = undefined;
      this.#fired = false;
      timer.abort(); // takes the sleeper off the clock
    }
  }
}
