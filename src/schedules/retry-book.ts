/**
 * When a scheduled post that failed in this process may be tried again (digests, reminders):
 * exponential backoff from `firstMs` to `maxMs`, and straight to `maxMs` for a channel that
 * refuses us (bot removed, archived: inviting it back fixes it, so hourly is enough). In memory on
 * purpose: a restart tries at once, and the schedules look for an earlier post before posting.
 */
import type { Clock } from "../clock.ts";

export interface RetryBook {
  /** Records a failure; returns the delay until the next try. */
  failed(id: number, refusedByChannel: boolean): { attempts: number; delayMs: number };
  cleared(id: number): void;
  /** Not a failure: `id` waits until `at` (a reminder of a muted case, until the mute ends). */
  deferTo(id: number, at: number): void;
  /** Whether `id` must still wait at `now`. */
  waiting(id: number, now: number): boolean;
  /** The earliest retry time, if any. */
  earliest(): number | undefined;
}

export function createRetryBook(deps: { clock: Clock; firstMs: number; maxMs: number }): RetryBook {
  const retryAt = new Map<number, { attempts: number; at: number }>();
  return {
    failed(id, refused) {
      const attempts = (retryAt.get(id)?.attempts ?? 0) + 1;
      const delayMs = refused ? deps.maxMs : Math.min(deps.maxMs, deps.firstMs * 2 ** (attempts - 1));
      retryAt.set(id, { attempts, at: deps.clock.now() + delayMs });
      return { attempts, delayMs };
    },
    cleared: (id) => void retryAt.delete(id),
    deferTo(id, at) {
      retryAt.set(id, { attempts: retryAt.get(id)?.attempts ?? 0, at });
    },
    waiting: (id, now) => (retryAt.get(id)?.at ?? 0) > now,
    earliest() {
      let min: number | undefined;
      for (const r of retryAt.values()) min = min === undefined ? r.at : Math.min(min, r.at);
      return min;
    },
  };
}
