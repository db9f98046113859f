/**
 * Counting a period stated in days, FRCP 6(a)(1) (identical FRAP 26(a)(1), Fed. R. Bankr. P.
 * 9006(a)(1)): "(A) exclude the day of the event that triggers the period; (B) count every day,
 * including intermediate Saturdays, Sundays, and legal holidays; and (C) include the last day of
 * the period, but if the last day is a Saturday, Sunday, or legal holiday, the period continues to
 * run until the end of the next day that is not a Saturday, Sunday, or legal holiday." Counted
 * backward (6(a)(5): "the next day is determined by continuing to count backward"), the roll is
 * to the day before. State holidays count only forward (6(a)(6)(C)).
 *
 * Then 6(d): "When a party may or must act within a specified time after being served and service
 * is made under Rule 5(b)(2)(C) (mail), (D) (leaving with the clerk), or (F) (other means
 * consented to), 3 days are added after the period would otherwise expire under Rule 6(a)."
 * Electronic service (5(b)(2)(E)) adds nothing since the 2016 amendment. The 2016 committee note:
 * the 3 days are added after the 6(a) period ends, and "if the third day is a Saturday, Sunday, or
 * legal holiday, the last day to act is the next day that is not".
 */
import type { HolidayCalendar, LegalHoliday } from "./holidays.ts";
import { addDays, isWeekend, weekday, type IsoDay } from "./iso-day.ts";

/** How the paper that starts the period was served (FRCP 5(b)(2)). */
export type ServiceMethod = "electronic" | "mail" | "clerk" | "consented-other" | "personal" | "none";

export interface PeriodInput {
  /** The day of the triggering event (excluded, 6(a)(1)(A)); for a backward period, the event ahead. */
  from: IsoDay;
  days: number;
  /** "after" counts forward from the event; "before" counts backward from it (6(a)(5)). */
  direction: "after" | "before";
  /** The district's state, for 6(a)(6)(C). */
  state?: string;
  /** Adds 6(d)'s 3 days when mail, clerk or other consented means served the paper. */
  service?: ServiceMethod;
}

/** A day the count stepped over because the last day could not be it. */
export interface SkippedDay {
  day: IsoDay;
  why: "Saturday" | "Sunday" | LegalHoliday["name"];
  citation?: string;
}

export interface PeriodResult {
  /** The last day to act. */
  date: IsoDay;
  /** Where 6(a)(1)(A)-(C) alone landed before any roll. */
  counted: IsoDay;
  /** Days the period continued past (or back from), in the order met. */
  skipped: SkippedDay[];
  /** True when 6(d) added 3 days. */
  plusThree: boolean;
}

const ADDS_THREE: ReadonlySet<ServiceMethod> = new Set(["mail", "clerk", "consented-other"]);

function closed(day: IsoDay, calendar: HolidayCalendar, state: string | undefined, forward: boolean): SkippedDay | undefined {
  if (isWeekend(day)) return { day, why: weekday(day) === 0 ? "Sunday" : "Saturday" };
  const h = calendar.holidayOn(day, { ...(state ? { state } : {}), forward });
  return h ? { day, why: h.name, citation: h.citation } : undefined;
}

/** Continue from `day` in `step` direction to the first day the clerk's office is open (6(a)(1)(C)). */
function roll(day: IsoDay, step: 1 | -1, calendar: HolidayCalendar, state: string | undefined, skipped: SkippedDay[]): IsoDay {
  let d = day;
  for (let guard = 0; guard < 31; guard++) {
    const shut = closed(d, calendar, state, step === 1);
    if (!shut) return d;
    skipped.push(shut);
    d = addDays(d, step);
  }
  throw new RangeError(`no open day within a month of ${day}`);
}

/** The last day of a period of days under FRCP 6(a)(1), (5) and 6(d). */
export function countPeriod(input: PeriodInput, calendar: HolidayCalendar): PeriodResult {
  if (!Number.isInteger(input.days) || input.days < 0) throw new RangeError(`not a period of days: ${input.days}`);
  const step = input.direction === "after" ? 1 : -1;
  const skipped: SkippedDay[] = [];
  const counted = addDays(input.from, step * input.days);
  let date = roll(counted, step, calendar, input.state, skipped);
  const plusThree = input.direction === "after" && ADDS_THREE.has(input.service ?? "none");
  if (plusThree) date = roll(addDays(date, 3), 1, calendar, input.state, skipped);
  return { date, counted, skipped, plusThree };
}
