/**
 * One pass of a scheduler whose runs are claimed in the store (digests, court-date reminders):
 * under the job's lease (store/exclusive.ts), first the runs left unfinished (a crash, a failed
 * post whose retry is due: the retry book says), then the runs due now, which `fresh` claims and
 * executes. Every step first asks whether to go on: not when stopping, nor once the lease was lost.
 */
import type { Clock } from "../clock.ts";
import { runExclusive, type ExclusiveJob } from "../store/exclusive.ts";
import type { RetryBook } from "./retry-book.ts";

export interface RunPass<R, O> {
  job: ExclusiveJob;
  clock: Clock;
  retries: Pick<RetryBook, "waiting">;
  unfinished(): Promise<readonly R[]>;
  /** Posts one run; `resumed` when it was left unfinished (look in Slack before posting again). */
  execute(run: R, resumed: boolean): Promise<O>;
  /** Claims and executes what is due at `now`, pushing outcomes; returns early when `goOn` says no. */
  fresh(now: number, goOn: () => Promise<boolean>, outcomes: O[]): Promise<void>;
}

export async function runPass<R extends { id: number }, O>(p: RunPass<R, O>, stopping: () => boolean): Promise<O[]> {
  const outcomes: O[] = [];
  const ran = await runExclusive(p.job, async (held) => {
    const goOn = async () => !stopping() && (await held());
    const now = p.clock.now();
    for (const run of await p.unfinished()) {
      if (!(await goOn())) return outcomes;
      if (p.retries.waiting(run.id, now)) continue;
      outcomes.push(await p.execute(run, true));
    }
    await p.fresh(now, goOn, outcomes);
    return outcomes;
  });
  return ran ?? []; // another replica holds the job: nothing ran here
}
