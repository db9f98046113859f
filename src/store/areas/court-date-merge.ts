/**
 * How a court date merges into the one stored under its key (court-dates.ts): the latest source
 * entry wins; a stale page (an entry older than the one stored) changes nothing; a different date
 * moves the stored one only when the incoming date says so (planCourtDateUpdate). A change of date,
 * time or status raises `sequence` (the iCalendar feed's SEQUENCE) and keeps the replaced date, with
 * what replaced it, in `history`. What the extractor decided (evidence, rule, met filing) is kept.
 * Pure.
 */
import type { CourtDate, CourtDateChange } from "../../court/deadlines/court-date.ts";
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
    const by = c.changedBy ? { changedBy: { source: { ...c.changedBy.source, entryIndex: -1 }, words: c.changedBy.words } } : {};
    seen.set(changeKey(c), { date: c.date, ...(c.time ? { time: c.time } : {}), source: { ...source, entryIndex: -1 }, ...by });
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


/** What to write for an incoming date: an update of the stored row, or a second row beside it. */
export type CourtDatePlan =
  | { kind: "update"; date: CourtDate; history: CourtDateChange[]; bump: 0 | 1 }
  | { kind: "second"; date: CourtDate };

const sameWhen = (a: { date: string; time?: string | undefined }, b: { date: string; time?: string | undefined }) =>
  a.date === b.date && (a.time === undefined || b.time === undefined || a.time === b.time);

/**
 * The incoming date says the stored one moved: its evidence comes from an entry no older than the
 * stored date's, or the entries it was read from replaced the stored date (it is in its history).
 */
function saysItMoves(stored: CourtDateRecord, d: CourtDate): boolean {
  if (d.changedBy && compareSources(d.changedBy.source, stored.setBy ?? stored.source) >= 0) return true;
  return d.history.some((h) => h.date === stored.date && (h.time ?? "") === (stored.time ?? ""));
}

/** The stored date had passed when the incoming date's entry was filed: that entry sets the next one. */
const nextOccurrence = (stored: CourtDateRecord, d: CourtDate) => stored.date < (d.setBy ?? d.source).entryDate;

/** A date the rules alone give: counted again, not stated, so a new count replaces the old. */
export const ruleOnly = (d: Pick<CourtDate, "byRule">) => d.byRule !== undefined && !d.byRule.courtStates;

/** The key of a second date of the same name (`conference:status-on-2026-12-15`). */
export const secondKey = (d: CourtDate) => `${d.key}-on-${d.date}`;

/**
 * How a stored date takes a new mention of its key (issue 23 item 3, "none guessed"): undefined
 * when nothing is to be written (its source is older than the stored one, or it says what is
 * stored already). A different date moves the stored one only when the mention says it moved (its
 * evidence), when the stored date had already passed (the next occurrence), or for a rule's own
 * date; otherwise both stand: the new date is a second row naming the conflict.
 */
export function planCourtDateUpdate(stored: CourtDateRecord, d: CourtDate, caseTitle: string | undefined): CourtDatePlan | undefined {
  if (compareSources(d.source, stored.source) < 0) return undefined;
  const kept = {
    ...(stored.setBy ?? d.setBy ? { setBy: stored.setBy ?? d.setBy } : {}),
    ...(d.byRule ?? stored.byRule ? { byRule: d.byRule ?? stored.byRule } : {}),
    ...(d.met ?? stored.met ? { met: d.met ?? stored.met } : {}),
  };
  let date: CourtDate;
  let history: CourtDateChange[];
  if (d.status === "cancelled") {
    // A cancellation keeps the date it cancels.
    const changedBy = d.changedBy ?? stored.changedBy;
    date = { ...d, ...kept, date: stored.date, ...(stored.time ? { time: stored.time } : {}), status: "cancelled", ...(changedBy ? { changedBy } : {}) };
    history = mergeHistory([...stored.history, ...d.history], date);
  } else if (sameWhen(stored, d)) {
    const time = d.time ?? stored.time;
    const status = stored.status === "moved" || d.status === "moved" ? "moved" : "scheduled";
    const changedBy = d.changedBy ?? stored.changedBy;
    const conflict = d.conflict ?? stored.conflict;
    date = { ...d, ...kept, ...(time ? { time } : {}), status, ...(changedBy ? { changedBy } : {}), ...(conflict ? { conflict } : {}) };
    history = mergeHistory([...stored.history, ...d.history], date);
  } else if (saysItMoves(stored, d) || nextOccurrence(stored, d) || ruleOnly(d)) {
    const moves = !ruleOnly(d) && !nextOccurrence(stored, d);
    const by = moves ? d.changedBy : undefined;
    const replaced: CourtDateChange = { date: stored.date, ...(stored.time ? { time: stored.time } : {}), source: stored.source, ...(by ? { changedBy: by } : {}) };
    date = { ...d, ...kept, status: moves ? "moved" : "scheduled", ...(by ? { changedBy: by } : {}), ...(moves ? {} : { setBy: d.setBy ?? d.source }) };
    history = mergeHistory([...stored.history, replaced, ...d.history], date);
  } else {
    const why = `${entryName(d.setBy ?? d.source)} sets another ${stored.title} without saying it replaces the one of ${stored.date}: both stand until the court says which`;
    const conflict = { key: stored.key, title: stored.title, date: stored.date, ...(stored.time ? { time: stored.time } : {}), source: stored.source, why };
    return { kind: "second", date: { ...d, key: secondKey(d), conflict } };
  }
  // A date met by a later filing, or ended by one (a Rule 12 motion and the computed answer date),
  // is no longer standing and a calendar shows it so (cancelled when ended): a significant revision
  // like a new date or status (RFC 5545 section 3.8.7.4), without which a client that imported the
  // event keeps the date it had.
  const bump = date.date !== stored.date || (date.time ?? "") !== (stored.time ?? "") || date.status !== stored.status || metState(date) !== metState(stored) ? 1 : 0;
  const { id: _i, court: _c, docket: _d, caseTitle: storedTitle, matters: _m, sequence: _s, createdAt: _a, updatedAt: _u, ...was } = stored;
  const same = bump === 0 && JSON.stringify(canonical({ ...date, history })) === JSON.stringify(canonical(was)) && (caseTitle === undefined || caseTitle === storedTitle);
  return same ? undefined : { kind: "update", date, history, bump };
}

/** Whether a later filing met the date, ended it (its `why`), or neither: each reads differently in a calendar. */
const metState = (d: Pick<CourtDate, "met">): "" | "met" | "ended" => (d.met === undefined ? "" : d.met.why === undefined ? "met" : "ended");

const entryName = (s: { entryNumber?: string | undefined; entryDate: string }) => (s.entryNumber ? `Entry ${s.entryNumber} (${s.entryDate})` : `An entry of ${s.entryDate}`);

/** A date as stored, for "nothing changed": the source without its index, fields in one order. */
function canonical(d: Omit<CourtDate, "key">): unknown {
  const o: Record<string, unknown> = { ...d, source: { entryNumber: d.source.entryNumber, entryDate: d.source.entryDate } };
  delete o.key;
  return stripIndex(Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b))));
}

export function stripIndex(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === "entryIndex" ? undefined : x)));
}
