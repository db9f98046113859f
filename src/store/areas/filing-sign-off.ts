/**
 * Sign-off on filings (issue 12, item 4): Docketed ✓ and Assign, each change stored on the filing
 * and appended to filing_actions with who, when, channel and matter (kept forever: the audit trail).
 * A click that changes nothing (docketing what is already docketed, assigning the same person)
 * appends nothing, so the first to docket stays the one shown and recorded. The filing's row is
 * locked while deciding (the dialect's forUpdate: PostgreSQL's replicas write concurrently, SQLite's
 * transaction already holds the file's write lock), so two people clicking at once append one
 * action, not two: the second sees the first's change and finds nothing to do.
 */
import type { FilingAction, FilingActionKind, FilingRecord, Store } from "../store.ts";
import { scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { int, oneOf, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import { toFiling } from "./filing-rows.ts";

export type FilingSignOffArea = Pick<Store, "setDocketed" | "setAssignee" | "filingActions">;

const ACTIONS: readonly FilingActionKind[] = ["docketed", "undocketed", "assigned", "unassigned"];

function toAction(row: Row): FilingAction {
  return {
    id: int(row, "id"),
    filingId: int(row, "filing_id"),
    action: oneOf(row, "action", ACTIONS),
    userId: text(row, "user_id"),
    assignee: optText(row, "assignee"),
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    at: int(row, "at"),
  };
}

const docket = statement(`UPDATE filings SET docketed_by = :user, docketed_at = :now WHERE id = :id`);
const undocket = statement(`UPDATE filings SET docketed_by = NULL, docketed_at = NULL WHERE id = :id`);
const assign = statement(`
  UPDATE filings SET assignee = CAST(:assignee AS text),
                     assigned_by = CASE WHEN CAST(:assignee AS text) IS NULL THEN NULL ELSE CAST(:user AS text) END,
                     assigned_at = CASE WHEN CAST(:assignee AS text) IS NULL THEN NULL ELSE CAST(:now AS bigint) END
   WHERE id = :id`);
const append = statement(`
  INSERT INTO filing_actions (filing_id, action, user_id, assignee, team_id, channel_id, client_matter, at)
  VALUES (:id, :action, :user, :assignee, :team, :channel, :matter, :now)`);
const actions = statement(`SELECT * FROM filing_actions WHERE filing_id = :id ORDER BY id`);

export function createFilingSignOff(ctx: StoreContext): FilingSignOffArea {
  const { clock } = ctx;
  const select = statement(`SELECT * FROM filings WHERE id = :id AND ${scopeSql(ctx, "client_matter")} ${ctx.dialect.forUpdate()}`);
  const get = async (db: Db, id: number, scope: unknown) => {
    const row = await db.get(select, { id, scope });
    return row ? toFiling(row) : undefined;
  };
  const log = (db: Db, f: FilingRecord, action: FilingActionKind, user: string, now: number, assignee?: string) =>
    db.run(append, {
      id: f.id, action, user, assignee: assignee ?? null,
      team: f.teamId, channel: f.channelId, matter: f.clientMatter, now,
    });

  return {
    setDocketed: (id, input, scope) =>
      ctx.run("setDocketed", () =>
        ctx.tx("setDocketed", async (db) => {
          const before = await get(db, id, scopeParam(ctx, scope));
          if (!before) return undefined;
          const was = before.docketedAt !== undefined;
          if (was === input.docketed) return before;
          const now = clock.now();
          if (input.docketed) await db.run(docket, { id, user: input.userId, now });
          else await db.run(undocket, { id });
          await log(db, before, input.docketed ? "docketed" : "undocketed", input.userId, now);
          return get(db, id, scopeParam(ctx, undefined));
        }),
      ),

    setAssignee: (id, input, scope) =>
      ctx.run("setAssignee", () =>
        ctx.tx("setAssignee", async (db) => {
          const before = await get(db, id, scopeParam(ctx, scope));
          if (!before) return undefined;
          const assignee = input.assignee === "" ? undefined : input.assignee;
          if (before.assignee === assignee) return before;
          const now = clock.now();
          await db.run(assign, { id, assignee: assignee ?? null, user: input.userId, now });
          // An "unassigned" action names whom it took the filing from, so the trail reads on its own.
          await log(db, before, assignee === undefined ? "unassigned" : "assigned", input.userId, now, assignee ?? before.assignee);
          return get(db, id, scopeParam(ctx, undefined));
        }),
      ),

    filingActions: (id) => ctx.run("filingActions", async () => (await ctx.db.all(actions, { id })).map(toAction)),
  };
}
