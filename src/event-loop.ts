/**
 * Giving the event loop a turn in the middle of long work, so a Slack request waiting behind it is
 * acknowledged within Slack's 3 seconds (api.slack.com/interactivity/handling#acknowledgment_response).
 * `setImmediate` from node:timers rather than the global: tests that fake the global timers must
 * not freeze the store or a push's planning.
 */
import { setImmediate } from "node:timers";

export const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A pacer for a loop of steps: `pace()` yields once at least `sliceMs` passed since the last turn,
 * else returns at once, so work is cut into turns of about `sliceMs` whatever each step costs.
 */
export function createPacer(sliceMs: number): { pace(): Promise<void> } {
  let since = performance.now();
  return {
    async pace() {
      if (performance.now() - since < sliceMs) return;
      await yieldToLoop();
      since = performance.now();
    },
  };
}

/**
 * Turns of the event loop taken one caller at a time: each `take()` resolves in a turn of its own,
 * in the order asked. Many tasks woken together (20 deliveries awaiting one shared plan) would
 * otherwise all run their next synchronous stretch in the turn that woke them, one after another,
 * and a Slack request waits behind all of them; yielding alone does not help, since every
 * setImmediate queued in one turn runs in the next one's check phase, together.
 */
export function createTurnTaker(): { take(): Promise<void> } {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    waiting.shift()?.();
    // Queued from inside the check phase: the next waiter wakes in the next turn, not this one.
    if (waiting.length > 0) setImmediate(next);
    else scheduled = false;
  };
  return {
    take: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (scheduled) return;
        scheduled = true;
        setImmediate(next);
      }),
  };
}
