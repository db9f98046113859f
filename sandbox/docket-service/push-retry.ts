/**
 * Push retry schedule (spec Events, "Delivery rules"): up to 10 retries with exponentially increasing
 * delays, at least 10 minutes and at most 4 hours: 10, 20, 40, 80, 160, 240, 240, 240, 240, 240 min.
 */
export const MAX_RETRIES = 10;
export const MIN_RETRY_DELAY_MS = 10 * 60_000;
export const MAX_RETRY_DELAY_MS = 4 * 60 * 60_000;

/** Delay before retry `n` (1-based), in clock milliseconds. */
export function retryDelayMs(n: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, MIN_RETRY_DELAY_MS * 2 ** Math.max(0, n - 1));
}
