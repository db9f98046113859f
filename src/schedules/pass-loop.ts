/**
 * The loop behind every store-driven schedule (digests, court-date reminders): one pass at a time
 * (a notify() during a pass waits for it rather than running beside it), then sleep until the next
 * due time or retry, at most `pollMs`, or until notify(). A pass that throws is logged and the loop
 * goes on: what a schedule must not lose is in the store, claimed before it is acted on, so the
 * next pass finds it. `stop()` ends the loop and waits for the pass in flight.
 *
 *   const loop = createPassLoop({ clock, logger, name: "digest", pollMs, pass, nextWake });
 *   loop.start(); loop.notify(); await loop.stop();
 */
import type { Clock } from "../clock.ts";
import type { Logger } from "../logger.ts";
import { Wakeup } from "./wakeup.ts";

export interface PassLoopDeps<T> {
  clock: Clock;
  logger: Logger;
  /** For the log line of a failed pass ("digest scheduler pass failed"). */
  name: string;
  /** The longest sleep between passes. */
  pollMs: number;
  /** One pass; `stopping()` turns true once stop() was called, so a long pass can end early. */
  pass(stopping: () => boolean): Promise<T[]>;
  /** The earliest time anything is due after a pass (undefined: nothing known); the loop sleeps until then, at most pollMs. */
  nextWake(now: number): Promise<number | undefined> | number | undefined;
}

export interface PassLoop<T> {
  start(): void;
  /** Look again now (settings changed, something was stored). */
  notify(): void;
  stop(): Promise<void>;
  /** One pass, serialised with the loop's. Tests call it directly. */
  runDue(): Promise<T[]>;
}

export function createPassLoop<T>(deps: PassLoopDeps<T>): PassLoop<T> {
  const { clock, logger, pollMs } = deps;
  const wakeup = new Wakeup();
  let loop: Promise<void> | undefined;
  let stopping = false;
  let passing: Promise<T[]> | undefined;
  const isStopping = () => stopping;

  function runDue(): Promise<T[]> {
    const next = (passing ?? Promise.resolve([])).catch(() => []).then(() => deps.pass(isStopping));
    passing = next;
    return next.finally(() => {
      if (passing === next) passing = undefined;
    });
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let ms = pollMs;
      try {
        await runDue();
        const now = clock.now();
        const wake = await deps.nextWake(now);
        ms = Math.max(0, Math.min(now + pollMs, wake ?? Number.POSITIVE_INFINITY) - now);
      } catch (e) {
        logger.error({ err: e }, `${deps.name} pass failed`);
      }
      if (stopping) break;
      await wakeup.wait(clock, ms);
    }
  }

  return {
    start() {
      if (loop || stopping) return;
      loop = run();
    },
    notify: () => wakeup.fire(),
    async stop() {
      stopping = true;
      wakeup.fire();
      await loop;
      await passing?.catch(() => undefined);
    },
    runDue,
  };
}
