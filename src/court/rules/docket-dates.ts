/**
 * Every date a docket gives, in one list (issue 23, items 4 and 5): the dates its entries state
 * (../deadlines/extract.ts, reading periods with the court's holidays and state) and the deadlines
 * the rules give (./compute.ts), merged so the court's date wins (./merge.ts). A stated date the
 * rule also gives carries the rule's date (`byRule`, with the difference when they differ); a rule's
 * deadline the court states nothing for becomes a date of its own, keyed by the rule, marked
 * `courtStates: false` and "computed — verify". Pure given the holiday calendar.
 */
import type { CourtDate, CourtDateByRule, CourtDateEntryInput } from "../deadlines/court-date.ts";
import { extractCourtDates } from "../deadlines/extract.ts";
import type { ComputedDeadline } from "./computed-deadline.ts";
import { computeDeadlines, type CaseContext } from "./compute.ts";
import { courtState } from "./court-state.ts";
import type { HolidayCalendar } from "./holidays.ts";
import { matchDeadlines } from "./merge.ts";
import { metDeadlines } from "./met.ts";
import { entryDateOf } from "../deadlines/entry-fields.ts";
import { docketingRank, type DocketingRank } from "../deadlines/entry-order.ts";

export interface DocketDatesContext extends CaseContext {
  holidays: HolidayCalendar;
}

/** How sure a rule's date is one to calendar: below a clerk's stated date, above the threshold. */
const RULE_CONFIDENCE = 0.7;

function byRuleOf(c: ComputedDeadline, courtStates: boolean, differenceDays?: number): CourtDateByRule {
  const t = c.trigger;
  return {
    key: c.key, citation: c.rule.citation, date: c.date,
    trigger: { ...(t.entryNumber ? { entryNumber: t.entryNumber } : {}), entryDate: t.entryDate, eventDate: t.eventDate, ...(t.eventIs ? { eventIs: t.eventIs } : {}), words: t.words },
    courtStates, ...(differenceDays !== undefined ? { differenceDays } : {}),
    assumptions: [...c.assumptions, ...(c.rule.uncertain ? [c.rule.uncertain] : [])], note: c.note,
  };
}

/** A rule's deadline the court states no date for, as a date of its own. */
export function ruleOnlyDate(c: ComputedDeadline): CourtDate {
  const t = c.trigger;
  return {
    key: c.key, kind: "deadline", title: c.party ? `${c.label} (${c.party})` : c.label, date: c.date,
    source: { ...(t.entryNumber ? { entryNumber: t.entryNumber } : {}), entryDate: t.entryDate, entryIndex: t.entryIndex },
    confidence: RULE_CONFIDENCE, status: "scheduled", history: [], byRule: byRuleOf(c, false),
  };
}

/**
 * The stated dates with the rules' deadlines merged in (the court's date wins). A rule's own date
 * that ended before `since` (the docket's latest entry) is history, not a date to calendar: left out.
 * `rankOf` places each entry in docketing order (../deadlines/entry-order.ts docketingRank).
 */
export function withRuleDeadlines(stated: readonly CourtDate[], computed: readonly ComputedDeadline[], since: string | undefined, rankOf: DocketingRank): CourtDate[] {
  const merged = matchDeadlines(stated, computed, rankOf);
  const attached = new Map<CourtDate, CourtDateByRule>();
  const own: CourtDate[] = [];
  for (const m of merged) {
    if (!m.computed) continue;
    if (m.stated) attached.set(m.stated, byRuleOf(m.computed, true, m.differenceDays));
    else if (since === undefined || m.computed.date >= since) own.push(ruleOnlyDate(m.computed));
  }
  const out = [...stated.map((s) => (attached.has(s) ? { ...s, byRule: attached.get(s)! } : s)), ...own];
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) || (a.time ?? "").localeCompare(b.time ?? ""));
}

/** The stated dates' reading options: the holidays, and the district's state (6(a)(6)(C)). */
export function extractOptionsFor(ctx: { court: string; holidays: HolidayCalendar }): { calendar: HolidayCalendar; state?: string } {
  const state = courtState(ctx.court);
  return { calendar: ctx.holidays, ...(state ? { state } : {}) };
}

/** Every date of a docket: stated, computed, merged, and deadlines met by later filings marked. */
export function docketDates(entries: readonly CourtDateEntryInput[], ctx: DocketDatesContext): CourtDate[] {
  const stated = extractCourtDates(entries, extractOptionsFor(ctx));
  const { deadlines } = computeDeadlines(entries, ctx, { calendar: ctx.holidays });
  const latest = entries.reduce((max, e) => {
    const day = e && typeof e === "object" ? entryDateOf(e) : "";
    return day > max ? day : max;
  }, "");
  const rank = docketingRank(entries);
  return metDeadlines(withRuleDeadlines(stated, deadlines, latest || undefined, rank), entries, rank);
}
