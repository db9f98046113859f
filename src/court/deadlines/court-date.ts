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
}

/** An earlier date a later entry replaced. */
export interface CourtDateChange {
  date: string;
  time?: string;
  source: CourtDateSource;
}

/** A date after every entry has been read: the latest mention wins; earlier ones are history. */
export interface CourtDate extends Omit<CourtDateMention, "cancels"> {
  status: CourtDateStatus;
  /** Earlier dates, oldest first (empty when never moved). */
  history: CourtDateChange[];
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
