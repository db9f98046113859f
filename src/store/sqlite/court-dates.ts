/**
 * Court dates per case (issue 16): one row per (case, date key), written by every push delivered
 * and every docket fetched for the case view (the extraction is pure; the store only merges).
 * The latest source entry wins; a stale page (an entry older than the one stored) changes nothing.
 * A change of date, time or status raises `sequence` (the iCalendar feed's SEQUENCE) and keeps
 * the replaced date in `history`. Which matters follow a case is kept beside it
 * (court_date_matters), so reads by matter hold the wall.
 */
import { caseKey } from "../../court/case-key.ts";
import type { CourtDate, CourtDateChange, CourtDateStatus } from "../../court/deadlines/court-date.ts";
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { Store } from "../store.ts";
import type { CourtDateRecord, CourtDatesQuery } from "../court-date-records.ts";
import { checkMatter, rowId, type StoreContext } from "./context.ts";
import { createFollowedFilter } from "./court-date-follows.ts";
import { toCourtDate } from "./court-dates-row.ts";

export { toCourtDate } from "./court-dates-row.ts";

export type CourtDatesArea = Pick<Store, "recordCourtDates" | "courtDatesOfMatters" | "courtDatesOfCase" | "getCourtDate" | "courtDatesBetween">;

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

/** Refuses a date the schema's CHECKs would (shared with the PostgreSQL store). */
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
 * source is older than the stored one, or it says what is stored already). Pure, and shared with
 * the PostgreSQL store, so both merge alike.
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

const MATTERS_OF = (alias: string) => `
  (SELECT json_group_array(client_matter) FROM court_date_matters m
    WHERE m.case_key = ${alias}.case_key AND (:matters IS NULL OR m.client_matter IN (SELECT value FROM json_each(:matters)))) AS matters`;
const FOLLOWED = (alias: string) => `
  EXISTS (SELECT 1 FROM court_date_matters m WHERE m.case_key = ${alias}.case_key
    AND (:matters IS NULL OR m.client_matter IN (SELECT value FROM json_each(:matters))))`;
const RANGE = `(:from IS NULL OR c.date >= :from) AND (:to IS NULL OR c.date <= :to) AND (:cancelled = 1 OR c.status <> 'cancelled')`;
const ORDER = `ORDER BY c.date, coalesce(c.time, '99:99'), c.id`;

const rangeParams = (o: CourtDatesQuery | undefined) => ({ from: o?.from ?? null, to: o?.to ?? null, cancelled: o?.includeCancelled ? 1 : 0 });

export function createCourtDates(ctx: StoreContext): CourtDatesArea {
  const { db, clock } = ctx;
  const byKey = db.prepare(`SELECT c.*, NULL AS matters FROM court_dates c WHERE case_key = :case AND date_key = :key`);
  const insert = db.prepare(`
    INSERT INTO court_dates (case_key, court, docket, case_title, date_key, kind, title, date, time, place, judge, status,
                             source_number, source_date, confidence, history, sequence, created_at, updated_at)
    VALUES (:case, :court, :docket, :caseTitle, :key, :kind, :title, :date, :time, :place, :judge, :status,
            :number, :sourceDate, :confidence, :history, 0, :now, :now)`);
  const update = db.prepare(`
    UPDATE court_dates SET case_title = coalesce(:caseTitle, case_title), kind = :kind, title = :title, date = :date, time = :time,
           place = :place, judge = :judge, status = :status, source_number = :number, source_date = :sourceDate,
           confidence = :confidence, history = :history, sequence = sequence + :bump, updated_at = :now
     WHERE id = :id`);
  const follow = db.prepare(`INSERT INTO court_date_matters (case_key, client_matter, since) VALUES (:case, :matter, :now) ON CONFLICT DO NOTHING`);
  const ofMatters = db.prepare(`SELECT c.*, ${MATTERS_OF("c")} FROM court_dates c WHERE ${FOLLOWED("c")} AND ${RANGE} ${ORDER}`);
  const ofCase = db.prepare(`SELECT c.*, ${MATTERS_OF("c")} FROM court_dates c WHERE c.case_key = :case AND ${FOLLOWED("c")} AND ${RANGE} ${ORDER}`);
  const one = db.prepare(`SELECT c.*, ${MATTERS_OF("c")} FROM court_dates c WHERE c.id = :id AND ${FOLLOWED("c")}`);
  const withId = db.prepare(`SELECT c.*, ${MATTERS_OF("c")} FROM court_dates c WHERE c.id = :id`);
  const followed = createFollowedFilter(db);

  const write = (caseK: string, input: { court: string; docket: string; caseTitle?: string | undefined }, d: CourtDate, now: number): { id: number; changed: boolean } => {
    const params = {
      case: caseK, key: d.key, kind: d.kind, title: d.title, place: d.place ?? null, judge: d.judge ?? null,
      number: d.source.entryNumber ?? null, sourceDate: d.source.entryDate, confidence: d.confidence,
      caseTitle: input.caseTitle ?? null, now,
    };
    const row = byKey.get({ case: caseK, key: d.key });
    if (!row) {
      const id = rowId(insert.run({
        ...params, court: input.court, docket: input.docket, date: d.date, time: d.time ?? null, status: d.status,
        history: JSON.stringify(mergeHistory(d.history, d)),
      }));
      return { id, changed: true };
    }
    const stored = toCourtDate(row);
    const plan = planCourtDateUpdate(stored, d, input.caseTitle);
    if (plan === undefined) return { id: stored.id, changed: false };
    const { case: _case, key: _key, ...changed } = params;
    update.run({ ...changed, id: stored.id, date: plan.date, time: plan.time ?? null, status: plan.status, history: JSON.stringify(plan.history), bump: plan.bump });
    return { id: stored.id, changed: plan.bump === 1 };
  };

  return {
    recordCourtDates: (input) =>
      ctx.run("recordCourtDates", () => {
        for (const m of input.matters ?? []) checkMatter("recordCourtDates", m);
        input.dates.forEach(checkCourtDate);
        const caseK = caseKey(input);
        return ctx.tx("recordCourtDates", () => {
          const now = clock.now();
          for (const m of input.matters ?? []) follow.run({ case: caseK, matter: m, now });
          const changed: number[] = [];
          const ids: number[] = [];
          for (const d of input.dates) {
            const w = write(caseK, input, d, now);
            ids.push(w.id);
            if (w.changed) changed.push(w.id);
          }
          const records = [...new Set(ids)].map((id) => toCourtDate(withId.get({ id, matters: JSON.stringify(input.matters ?? []) })!));
          return { records, changed };
        }, Math.max(1, input.dates.length));
      }),

    courtDatesOfMatters: (matters, options) =>
      ctx.run("courtDatesOfMatters", () => {
        const m = JSON.stringify(matters);
        return followed(ofMatters.all({ matters: m, ...rangeParams(options) }), m);
      }),

    courtDatesOfCase: (ref, matters, options) =>
      ctx.run("courtDatesOfCase", () => {
        const m = JSON.stringify(matters);
        return followed(ofCase.all({ case: caseKey(ref), matters: m, ...rangeParams(options) }), m);
      }),

    getCourtDate: (id, matters) =>
      ctx.run("getCourtDate", () => {
        const m = JSON.stringify(matters);
        const row = one.get({ id, matters: m });
        return row ? followed([row], m)[0] : undefined;
      }),

    courtDatesBetween: (from, to) =>
      ctx.run("courtDatesBetween", () => followed(ofMatters.all({ matters: null, ...rangeParams({ from, to }) }), null)),
  };
}
