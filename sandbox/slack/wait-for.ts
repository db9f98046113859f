import { setTimeout as delay } from "node:timers/promises";

export interface WaitOptions {
  /** Default 5000. */
  timeoutMs?: number;
  /** Default 10. */
  intervalMs?: number;
  /** Named in the timeout error. */
  what?: string;
}

/**
 * Polls `predicate` until it returns something truthy, and returns that. The stand-in and the bot
 * talk over real loopback HTTP, so waiting for their traffic is waiting for real I/O.
 */
export async function waitFor<T>(predicate: () => T | undefined | null | false, options: WaitOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const started = Date.now();
  for (;;) {
    const value = predicate();
    if (value) return value;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${options.what ?? "the Slack stand-in's state"}`);
    }
    await delay(options.intervalMs ?? 10);
  }
}
