/**
 * A token bucket per feed URL (issue 22 item 12), keyed by the token's hash and taken before the
 * store is asked, so a 429 costs nothing and says nothing about whether the token is live.
 * Whoever holds a feed URL may fetch it in a burst
 * (a calendar app's first sync, a HEAD then a GET), then at a steady pace; past that the answer is
 * 429 with Retry-After (RFC 6585 §4), before the store is read or anything rendered. Calendar
 * apps poll every 15 minutes to a few hours, so the defaults never touch them. Pure but for the
 * injected clock.
 */
import type { Clock } from "../../clock.ts";

export interface FeedRate {
  /** Requests allowed at once. */
  burst: number;
  /** One more request allowed per this many milliseconds. */
  refillMs: number;
}

/** 5 at once, then one every 20 seconds (180 an hour): far above any calendar app's pace. */
export const DEFAULT_FEED_RATE: FeedRate = { burst: 5, refillMs: 20_000 };
/** Buckets kept; a full bucket carries no state, so the oldest are dropped first. */
const MAX_BUCKETS = 10_000;

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

export function createFeedRateLimit(clock: Pick<Clock, "now">, rate: FeedRate = DEFAULT_FEED_RATE) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key: string): Take {
      const now = clock.now();
      const b = buckets.get(key) ?? { tokens: rate.burst, at: now };
      b.tokens = Math.min(rate.burst, b.tokens + Math.max(0, now - b.at) / rate.refillMs);
      b.at = now;
      buckets.delete(key);
      buckets.set(key, b);
      if (buckets.size > MAX_BUCKETS) buckets.delete(buckets.keys().next().value!);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - b.tokens) * rate.refillMs) / 1000)) };
    },
  };
}
