/**
 * Issue 12, item 7: a push delivered to 20 channels is planned once, not 20 times. The outbox's
 * lanes ask for a push's plan by push id and share the promise.
 */
import { createHolidayCalendar } from "../../../holidays.ts";
import { planPush, type PushPlan } from "./push-plan.ts";
import type { PlanRequestOptions, PushPlanner } from "./push-planner.ts";

/**
 * Plans shared by a push's deliveries (one per linked channel), by push id: the first delivery
 * plans, the others await the same promise. A few pushes are kept; a restart plans again.
 */
export class PushPlans {
  readonly #plans = new Map<number, Promise<PushPlan>>();
  readonly #max: number;
  readonly #planner: Pick<PushPlanner, "plan">;
  /** `planner`: where pushes are planned (push-planner.ts); in process on a calendar of its own otherwise. */
  constructor(max = 4, planner?: Pick<PushPlanner, "plan">) {
    this.#max = max;
    if (planner) this.#planner = planner;
    else {
      const holidays = createHolidayCalendar();
      this.#planner = { plan: (body, opts) => planPush(body, { ...opts, holidays }) };
    }
  }

  get(pushId: number, body: string, opts: PlanRequestOptions): Promise<PushPlan> {
    const hit = this.#plans.get(pushId);
    if (hit) {
      // Most recently used last, so the oldest is the one evicted.
      this.#plans.delete(pushId);
      this.#plans.set(pushId, hit);
      return hit;
    }
    const planned = this.#planner.plan(body, opts);
    this.#plans.set(pushId, planned);
    planned.catch(() => this.#plans.delete(pushId));
    while (this.#plans.size > this.#max) this.#plans.delete(this.#plans.keys().next().value!);
    return planned;
  }
}
