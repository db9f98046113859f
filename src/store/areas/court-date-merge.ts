/**
 * How a court date merges into the one stored under its key (court-dates.ts): the latest source
 * entry wins; a stale page (an entry older than the one stored) changes nothing. A change of date,
 * time or status raises `sequence` (the iCalendar feed's SEQUENCE) and keeps the replaced date in
 * `history`. Pure.
 */
import type { CourtDate, CourtDateChange, CourtDateStatus } from "../../court/deadlines/court-date.ts";
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { CourtDateRecord } from "../court-date-records.ts";

const HISTORY_MAX = 20;
const ISO_DATE = /^\d{4}-[01]\d-[0-3]\d$/;
const HH_MM = /^[0-2]\d:[0-5]\d$/;

const entryNo = (n: string | undefined): number | undefined => {
  const m = /^\s*(\d{1,15})/.exec(n ?? "");
  return m ? Number(m[1]) : undefined;
};

/** <0 when source `a` is older than `b`; an entry without a number is as late as any of its day. */
export function compareSources(a: { entryDate: string; entryNumber?: string | undefined }, b: { entryDate: string; entryNumber?: string | undefined }): number {
  if (a.entryDate !== b.entryDate) return a.entryDate < b.entryDate ? -1 : 1;
  const x = entryNo(a.entryNumber);
  const y = entryNo(b.entryNumber);
  return x === undefined || y === undefined ? 0 : x - y;
}

const changeKey = (c: CourtDateChange) => `${c.date}|${c.time ?? ""}|${c.source.entryDate}|${c.source.entryNumber ?? ""}`;

export function mergeHistory(parts: readonly CourtDateChange[], current: { date: string; time?: string | undefined }): CourtDateChange[] {
  const seen = new Map<string, CourtDateChange>();
  for (const c of parts) {
    if (c.date === current.date && (c.time ?? "") === (current.time ?? "")) continue;
    const { entryIndex: _drop, ...source } = c.source;
    seen.set(changeKey(c), { date: c.date, ...(c.time ? { time: c.time } : {}), source: { ...source, entryIndex: -1 } });
  }
  return [...seen.values()].sort((a, b) => compareSources(a.source, b.source)).slice(-HISTORY_MAX);
}

/** Refuses a date the schema's CHECKs would. */
export function checkCourtDate(d: CourtDate): void {
  const bad = (what: string) => new StoreError(StoreErrorCode.InvalidInput, "recordCourtDates", `recordCourtDates: ${what} (${d.key})`);
  if (!ISO_DATE.test(d.date)) throw bad("date must be YYYY-MM-DD");
  if (d.time !== undefined && !HH_MM.test(d.time)) throw bad("time must be HH:MM");
  if (!ISO_DATE.test(d.source.entryDate)) throw bad("the source entry's date must be YYYY-MM-DD");
  if (!(d.confidence >= 0 && d.confidence <= 1)) throw bad("confidence must be within 0..1");
}

export interface CourtDateUpdate {
  date: string;
  time: string | undefined;
  status: CourtDateStatus;
  history: CourtDateChange[];
  /** 1 when the date, time or status changed (the row's sequence rises). */
  bump: 0 | 1;
}

/**
 * How a stored date takes a new mention of its key: undefined when nothing is to be written (its
 * source is older than the stored one, or it says what is stored already).
 */
export function planCourtDateUpdate(stored: CourtDateRecord, d: CourtDate, caseTitle: string | undefined): CourtDateUpdate | undefined {
  if (compareSources(d.source, stored.source) < 0) return undefined;
  // A cancellation keeps the date it cancels; a new date after a cancellation or another date is a move.
  const cancelled = d.status === "cancelled";
  const date = cancelled ? stored.date : d.date;
  const time = cancelled ? stored.time : d.time;
  const moved = date !== stored.date || (time ?? "") !== (stored.time ?? "");
  const status: CourtDateStatus = cancelled ? "cancelled" : moved || d.status === "moved" || stored.status === "moved" ? "moved" : "scheduled";
  const bump = moved || status !== stored.status ? 1 : 0;
  const history = mergeHistory([...stored.history, ...(moved ? [{ date: stored.date, time: stored.time, source: stored.source }] : []), ...d.history], { date, time });
  const same = bump === 0 && stored.kind === d.kind && stored.title === d.title && stored.place === d.place && stored.judge === d.judge
    && compareSources(d.source, stored.source) === 0 && stored.source.entryNumber === d.source.entryNumber && stored.confidence === d.confidence
    && JSON.stringify(history) === JSON.stringify(stored.history) && (caseTitle === undefined || caseTitle === stored.caseTitle);
  return same ? undefined : { date, time, status, history, bump };
}
