/**
 * Record types of the court-date desk (issue 16, "Deadlines and hearings from the docket"): the
 * dates each case's docket sets (one row per case and date key, the latest entry winning, earlier
 * dates kept as history), which matters follow the case, the "Calendared ✓" sign-off per channel,
 * the channel's reminder settings and its reminder runs (each made once). Times are milliseconds
 * since the epoch from the injected Clock; dates are the court's calendar days, ISO `YYYY-MM-DD`.
 *
 * A case is keyed by court/case-key.ts caseKey, so `nysd` and the court's long name are one case.
 * That key is persisted here (court_dates.case_key): if caseKey's format ever changes, a migration
 * must recompute the column.
 */
import type { CourtDate } from "../court/deadlines/court-date.ts";
import type { ChannelRef } from "./records.ts";

/** One date of one case, as stored. */
export interface CourtDateRecord extends CourtDate {
  id: number;
  /** The court as first recorded (the service's long name when it came from a push). */
  court: string;
  docket: string;
  caseTitle?: string | undefined;
  /**
   * The matters following the case, only those the reader asked for (the wall: a reader never
   * learns which other matters follow it).
   */
  matters: string[];
  /** Rises each time the date, time or status changes (iCalendar SEQUENCE). */
  sequence: number;
  createdAt: number;
  updatedAt: number;
}

export interface RecordCourtDatesInput {
  court: string;
  docket: string;
  caseTitle?: string | undefined;
  /** The matter that follows the case (the push's client_matter, the channel's subscribing matter). */
  matters?: readonly string[] | undefined;
  /** What the entries read say (court/deadlines extract.ts extractCourtDates). */
  dates: readonly CourtDate[];
}

export interface RecordCourtDatesResult {
  /** The stored dates of the keys given, after the write. */
  records: CourtDateRecord[];
  /** Ids of the rows created or whose date, time or status changed. */
  changed: number[];
}

export interface CourtDatesQuery {
  /** ISO date: only dates on or after it. */
  from?: string | undefined;
  /** ISO date: only dates on or before it. */
  to?: string | undefined;
  /** Cancelled dates too (the calendar feed publishes them as CANCELLED). */
  includeCancelled?: boolean | undefined;
  /** Deadlines a later filing met too (the calendar feed keeps them, saying so; lists and reminders do not). */
  includeMet?: boolean | undefined;
}

/** "Calendared ✓" on one date in one channel: valid for that date only (a moved date asks again). */
export interface CourtDateSignOff extends ChannelRef {
  courtDateId: number;
  date: string;
  calendaredBy: string;
  calendaredAt: number;
}

export type ReminderStatus = "pending" | "posted" | "skipped";

/** One reminder of one date in one channel, N days before; (channel, date id, date, N) is unique. */
export interface ReminderRun extends ChannelRef {
  id: number;
  courtDateId: number;
  date: string;
  daysBefore: number;
  dueAt: number;
  status: ReminderStatus;
  postedTs?: string | undefined;
  finishedAt?: number | undefined;
}

/** Days before each date a channel is reminded, when nobody chose: a week, and the day before. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 1];

export interface ReminderSettings extends ChannelRef {
  daysBefore: number[];
  updatedBy?: string | undefined;
  updatedAt?: number | undefined;
}

/** The court-date desk's part of the Store (store.ts). */
export interface CourtDateDesk {
  /**
   * Upserts a case's dates: a date whose stored source entry is later than the one given is left
   * alone (an older docket page never undoes a newer order); a change of date, time or status
   * raises `sequence` and keeps the earlier date in the history. The matters given are noted as
   * following the case.
   */
  recordCourtDates(input: RecordCourtDatesInput): Promise<RecordCourtDatesResult>;
  /** The dates of a set of matters' cases, soonest first (cancelled ones only when asked). */
  courtDatesOfMatters(matters: readonly string[], options?: CourtDatesQuery): Promise<CourtDateRecord[]>;
  /** One case's dates, soonest first; `matters` are the reader's (the records' `matters` are cut to them). */
  courtDatesOfCase(ref: { court: string; docket: string }, matters: readonly string[], options?: CourtDatesQuery): Promise<CourtDateRecord[]>;
  /** One date, if it belongs to one of `matters`' cases. */
  getCourtDate(id: number, matters: readonly string[]): Promise<CourtDateRecord | undefined>;
  /** Every matter's dates in [from, to], for the reminder scheduler (never shown to a channel as is). */
  courtDatesBetween(from: string, to: string): Promise<CourtDateRecord[]>;

  /**
   * Sets or clears "Calendared ✓" on the date as it stands (its current date) in the channel and
   * appends the action; undefined when the date is not one of `matters`' cases.
   */
  setCalendared(input: ChannelRef & { courtDateId: number; userId: string; calendared: boolean }, matters: readonly string[]): Promise<{ date: CourtDateRecord; signOff?: CourtDateSignOff | undefined } | undefined>;
  /** The channel's sign-offs of these dates, each valid for the date the row holds now. */
  calendaredIn(channel: ChannelRef, courtDateIds: readonly number[]): Promise<CourtDateSignOff[]>;

  getReminderSettings(channel: ChannelRef): Promise<ReminderSettings>;
  saveReminderSettings(settings: ReminderSettings & { updatedBy: string }): Promise<ReminderSettings>;

  /** Creates the run if absent; created=false means another attempt or process made it first. */
  claimReminderRun(input: ChannelRef & { courtDateId: number; date: string; daysBefore: number; dueAt: number; status?: "pending" | "skipped" }): Promise<{ run: ReminderRun; created: boolean }>;
  finishReminderRun(id: number, result: { status: "posted" | "skipped"; postedTs?: string | undefined }): Promise<ReminderRun | undefined>;
  /** Runs claimed but never finished (a crash between claim and post). */
  unfinishedReminderRuns(): Promise<ReminderRun[]>;
  /** The reminders of a date posted in a channel (their messages show its Calendared state), oldest first. */
  postedReminders(channel: ChannelRef, courtDateId: number): Promise<ReminderRun[]>;
}
