/**
 * The worker thread's side of push-planner.ts: THE planner (push-plan.ts planPush) of one big push
 * at a time, off the main event loop, on a holiday calendar of its own built as main.ts builds the
 * process's (createHolidayCalendar), so both give the same dates. Nothing else runs on this
 * thread, so it never yields between chunks. A body no delivery can post comes back as data
 * (its detail), the plan as a structured clone.
 */
import { createHolidayCalendar } from "../../../holidays.ts";
import { serveJobs } from "../on-demand-worker.ts";
import { InvalidPushError } from "./plan.ts";
import { planPush } from "./push-plan.ts";
import type { PlanJob, PlanOutcome } from "./push-planner.ts";

const holidays = createHolidayCalendar();

serveJobs<PlanJob>(async ({ body, opts }) => {
  try {
    const value: PlanOutcome = { plan: await planPush(body, { ...opts, holidays, yieldNow: async () => {} }) };
    return { value };
  } catch (e) {
    if (!(e instanceof InvalidPushError)) throw e;
    const value: PlanOutcome = { invalid: e.detail };
    return { value };
  }
});
