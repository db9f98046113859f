/**
 * Where a push is planned. A body of more than `workerAboveChars` characters (~1 MB): in a worker
 * thread started on demand (../on-demand-worker.ts, plan-worker.ts), because planning a
 * 100,000-entry docket is a JSON.parse of 13 MB (~120 ms in one step, measured) and seconds of
 * classing entries and counting court dates, in chunks of 30 to 80 ms each on a busy machine:
 * every Slack request waited behind them. Smaller bodies: in process, in chunks (push-plan.ts).
 *
 * The worker runs the same planPush, so both give the same plan (tested). Sending the body costs
 * the event loop one copy of it (a few ms for 13 MB). A body no delivery can post fails with
 * InvalidPushError either way; if the worker itself fails, the push is planned in process rather
 * than its deliveries parked.
 */
import type { HolidayCalendar } from "../../../court/rules/holidays.ts";
import type { Logger } from "../../../logger.ts";
import { createOnDemandWorker } from "../on-demand-worker.ts";
import { InvalidPushError } from "./plan.ts";
import { planPush, type PushPlan, type PushPlanOptions } from "./push-plan.ts";

/** Above this many characters a body is planned in the worker. */
export const PLAN_WORKER_ABOVE_CHARS = 1_000_000;
/** The worker ends after this long without a big push to plan. */
export const PLAN_WORKER_IDLE_MS = 30_000;

export type PlanRequestOptions = Omit<PushPlanOptions, "holidays" | "yieldNow">;
export interface PlanJob {
  body: string;
  opts: PlanRequestOptions;
}
export type PlanOutcome = { plan: PushPlan } | { invalid: string };

export interface PushPlanner {
  plan(body: string, opts: PlanRequestOptions): Promise<PushPlan>;
  /** Ends the worker; later big pushes are planned in process. */
  close(): Promise<void>;
  workerRunning(): boolean;
}

export function createPushPlanner(deps: { logger: Logger; holidays: HolidayCalendar; workerAboveChars?: number; idleMs?: number }): PushPlanner {
  const above = deps.workerAboveChars ?? PLAN_WORKER_ABOVE_CHARS;
  const worker = createOnDemandWorker<PlanJob, PlanOutcome>({
    url: new URL("./plan-worker.ts", import.meta.url), idleMs: deps.idleMs ?? PLAN_WORKER_IDLE_MS, logger: deps.logger, what: "push planning",
  });
  let closed = false;
  const inProcess = (body: string, opts: PlanRequestOptions) => planPush(body, { ...opts, holidays: deps.holidays });

  return {
    async plan(body, opts) {
      if (closed || body.length <= above) return inProcess(body, opts);
      // Only what a plan depends on crosses: a caller's object may carry more (functions cannot be cloned).
      const { siteUrl, routine, maxMessages, threadEntries } = opts;
      let outcome: PlanOutcome;
      try {
        outcome = await worker.run({ body, opts: { siteUrl, routine, maxMessages, threadEntries } });
      } catch (err) {
        deps.logger.warn({ err }, "push planning worker failed; planning this push in process");
        return inProcess(body, opts);
      }
      if ("invalid" in outcome) throw new InvalidPushError(outcome.invalid);
      return outcome.plan;
    },
    workerRunning: () => worker.running(),
    async close() {
      closed = true;
      await worker.close();
    },
  };
}
