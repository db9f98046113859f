/**
 * A deadline the engine computed from a rule and a docket entry (issue 23, item 5): the shape the
 * deadlines feature, reminders, App Home, the case card and the calendar feed will take. Never a
 * court's word: `computed: true` and the note "computed — verify" travel with it everywhere.
 */
import type { SkippedDay } from "./count.ts";
import type { IsoDay } from "./iso-day.ts";

export const COMPUTED_NOTE = "computed — verify";

export interface ComputedRule {
  citation: string;
  /** The rule's words, summarised. */
  text: string;
  /** ISO day the period took its present form. */
  effective: string;
  uncertain?: string;
}

export interface ComputedTrigger {
  /** The entry's document number, when it has one. */
  entryNumber?: string;
  /** The entry's filing date, ISO. */
  entryDate: IsoDay;
  /** Index of the entry in the list given, to find its text again. */
  entryIndex: number;
  /** The day the period runs from (service, waiver request, filing, hearing). */
  eventDate: IsoDay;
  /**
   * What eventDate is when the entry does not state it but another computation gave it: a reply
   * runs from the opposition's computed due date ("the opposition's computed due date").
   */
  eventIs?: string;
  /** The words of the entry the trigger was read from. */
  words: string;
}

export interface ComputedDeadline {
  /**
   * Stable across a docket's versions: `computed:answer-after-service:12:0` (rule, entry number,
   * occurrence), or the entry's date for one without a number (`…:d2026-11-23:0`).
   */
  key: string;
  kind: "deadline";
  /** "Answer due", "Opposition due", "Notice of appeal due". */
  label: string;
  /** Whose deadline, when the entry names one party (the defendant served). */
  party?: string;
  /** The last day, a day in the court's zone. */
  date: IsoDay;
  /** Midnight ending that day in the court's zone, as an ISO instant (FRCP 6(a)(4)(A)). */
  dueEndsAt?: string;
  /** The zone dueEndsAt was computed in; absent when the court's zone is unknown. */
  zone?: string;
  rule: ComputedRule;
  trigger: ComputedTrigger;
  /** Days the count rolled past, and whether FRCP 6(d) added 3 days. */
  counting: { counted: IsoDay; skipped: SkippedDay[]; plusThree: boolean };
  /** What the computation had to assume ("request date unknown: counted from the entry date"). */
  assumptions: string[];
  computed: true;
  note: typeof COMPUTED_NOTE;
}

/** A period the engine recognised but could not date, and why (no hearing date, rule too new). */
export interface UncomputedDeadline {
  label: string;
  rule: ComputedRule;
  trigger: ComputedTrigger;
  reason: string;
}
