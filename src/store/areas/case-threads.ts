/**
 * Per-case alert threads (issue 5, Routing): in each channel, a case's docket alerts go under one
 * root message, which is edited in place with the running count of new entries and the latest date.
 */
import type { CaseThread, CaseThreadKey, Store } from "../store.ts";
import { CHANNEL_CASE_KEY, channelCaseOf, channelCaseParams, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { int, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";

export type CaseThreadsArea = Pick<Store, "getCaseThread" | "saveCaseThread" | "recordCaseAlert" | "deleteCaseThread">;

function toCaseThread(row: Row): CaseThread {
  return {
    ...channelCaseOf(row),
    rootTs: text(row, "root_ts"),
    title: optText(row, "title"),
    newEntries: int(row, "new_entries"),
    latestEntryDate: optText(row, "latest_entry_date"),
    createdAt: int(row, "created_at"),
    updatedAt: int(row, "updated_at"),
  };
}

const select = statement(`SELECT * FROM case_threads WHERE ${CHANNEL_CASE_KEY}`);
const insert = statement(`
  INSERT INTO case_threads (team_id, channel_id, court, docket, client_matter, root_ts, title,
                            new_entries, created_at, updated_at)
  VALUES (:team, :channel, :court, :docket, :matter, :ts, :title, 0, :now, :now)
  ON CONFLICT DO NOTHING`);
const remove = statement(`DELETE FROM case_threads WHERE ${CHANNEL_CASE_KEY}`);

export function createCaseThreads(ctx: StoreContext): CaseThreadsArea {
  const { clock } = ctx;
  const selectScoped = statement(`SELECT * FROM case_threads WHERE ${CHANNEL_CASE_KEY} AND ${scopeSql(ctx, "client_matter")}`);
  // ISO dates order as text (by bytes), so the greater is the later; a missing date or title keeps the old one.
  const bump = statement(`
    UPDATE case_threads SET
      new_entries = new_entries + CAST(:added AS INTEGER),
      latest_entry_date = CASE WHEN CAST(:date AS TEXT) IS NULL THEN latest_entry_date
                               WHEN latest_entry_date IS NULL OR ${ctx.dialect.bytewise("CAST(:date AS TEXT)")} > latest_entry_date
                               THEN CAST(:date AS TEXT)
                               ELSE latest_entry_date END,
      title = COALESCE(CAST(:title AS TEXT), title),
      updated_at = :now
    WHERE ${CHANNEL_CASE_KEY}`);

  const get = async (db: Db, key: CaseThreadKey) => {
    const row = await db.get(select, channelCaseParams(key));
    return row ? toCaseThread(row) : undefined;
  };

  return {
    getCaseThread: (key, scope) =>
      ctx.run("getCaseThread", async () => {
        const row = await ctx.db.get(selectScoped, { ...channelCaseParams(key), scope: scopeParam(ctx, scope) });
        return row ? toCaseThread(row) : undefined;
      }),

    saveCaseThread: (input) =>
      ctx.run("saveCaseThread", () =>
        ctx.tx("saveCaseThread", async (db) => {
          const created =
            (await db.run(insert, {
              ...channelCaseParams(input),
              matter: input.clientMatter,
              ts: input.rootTs,
              title: input.title ?? null,
              now: clock.now(),
            })) === 1;
          const thread = await get(db, input);
          if (!thread) throw new Error("the case thread just written is missing");
          return { thread, created };
        }),
      ),

    recordCaseAlert: (key, update) =>
      ctx.run("recordCaseAlert", () =>
        ctx.tx("recordCaseAlert", async (db) => {
          const added = Math.max(0, Math.trunc(update.newEntries));
          const params = { ...channelCaseParams(key), added, date: update.latestEntryDate ?? null, title: update.title ?? null };
          if ((await db.run(bump, { ...params, now: clock.now() })) === 0) return undefined;
          return get(db, key);
        }),
      ),

    deleteCaseThread: (key) =>
      ctx.run("deleteCaseThread", async () => (await ctx.db.run(remove, channelCaseParams(key))) === 1),
  };
}
