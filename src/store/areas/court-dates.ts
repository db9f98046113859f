/**
 * Court dates per case (issue 16): one row per (case, date key), written by every push delivered
 * and every docket fetched for the case view (the extraction is pure; the store only merges, as
 * court-date-merge.ts plans). Which matters follow a case is kept beside it (court_date_matters),
 * so reads by matter hold the wall. The case's row is locked while it is merged (Dialect.forUpdate),
 * so two connections delivering the same order at once do not both raise its sequence. A date
 * that an earlier row holds under another key (the same hearing set again, the same service
 * returned again) is merged into that row (court-date-twins.ts), never inserted beside it.
 */
import type { CourtDate } from "../../court/deadlines/court-date.ts";
import type { CourtDatesQuery } from "../court-date-records.ts";
import type { Store } from "../store.ts";
import { checkMatter, type StoreContext } from "../sql/context.ts";
import { int } from "../sql/rows.ts";
import { statement, type Db } from "../sql/statement.ts";
import { checkCourtDate, mergeHistory, planCourtDateUpdate } from "./court-date-merge.ts";
import { createFollowedFilter } from "./court-date-follows.ts";
import { createRuleSupersession } from "./court-date-rules.ts";
import { createDateTwins, type DateTwins } from "./court-date-twins.ts";
import { evidenceColumns, storedCaseKey, toCourtDate } from "./court-date-row.ts";

export type CourtDatesArea = Pick<Store, "recordCourtDates" | "courtDatesOfMatters" | "courtDatesOfCase" | "getCourtDate" | "courtDatesBetween">;

const rangeParams = (o: CourtDatesQuery | undefined) => ({ from: o?.from ?? null, to: o?.to ?? null, cancelled: o?.includeCancelled === true, met: o?.includeMet === true });

const insert = statement(`
  INSERT INTO court_dates (case_key, court, docket, case_title, date_key, kind, title, date, time, place, judge, status,
                           source_number, source_date, confidence, history, evidence, computed_from, met, superseded_by,
                           sequence, created_at, updated_at)
  VALUES (:case, :court, :docket, :caseTitle, :key, :kind, :title, :date, :time, :place, :judge, :status,
          :number, :sourceDate, :confidence, :history, :evidence, :computedFrom, :met, :supersededBy, 0, :now, :now)
  ON CONFLICT (case_key, date_key) DO NOTHING
  RETURNING id`);
const update = statement(`
  UPDATE court_dates SET case_title = coalesce(CAST(:caseTitle AS TEXT), case_title), kind = :kind, title = :title, date = :date,
         time = :time, place = :place, judge = :judge, status = :status, source_number = :number, source_date = :sourceDate,
         confidence = :confidence, history = :history, evidence = :evidence, computed_from = :computedFrom, met = :met,
         sequence = sequence + CAST(:bump AS INTEGER), updated_at = :now
   WHERE id = :id`);
const follow = statement(`INSERT INTO court_date_matters (case_key, client_matter, since) VALUES (:case, :matter, :now) ON CONFLICT DO NOTHING`);

