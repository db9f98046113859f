/**
 * One endpoint's budget: at most `limit` calls start in any `windowMs` span, ever.
 *
 * Spec, Limits: best-practice rates per minute (search 60, getdocket 200, getdocument 300), and
 * "going over the rates may result in throttling". p-queue's strict mode is the sliding window
 * this needs: it keeps the start time of each task and admits one the instant the oldest start
 * leaves the window, so the whole budget is used and never more (its default fixed windows could
 * let twice the budget through across a window edge). Waiters are served first come, first served.
 * On top of it we add only our policy: the wait is bounded, so overload fails fast (`queue_full`)
 * instead of growing without end, and an aborted caller leaves the queue without using a slot.
 *
 * Time: p-queue keeps it with `Date.now()` and `setTimeout`, so the limiter takes no Clock; tests
 * move that time with vitest's fake timers, the bench with bench/lib/sim-globals.ts.
 */
import PQueue from "p-queue";

export interface RateLimit {
  limit: number;
  windowMs: number;
  /** Callers that may wait at once; one more is refused with QueueFullError. */
  maxQueue: number;
}

export class QueueFullError extends Error {
  override readonly name = "QueueFullError";
}

export interface RateLimiter {
  /** Resolves when the caller may start one call; rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** Callers waiting now. */
  readonly queued: number;
}

const admit = () => undefined;

export function createRateLimiter(rate: RateLimit): RateLimiter {
  if (!(Number.isInteger(rate.limit) && rate.limit >= 1) || !(rate.windowMs > 0) || !(rate.maxQueue >= 1)) {
    throw new RangeError("rate limit must be positive");
  }
  // The task is only the admission: the call itself runs outside the queue, so a slow call never
  // holds anything but its own start time (concurrency stays unlimited).
  const queue = new PQueue({ intervalCap: rate.limit, interval: rate.windowMs, strict: true });
  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (queue.size >= rate.maxQueue) {
        return Promise.reject(new QueueFullError(`${queue.size} calls already waiting for ${rate.limit} per ${rate.windowMs / 1000} s`));
      }
      return queue.add(admit, { signal });
    },
    get queued() {
      return queue.size;
    },
  };
}
