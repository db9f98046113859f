/**
 * Wake-ups across replicas, coalesced (README, Running several replicas). Every stored push
 * NOTIFYs every replica (store.announceWork), and each NOTIFY made each replica read the heads
 * and try the channel's lane, which one of them holds: three replicas stored fewer pushes than
 * one (npm run bench). So:
 * - announcing is single-flight: pushes stored while one NOTIFY is on its way share the next one;
 * - another replica's NOTIFY starts a pass at most once per `gapMs`, the rest of a burst waiting
 *   for the end of the gap (one pass then sees all of it). Our own pushes wake the dispatcher at
 *   once, as before: the replica that stored a push is the first to try its channel.
 */
import type { Clock } from "../../../clock.ts";

/** `run` at most once at a time; calls meanwhile are folded into one more run after it. */
export function singleFlight(run: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const go = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void run().finally(() => {
      running = false;
      if (again) {
        again = false;
        go();
      }
    });
  };
  return go;
}

/** `fire` at most once per `gapMs` on `clock` (counted from `lastPassAt()`); a burst fires once at the gap's end. */
export function spacedWake(opts: { clock: Clock; gapMs: number; lastPassAt: () => number; fire: () => void; signal: AbortSignal }): () => void {
  let waiting = false;
  return () => {
    if (waiting) return;
    const wait = opts.lastPassAt() + opts.gapMs - opts.clock.now();
    if (wait <= 0) return opts.fire();
    waiting = true;
    opts.clock.sleep(wait, opts.signal).then(
      () => {
        waiting = false;
        opts.fire();
      },
      () => undefined,
    );
  };
}
