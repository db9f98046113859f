/**
 * The dates a docket sets (issue 16: deadlines and hearings from the docket): what the extractor
 * (./extract.ts) finds in entry text and what the deadlines feature stores, lists, reminds of and
 * publishes as iCalendar. Pure data: no Slack, no store.
 *
 * Dates are calendar days in the court's own zone, written ISO (`2026-12-08`); times are the
 * court's wall clock (`10:00`, 24-hour), never converted: a hearing "at 10:00 AM" in the Southern
 * District of New York is 10:00 in New York for every reader.
 */

/** What kind of date: a filing deadline, or an event the team must attend. */
export type CourtDateKind = "deadline" | "hearing" | "conference" | "trial";

export const COURT_DATE_KINDS: readonly CourtDateKind[] = ["deadline", "hearing", "conference", "trial"];

/**
 * - scheduled: the latest entry that speaks of it sets it;
 * - moved: a later entry changed its date or time (the history keeps the earlier ones);
 * - cancelled: a later entry vacated, cancelled or adjourned it without a new date.
 */
export type CourtDateStatus = "scheduled" | "moved" | "cancelled";

/** The entry a date comes from: a user checks the date against it, so it is always named. */
export interface CourtDateSource {
  /** The document number, when the entry has one (docket-only minute entries do not). */
  entryNumber?: string;
  /** The entry's filing date, ISO `YYYY-MM-DD`. */
  entryDate: string;
  /** Index of the entry in the input list, for tests and for finding the entry's text. */
  entryIndex: number;
}

/**
 * What made a date change (issue 23, item 3: "each change carries its evidence"): the entry and its
 * own words ("is adjourned to", "reset for", "VACATED", "vacating Status Conference").
 */
export interface CourtDateEvidence {
  source: CourtDateSource;
  words: string;
}

/** How a mention changes an earlier date, when its text says so (./move-words.ts). */
export interface CourtDateChangeWords {
  verb: "moves" | "vacates";
  words: string;
  /** The earlier date the text names ("set for 7/29 is continued to 8/12", "from D1 to D2"). */
  replaces?: { date: string; time?: string };
}

/**
 * A date computed from a period (issue 23, item 4): "within fourteen days" of the entry, "one week
 * before the conference". Counted under FRCP 6(a) (src/court/rules/count.ts); recomputed when the
 * anchor event moves (./supersede.ts).
 */
export interface CourtDateComputation {
  days: number;
  direction: "after" | "before";
  anchor:
    | { kind: "entry"; date: string; source: CourtDateSource }
    | { kind: "event"; key: string; title: string; date: string; source: CourtDateSource };
  /** "FRCP 6(a)(1)", "FRCP 6(a)(5)", with the roll when the last day was closed. */
  rule: string;
  /** The entry's words: "within fourteen days", "one week before the conference". */
  words: string;
  /** What a reader sees: "computed from entry 12 (filed 3/1/2024): 14 days after, FRCP 6(a)(1)". */
  note: string;
}

/** One date as one entry states it. */
export interface CourtDateMention {
  /**
   * What the date is for, stable across the entries that speak of it, so a later entry's mention
   * supersedes an earlier one's: `deadline:expert-reports`, `deadline:rebuttal-expert-reports`,
   * `conference:status`, `hearing:motion-to-dismiss`, `trial:jury`. Lower-case, `[a-z0-9:-]`.
   */
  key: string;
  kind: CourtDateKind;
  /** What a reader sees: "Expert Reports due", "Status Conference", "Responses due". */
  title: string;
  /** ISO calendar date `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`, 24-hour, when the entry gives one. */
  time?: string;
  /** Courtroom, address, "by telephone", when the entry gives one. */
  place?: string;
  /** "before Judge …", when the entry gives one. */
  judge?: string;
  source: CourtDateSource;
  /** 0..1: how sure the reader is that this is a date the team must calendar. */
  confidence: number;
  /** When the entry vacates or cancels this date rather than setting it. */
  cancels?: boolean;
  /** The entry's words that move or vacate an earlier date (issue 23, item 3). */
  change?: CourtDateChangeWords;
  /** Set when the date is computed from a period rather than written (issue 23, item 4). */
  computed?: CourtDateComputation;
  /** How the date was read where the text alone does not show it: a year not written, a correction. */
  evidence?: string[];
}

/**
 * Another date of the same name that a later entry's date may or may not replace: the text did
 * not say (issue 23, item 3: "a possible conflict is shown as such"). Both dates stand.
 */
export interface CourtDateConflict {
  key: string;
  title: string;
  date: string;
  time?: string;
  source: CourtDateSource;
  why: string;
}

/** An earlier date a later entry replaced. */
export interface CourtDateChange {
  date: string;
  time?: string;
  source: CourtDateSource;
  /** The entry and words that replaced this date. */
  changedBy?: CourtDateEvidence;
}

/**
 * A deadline a federal or local rule gives (../rules/, issue 23 item 5), never the court's word:
 * shown with its rule, its trigger entry and "computed — verify". On a date the court states for
 * the same purpose it says what the rule would give and the difference; on a date of its own
 * (`courtStates: false`) it is the only source of the date.
 */