export function createCourtDates(ctx: StoreContext): CourtDatesArea {
  const { clock, dialect } = ctx;
  const inMatters = dialect.inList("m.client_matter", "matters");
  // The matters as a JSON array text, which toCourtDate reads (NULL or '[]', read as none, when no row matches).
  const MATTERS_OF = `(SELECT ${dialect.jsonArrayAgg("client_matter")} FROM court_date_matters m
    WHERE m.case_key = c.case_key AND ${inMatters}) AS matters`;
  const FOLLOWED = `EXISTS (SELECT 1 FROM court_date_matters m WHERE m.case_key = c.case_key AND ${inMatters})`;
  // ISO dates and HH:MM times order as bytes, whatever the database's collation.
  const date = dialect.bytewise("c.date");
  const RANGE = `(CAST(:from AS TEXT) IS NULL OR ${date} >= :from) AND (CAST(:to AS TEXT) IS NULL OR ${date} <= :to)
    AND (:cancelled OR c.status <> 'cancelled') AND (:met OR c.met IS NULL) AND c.superseded_by IS NULL`;
  const ORDER = `ORDER BY ${date}, ${dialect.bytewise("coalesce(c.time, '99:99')")}, c.id`;
  const byKey = statement(`SELECT c.*, CAST(NULL AS TEXT) AS matters FROM court_dates c WHERE case_key = :case AND date_key = :key${dialect.forUpdate()}`);
  const ofMatters = statement(`SELECT c.*, ${MATTERS_OF} FROM court_dates c WHERE ${FOLLOWED} AND ${RANGE} ${ORDER}`);
  const ofCase = statement(`SELECT c.*, ${MATTERS_OF} FROM court_dates c WHERE c.case_key = :case AND ${FOLLOWED} AND ${RANGE} ${ORDER}`);
  // A superseded row is history (a twin's or a rule's date the court's own replaced): never read back.
  const one = statement(`SELECT c.*, ${MATTERS_OF} FROM court_dates c WHERE c.id = :id AND ${FOLLOWED} AND c.superseded_by IS NULL`);
  const withId = statement(`SELECT c.*, ${MATTERS_OF} FROM court_dates c WHERE c.id = :id`);
  const followedOnly = createFollowedFilter(ctx);
  const { supersedeRuleDates } = createRuleSupersession();
  const dateTwins = createDateTwins(ctx);
  const mattersParam = (matters: readonly string[] | null) => dialect.listParam(matters === null ? undefined : [...matters]);

  const paramsOf = (caseK: string, input: { caseTitle?: string | undefined }, d: CourtDate, now: number) => ({
    case: caseK, key: d.key, kind: d.kind, title: d.title, place: d.place ?? null, judge: d.judge ?? null,
    number: d.source.entryNumber ?? null, sourceDate: d.source.entryDate, confidence: d.confidence,
    caseTitle: input.caseTitle ?? null, now, ...evidenceColumns(d),
  });

  const write = async (
    db: Db, caseK: string, input: { court: string; docket: string; caseTitle?: string | undefined }, incoming: CourtDate, now: number, twins: DateTwins,
  ): Promise<{ id: number; changed: boolean }> => {
    let d = incoming;
    // A date beside another of its name (the text did not say it moves it) is a second row; that row
    // may itself be stored already (the same push again), so it is merged like any other.
    for (let depth = 0; ; depth++) {
      let row = await db.get(byKey, { case: caseK, key: d.key });
      if (!row || row.superseded_by != null) {
        // The same date under another key (court/deadlines/same-date.ts): merged into its row.
        const twin = twins.of(d);
        if (twin && twin.key !== d.key) row = await db.get(byKey, { case: caseK, key: twin.key });
      }
      if (!row) {
        const inserted = await db.get(insert, {
          ...paramsOf(caseK, input, d, now), court: input.court, docket: input.docket, date: d.date, time: d.time ?? null, status: d.status,
          history: JSON.stringify(mergeHistory(d.history, d)), supersededBy: null,
        });
        if (inserted) {
          twins.wrote(int(inserted, "id"), d.key, d);
          return { id: int(inserted, "id"), changed: true };
        }
        // Another transaction inserted the key meanwhile (it committed while we waited): merge into its row.
        row = await db.get(byKey, { case: caseK, key: d.key });
        if (!row) throw new Error("a court date conflicted on its key but cannot be found");
      }
      const stored = toCourtDate(row);
      const plan = planCourtDateUpdate(stored, d, input.caseTitle);
      if (plan === undefined) return { id: stored.id, changed: false };
      if (plan.kind === "second" && depth < 2) {
        d = plan.date;
        continue;
      }
      const next = plan.kind === "update" ? plan.date : { ...plan.date, key: stored.key };
      const history = plan.kind === "update" ? plan.history : mergeHistory([...stored.history, ...d.history], next);
      const bump = plan.kind === "update" ? plan.bump : 1;
      const { case: _case, key: _key, ...changed } = paramsOf(caseK, input, next, now);
      await db.run(update, { ...changed, id: stored.id, date: next.date, time: next.time ?? null, status: next.status, history: JSON.stringify(history), bump });
      twins.wrote(stored.id, stored.key, next);
      return { id: stored.id, changed: bump === 1 };
    }
  };

  return {
    recordCourtDates: (input) =>
      ctx.run("recordCourtDates", async () => {
        for (const m of input.matters ?? []) checkMatter("recordCourtDates", m);
        input.dates.forEach(checkCourtDate);
        const caseK = storedCaseKey(ctx, input);
        return ctx.tx("recordCourtDates", async (db) => {
          const now = clock.now();
          for (const m of input.matters ?? []) await db.run(follow, { case: caseK, matter: m, now });
          const { twins, changed } = await dateTwins.load(db, caseK, input.dates, now);
          const ids: number[] = [];
          for (const d of input.dates) {
            const w = await write(db, caseK, input, d, now, twins);
            ids.push(w.id);
            if (w.changed) changed.push(w.id);
          }
          for (const id of await supersedeRuleDates(db, caseK, now)) if (!changed.includes(id)) changed.push(id);
          const records = [];
          for (const id of new Set(ids)) {
            const row = await db.get(withId, { id, matters: mattersParam(input.matters ?? []) });
            if (!row) throw new Error("the court date just written is missing");
            records.push(toCourtDate(row));
          }
          return { records, changed };
        }, Math.max(1, input.dates.length));
      }),

    courtDatesOfMatters: (matters, options) =>
      ctx.run("courtDatesOfMatters", async () =>
        followedOnly(await ctx.db.all(ofMatters, { matters: mattersParam(matters), ...rangeParams(options) }), matters)),

    courtDatesOfCase: (ref, matters, options) =>
      ctx.run("courtDatesOfCase", async () =>
        followedOnly(await ctx.db.all(ofCase, { case: storedCaseKey(ctx, ref), matters: mattersParam(matters), ...rangeParams(options) }), matters)),

    getCourtDate: (id, matters) =>
      ctx.run("getCourtDate", async () => {
        const row = await ctx.db.get(one, { id, matters: mattersParam(matters) });
        return row ? (await followedOnly([row], matters))[0] : undefined;
      }),

    courtDatesBetween: (from, to) =>
      ctx.run("courtDatesBetween", async () =>
        followedOnly(await ctx.db.all(ofMatters, { matters: null, ...rangeParams({ from, to }) }), null)),
  };
}
