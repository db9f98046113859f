/**
 * The federal deadline rules engine (issue 23, item 5): pure, in the court kernel.
 *
 * How to call it (for /docket deadlines, reminders, App Home, the case card, the calendar feed):
 *
 *   import { computeDeadlines, mergeDeadlines } from "../../court/rules/index.ts";
 *   import { extractCourtDates } from "../../court/deadlines/extract.ts";
 *   import { createHolidayCalendar } from "../../holidays.ts"; // the library loaded when first read
 *
 *   const calendar = createHolidayCalendar();           // once, at composition (main.ts); pass it down
 *   const { deadlines, uncomputed } = computeDeadlines(entries, { court: "nysd", docket: "1:24-cv-01234" }, { calendar });
 *   const merged = mergeDeadlines(extractCourtDates(entries), deadlines);
 *
 * - `entries` are getdocket entries (or stored pushed filings) in any order; `court` may be the
 *   PACER id or the service's long name. Pass `unitedStatesParty` when the parties show it.
 * - Each merged row's `date` is what to show and remind of: the court's stated date wins; a
 *   `differenceDays` says the rule would give another day. A row with `source: "computed"` must be
 *   shown with its `computed.note` ("computed — verify"), its `rule.citation` and its trigger
 *   entry, never as the court's word. `dueEndsAt` is the instant the day ends in the court's zone.
 * - `uncomputed` lists periods recognised but not dated (C.D. Cal. motion without a hearing date).
 * - Store computed rows under their `key` (stable per rule, entry and occurrence).
 * - "Today" and "in N days" for a reader: ../today.ts (one definition for every surface).
 */
export { createHolidayCalendarOver, type HolidayCalendar, type HolidayLibrary, type LegalHoliday } from "./holidays.ts";
export { EXECUTIVE_CLOSURES, type Closure } from "./closures.ts";
export { countPeriod, type PeriodInput, type PeriodResult, type ServiceMethod } from "./count.ts";
export { computeDeadlines, createDeadlineComputer, type CaseContext, type ComputeResult, type DeadlineComputer } from "./compute.ts";
export { mergeDeadlines, rulePurposeMatches, type MergedDeadline, type StatedDeadline } from "./merge.ts";
export { docketDates, extractOptionsFor, withRuleDeadlines, type DocketDatesContext } from "./docket-dates.ts";
export { filingOf, filingsOf, metBy, metDeadlines, metDeadlinesAmong, type Filing } from "./met.ts";
export { deadlinesStartedBy, triggerKey } from "./started-deadlines.ts";
export { readTriggers, type EntryTrigger } from "./entry-triggers.ts";
export { courtState } from "./court-state.ts";
export { COMPUTED_NOTE, type ComputedDeadline, type UncomputedDeadline } from "./computed-deadline.ts";
export { LOCAL_MOTION_RULES } from "./local-rules.ts";
