/**
 * From a docket's entries to the deadlines the rules give them (issue 23, item 5): each trigger
 * (./entry-triggers.ts) meets its rule (./rule-book.ts, ./local-rules.ts) and is counted under
 * FRCP 6(a) and 6(d) (./count.ts) on the court's holidays (./holidays.ts), ending at midnight in
 * the court's zone (6(a)(4)(A)). Civil cases in district courts only: criminal dockets follow the
 * criminal rules (FRCrP 45, FRAP 4(b)) and bankruptcy courts their own (Fed. R. Bankr. P. 7012,
 * 8002), which this engine does not model, so it computes nothing there rather than guess.
 */
import { courtTimeZone } from "../court-zones.ts";
import { resolveCourt } from "../courts.ts";
import type { CourtDateEntryInput } from "../deadlines/court-date.ts";
import { endOfDayInZone } from "../zoned-day.ts";
import { COMPUTED_NOTE, type ComputedDeadline, type ComputedTrigger, type UncomputedDeadline } from "./computed-deadline.ts";
import { countPeriod, type ServiceMethod } from "./count.ts";
import { courtState } from "./court-state.ts";
import { readTriggers, type EntryTrigger } from "./entry-triggers.ts";
import type { HolidayCalendar } from "./holidays.ts";
import { LOCAL_MOTION_RULES } from "./local-rules.ts";
import * as book from "./rule-book.ts";

export interface CaseContext {
  /** The court as the service or a user names it: `nysd`, `New York Southern District Court`. */
  court: string;
  /** The docket number; `1:24-cr-00012` marks a criminal case. */
  docket?: string;
  /** True when the United States, its agency, officer or employee is a party (FRAP 4(a)(1)(B)). */
  unitedStatesParty?: boolean;
}

export interface ComputeDeps {
  calendar: HolidayCalendar;
}

export interface ComputeResult {
  deadlines: ComputedDeadline[];
  /** Periods recognised but not dated, with the reason (no hearing date, trigger before the rule). */
  uncomputed: UncomputedDeadline[];
}

const CRIMINAL = /-(?:cr|mj|po|mc)-/i;

interface Step {
  rule: book.PeriodRule;
  from: string;
  /** What `from` is when the entry does not state it (ComputedTrigger.eventIs). */
  fromIs?: string;
  service: ServiceMethod;
  assumptions: string[];
}

function stepsFor(t: EntryTrigger, code: string, ctx: CaseContext, out: ComputeResult, trig: ComputedTrigger): Step[] {
  const service: ServiceMethod = t.byMail ? "mail" : "electronic";
  switch (t.event) {
    case "service-executed":
      // Summons service is Rule 4 service, not Rule 5(b): 6(d)'s 3 days never apply.
      return [{ rule: book.ANSWER_AFTER_SERVICE, from: t.eventDate, service: "personal", assumptions: [] }];
    case "waiver-returned":
      return [{ rule: book.ANSWER_AFTER_WAIVER, from: t.eventDate, service: "none", assumptions: t.eventDateStated ? [] : ["The entry does not say when the waiver request was sent: counted from the entry date, which is later than the rule's day, so the real deadline may be earlier."] }];
    case "rule-12-denied":
      return [{ rule: book.ANSWER_AFTER_RULE_12_ORDER, from: t.eventDate, service: "none", assumptions: ["Notice of the court's action taken as the entry date (electronic notice)."] }];
    case "judgment-entered": {
      const appeal = ctx.unitedStatesParty ? book.NOTICE_OF_APPEAL_US_PARTY : book.NOTICE_OF_APPEAL;
      const usNote = ctx.unitedStatesParty === undefined ? ["30 days assumes the United States is not a party (60 days if it is, FRAP 4(a)(1)(B))."] : [];
      return [
        { rule: book.RULE_59_MOTION, from: t.eventDate, service: "none", assumptions: [] },
        { rule: appeal, from: t.eventDate, service: "none", assumptions: usNote },
      ];
    }
    case "motion-filed": {
      const local = LOCAL_MOTION_RULES[code];
      if (!local) return [];
      if (local.base === "hearing") {
        if (!t.hearingDate) {
          for (const rule of [local.opposition, local.reply]) out.uncomputed.push({ label: rule.label, rule: ruleOf(rule), trigger: trig, reason: "Counted back from the hearing date, and the entry states none: no computed date." });
          return [];
        }
        return [local.opposition, local.reply].map((rule) => ({ rule, from: t.hearingDate!, service: "none" as const, assumptions: [] }));
      }
      return [{ rule: local.opposition, from: t.eventDate, service, assumptions: [] }];
    }
  }
}

