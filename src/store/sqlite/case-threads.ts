/**
 * Per-case alert threads (issue 5, Routing): in each channel, a case's docket alerts go under one
 * root message, which is edited in place with the running count of new entries and the latest date.
 */
import type { CaseThread, CaseThreadKey } from "../store.ts";
import type { Store } from "../store.ts";
import { changes, int, optText, SCOPE_SQL, scopeParam, text, type Row, type StoreContext, CHANNEL_CASE_KEY, channelCaseParams } from "./context.ts";

export type CaseThreadsArea = Pick<Store, "getCaseThread" | "saveCaseThread" | "recordCaseAlert" | "deleteCaseThread">;


function toCaseThread(row: Row): CaseThread {
  return {
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    court: text(row, "court"),
    docket: text(row, "docket"),
    clientMatter: text(row, "client_matter"),
    rootTs: text(row, "root_ts"),
    title: optText(row, "title"),
    newEntries: int(row, "new_entries"),
    latestEntryDate: optText(row, "latest_entry_date"),
    createdAt: int(row, "created_at"),
    updatedAt: int(row, "updated_at"),
  };
}

export function createCaseThreads(ctx: StoreContext): CaseThreadsArea {
  const { db, clock } = ctx;
  const select = db.prepare(`SELECT * FROM case_threads WHERE ${CHANNEL_CASE_KEY}`);
  const selectScoped = db.prepare(`SELECT * FROM case_threads WHERE ${CHANNEL_CASE_KEY} AND ${SCOPE_SQL("client_matter")}`);
  const insert = db.prepare(`
    INSERT INTO case_threads (team_id, channel_id, court, docket, client_matter, root_ts, title,
                              new_entries, created_at, updated_at)
    VALUES (:team, :channel, :court, :docket, :matter, :ts, :title, 0, :now, :now)
    ON CONFLICT DO NOTHING`);
  // ISO dates order as text, so MAX keeps the latest; a missing date or title keeps the old one.
  const bump = db.prepare(`
    UPDATE case_threads SET
      new_entries = new_entries + :added,
      latest_entry_date = CASE WHEN :date IS NULL THEN latest_entry_date
                               WHEN latest_entry_date IS NULL OR :date > latest_entry_date THEN :date
                               ELSE latest_entry_date END,
      title = COALESCE(:title, title),
      updated_at = :now
    WHERE ${CHANNEL_CASE_KEY}`);
  const remove = db.prepare(`DELETE FROM case_threads WHERE ${CHANNEL_CASE_KEY}`);

  const get = (key: CaseThreadKey) => {
    const row = select.get(channelCaseParams(key));
    return row ? toCaseThread(row) : undefined;
  };

  return {
    getCaseThread: (key, scope) =>
      ctx.run("getCaseThread", () => {
        const row = selectScoped.get({ ...channelCaseParams(key), scope: scopeParam(scope) });
        return row ? toCaseThread(row) : undefined;
      }),

    saveCaseThread: (input) =>
      ctx.run("saveCaseThread", () =>
        ctx.tx("saveCaseThread", () => {
          const created =
            changes(
              insert.run({
                ...channelCaseParams(input),
                matter: input.clientMatter,
                ts: input.rootTs,
                title: input.title ?? null,
                now: clock.now(),
              }),
            ) === 1;
          const thread = get(input);
          if (!thread) throw new Error("the case thread just written is missing");
          return { thread, created };
        }),
      ),

    recordCaseAlert: (key, update) =>
      ctx.run("recordCaseAlert", () =>
        ctx.tx("recordCaseAlert", () => {
          const added = Math.max(0, Math.trunc(update.newEntries));
          const params = { ...channelCaseParams(key), added, date: update.latestEntryDate ?? null, title: update.title ?? null };
          if (changes(bump.run({ ...params, now: clock.now() })) === 0) return undefined;
          return get(key);
        }),
      ),

    deleteCaseThread: (key) =>
      ctx.run("deleteCaseThread", () => changes(remove.run(channelCaseParams(key))) === 1),
  };
}
