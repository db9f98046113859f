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
