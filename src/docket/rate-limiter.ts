/**
 * A strict sliding-window limiter: at most `limit` starts in any `windowMs` span, ever.
 *
 * Spec, Limits: best-practice rates per minute (search 60, getdocket 200, getdocument 300). A fixed
 * window (p-queue's interval/intervalCap) can let through twice the budget across a window edge;
 * a log of recent start times cannot, and still uses the whole budget (it admits a call the instant
 * the oldest start leaves the window). Waiters are served first come, first served, and the queue is
 * bounded so that overload fails fast instead of growing without end.
 */
import type { Clock } from "../clock.ts";

export interface RateLimit {
  limit: number;
  windowMs: number;
  /** Callers that may wait at once; one more is refused with QueueFullError. */
  maxQueue: number;
}

export class QueueFullError extends Error {
  override readonly name = "QueueFullError";
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export interface RateLimiter {
  /** Resolves when the caller may start one call. */
  acquire(signal?: AbortSignal): Promise<void>;
  /** Callers waiting now. */
  readonly queued: number;
  /** Starts inside the current window. */
  readonly inWindow: number;
}

export function createRateLimiter(rate: RateLimit, clock: Clock): RateLimiter {
  if (!(rate.limit >= 1) || !(rate.windowMs > 0)) throw new RangeError("rate limit must be positive");
  const starts: number[] = []; // ascending start times still inside the window
  let head = 0; // index of the oldest start still counted (amortised O(1) pruning)
  const queue: Waiter[] = [];
  let pumping = false;
  let wake: AbortController | undefined;

  const prune = (now: number) => {
    while (head < starts.length && starts[head]! <= now - rate.windowMs) head++;
    if (head > 1024 && head * 2 > starts.length) {
      starts.splice(0, head);
      head = 0;
    }
  };
  const count = () => starts.length - head;

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0) {
        const now = clock.now();
        prune(now);
        if (count() < rate.limit) {
          const waiter = queue.shift()!;
          waiter.signal?.removeEventListener("abort", waiter.onAbort);
          starts.push(now);
          waiter.resolve();
          continue;
        }
        // Sleep until the oldest start leaves the window. An abort of the head waiter wakes us.
        wake = new AbortController();
        await clock.sleep(starts[head]! + rate.windowMs - now, wake.signal).catch(() => undefined);
        wake = undefined;
      }
    } finally {
      pumping = false;
    }
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock.now();
      prune(now);
      if (queue.length === 0 && count() < rate.limit) {
        starts.push(now);
        return Promise.resolve();
      }
      if (queue.length >= rate.maxQueue) {
        return Promise.reject(
          new QueueFullError(`${queue.length} calls already waiting for ${rate.limit} per ${rate.windowMs / 1000} s`),
        );
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            const at = queue.indexOf(waiter);
            if (at >= 0) queue.splice(at, 1);
            if (at === 0) wake?.abort();
            reject(signal?.reason);
          },
        };
        signal?.addEventListener("abort", waiter.onAbort, { once: true });
        queue.push(waiter);
        void pump();
      });
    },
    get queued() {
      return queue.length;
    },
    get inWindow() {
      prune(clock.now());
      return count();
    },
  };
}