function ruleOf(r: book.PeriodRule) {
  return { citation: r.citation, text: r.text, effective: r.effective, ...(r.uncertain ? { uncertain: r.uncertain } : {}) };
}

/** Every computed deadline of a docket, in entry order; pure given the calendar. */
export function computeDeadlines(entries: readonly CourtDateEntryInput[], ctx: CaseContext, deps: ComputeDeps): ComputeResult {
  const computer = createDeadlineComputer(ctx, deps);
  entries.forEach((entry, index) => computer.add(entry, index));
  return computer.result();
}

/**
 * The same, an entry at a time, for callers that read a long docket in slices and yield between
 * them (a push's planning): `add` each entry with its index in the docket, in order, then `result`.
 */
export interface DeadlineComputer {
  add(entry: CourtDateEntryInput, index: number): void;
  result(): ComputeResult;
}

export function createDeadlineComputer(ctx: CaseContext, deps: ComputeDeps): DeadlineComputer {
  const out: ComputeResult = { deadlines: [], uncomputed: [] };
  const court = resolveCourt(ctx.court);
  if (!court || court.kind !== "district" || (ctx.docket && CRIMINAL.test(ctx.docket))) return { add: () => undefined, result: () => out };
  const state = courtState(court.code);
  const zone = courtTimeZone(court.code);
  const seen = new Map<string, number>();

  const push = (t: EntryTrigger, trig: ComputedTrigger, step: Step): ComputedDeadline | undefined => {
    if (step.from < step.rule.effective) {
      out.uncomputed.push({ label: step.rule.label, rule: ruleOf(step.rule), trigger: trig, reason: `The period took its present form on ${step.rule.effective}; this trigger is earlier.` });
      return undefined;
    }
    const r = countPeriod({ from: step.from, days: step.rule.days, direction: step.rule.direction, service: step.service, ...(state ? { state } : {}) }, deps.calendar);
    // Keyed by what the entry is, never by where the list puts it: a new filing shifts every place
    // of a newest-first docket, and a key that moved would store the same deadline twice.
    const base = `computed:${step.rule.id}:${t.entryNumber ?? `d${t.entryDate}`}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const d: ComputedDeadline = {
      key: `${base}:${n}`, kind: "deadline", label: step.rule.label, ...(t.party && t.event !== "motion-filed" ? { party: t.party } : {}),
      date: r.date, ...(zone ? { dueEndsAt: new Date(endOfDayInZone(r.date, zone)).toISOString(), zone } : {}),
      rule: ruleOf(step.rule), trigger: { ...trig, eventDate: step.from, ...(step.fromIs ? { eventIs: step.fromIs } : {}) },
      counting: { counted: r.counted, skipped: r.skipped, plusThree: r.plusThree },
      assumptions: [...step.assumptions, ...(zone ? [] : ["The court's time zone is unknown: no end instant."])],
      computed: true, note: COMPUTED_NOTE,
    };
    out.deadlines.push(d);
    return d;
  };

  const add = (entry: CourtDateEntryInput, index: number): void => {
    for (const t of readTriggers(entry, index)) {
      const trig: ComputedTrigger = { ...(t.entryNumber ? { entryNumber: t.entryNumber } : {}), entryDate: t.entryDate, entryIndex: index, eventDate: t.eventDate, words: t.words };
      for (const step of stepsFor(t, court.code, ctx, out, trig)) {
        const opposition = push(t, trig, step);
        const local = t.event === "motion-filed" ? LOCAL_MOTION_RULES[court.code] : undefined;
        if (!opposition || !local || local.base !== "motion") continue;
        // The reply runs from the opposition (N.D. Cal.: from when it was due; S.D.N.Y., D. Del.:
        // from its service, assumed to be its last day, electronic).
        const assumptions = local.replyFromOppositionService ? ["Counted as if the opposition were served on its last day."] : [];
        push(t, trig, { rule: local.reply, from: opposition.date, fromIs: "the opposition's computed due date", service: local.replyFromOppositionService ? "electronic" : "none", assumptions });
      }
    }
  };
  return { add, result: () => out };
}
