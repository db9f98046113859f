/**
 * Issue 12, item 7: a push delivered to 20 channels is planned once, not 20 times. The outbox's
 * lanes ask for a push's plan by push id and share the promise.
 */
import type { HolidayCalendar } from "../../../court/rules/holidays.ts";
import { createHolidayCalendar } from "../../../holidays.ts";
import { planPush, type PushPlan, type PushPlanOptions } from "./push-plan.ts";

/**
 * Plans shared by a push's deliveries (one per linked channel), by push id: the first delivery
 * plans, the others await the same promise. A few pushes are kept; a restart plans again.
 */
export class PushPlans {
  readonly #plans = new Map<number, Promise<PushPlan>>();
  readonly #max: number;
  readonly #holidays: HolidayCalendar;
  /** `holidays`: the process's calendar (main.ts); one of its own otherwise, built once here. */
  constructor(max = 4, holidays?: HolidayCalendar) {
    this.#max = max;
    this.#holidays = holidays ?? createHolidayCalendar();
  }

  get(pushId: number, body: string, opts: Omit<PushPlanOptions, "holidays">): Promise<PushPlan> {
    const hit = this.#plans.get(pushId);
    if (hit) {
      // Most recently used last, so the oldest is the one evicted.
      this.#plans.delete(pushId);
      this.#plans.set(pushId, hit);
      return hit;
    }
    const planned = planPush(body, { holidays: this.#holidays, ...opts });
    this.#plans.set(pushId, planned);
    planned.catch(() => this.#plans.delete(pushId));
    while (this.#plans.size > this.#max) this.#plans.delete(this.#plans.keys().next().value!);
    return planned;
  }
}