export interface CourtDateByRule {
  /** The computed deadline's own key (`computed:answer-after-service:12:0`). */
  key: string;
  /** "FRCP 12(a)(1)(A)(i)", "S.D.N.Y. Local Civ. R. 6.1(b)". */
  citation: string;
  /** The date the rule gives. */
  date: string;
  /** The entry the period runs from, and its words; eventIs when another computation gave eventDate. */
  trigger: { entryNumber?: string; entryDate: string; eventDate: string; eventIs?: string; words: string };
  /** True when the court states a date for this purpose (then the court's date is the row's). */
  courtStates: boolean;
  /** The rule's date minus the court's, in days, when the court states another date. */
  differenceDays?: number;
  /** What the computation assumed. */
  assumptions: string[];
  /** "computed — verify". */
  note: string;
}

/**
 * A later filing that satisfies a deadline (issue 23 item 2): its entry and words. A filing that
 * is not the paper but ends the deadline all the same says why, citing the rule: a Rule 12 motion
 * changes the time to answer (FRCP 12(a)(4), ../rules/rule-12-motion.ts).
 */
export interface CourtDateMet {
  source: CourtDateSource;
  words: string;
  /** Shown instead of "Met by …" when present: "The Rule 12 motion (#62) changes the time to answer: …". */
  why?: string;
}

/** A date after every entry has been read: the latest mention wins; earlier ones are history. */
export interface CourtDate extends Omit<CourtDateMention, "cancels" | "change"> {
  status: CourtDateStatus;
  /** Earlier dates, oldest first (empty when never moved). */
  history: CourtDateChange[];
  /** The entry and words of the latest move or vacatur (absent when only set or restated). */
  changedBy?: CourtDateEvidence;
  /** The entry that first stated the current date and time (`source` names the latest to say it). */
  setBy?: CourtDateSource;
  /** Another date of the same name this one may conflict with (both stand). */
  conflict?: CourtDateConflict;
  /** The rule's deadline for this purpose, or the rule alone when the court states none. */
  byRule?: CourtDateByRule;
  /** The later filing that met this deadline. */
  met?: CourtDateMet;
}

/**
 * The parts of an entry the extractor reads; a DocketEntry (docket/schemas) fits, as do raw
 * real-docket JSON entries and stored pushed filings. `contents` is HTML (spec: Docket entry).
 */
export interface CourtDateEntryInput {
  number?: unknown;
  date?: unknown;
  entry_date?: unknown;
  contents?: unknown;
  description?: unknown;
  analyze?: unknown;
}

/**
 * A date still to be kept: not vacated, and not met by a later filing (or ended by one, as a Rule 12
 * motion ends the computed answer date). A date superseded by its twin or by the court's own date is
 * never read back by the store's lists at all. Every "is this still on the calendar" asks this.
 */
export const isStanding = (d: Pick<CourtDate, "status" | "met">): boolean => d.status !== "cancelled" && d.met === undefined;

/**
 * Where a rule's period runs from, in words a clerk can check against the entry: the day the entry
 * states when it is not the entry's own (service on 11/13 docketed 11/16: "11/13/2026 as stated in
 * #9 filed 11/16/2026"; counting 21 days from "#9 filed 11/16" gives another answer date), a day
 * another computation gave, said as such ("12/7/2026, the opposition's computed due date for #62
 * filed 11/23/2026"), else the entry alone. `entry` is the entry as the caller names it; `day` writes an ISO day.
 */
export function countedFrom(trigger: { entryDate: string; eventDate: string; eventIs?: string | undefined }, entry: string, day: (iso: string) => string): string {
  // A day another computation gave (a reply from the opposition's computed due date) is not the entry's word.
  if (trigger.eventIs !== undefined) return `${day(trigger.eventDate)}, ${trigger.eventIs} for ${entry}`;
  return trigger.eventDate !== trigger.entryDate ? `${day(trigger.eventDate)} as stated in ${entry}` : entry;
}

/**
 * A date counted from a period the entry states (FRCP 6(a)), in words a clerk checks against the
 * entry, which never shows the date itself: `14 days after #12 filed 3/1/2024 ("within fourteen
 * days"), FRCP 6(a)(1)`, `7 days before the Status Conference on 12/9/2026 (…)`. `entry` names an
 * entry, `day` writes an ISO day and `safe` makes docket text safe for the surface (it is untrusted).
 */
export function periodCount(
  c: CourtDateComputation,
  write: { entry: (s: CourtDateSource) => string; day: (iso: string) => string; safe: (text: string, max: number) => string },
): string {
  const from = c.anchor.kind === "entry" ? write.entry(c.anchor.source) : `the ${write.safe(c.anchor.title, 80)} on ${write.day(c.anchor.date)}`;
  return `${c.days} day${c.days === 1 ? "" : "s"} ${c.direction} ${from} ("${write.safe(c.words, 120)}"), ${write.safe(c.rule, 240)}`;
}

/** A date no entry states: a rule's own, or one counted from an entry's period ("within 14 days"). */
export const isComputed = (d: Pick<CourtDate, "byRule" | "computed">): boolean => (d.byRule !== undefined && !d.byRule.courtStates) || d.computed !== undefined;

/** What a date is called: the docket's title, a deadline's with "due" (`Expert Reports due`); plain, untrusted. */
export function dateLabel(d: Pick<CourtDate, "title" | "kind">): string {
  return d.kind === "deadline" && !/\bdue\b/i.test(d.title) && d.title.trim() !== "" ? `${d.title} due` : d.title;
}
