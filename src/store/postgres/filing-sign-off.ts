/**
 * Sign-off on filings (issue 12, item 4), as ../sqlite/filing-sign-off.ts: Docketed ✓ and Assign,
 * each change stored on the filing and appended to filing_actions. The filing's row is locked
 * (FOR UPDATE) while deciding, so two people clicking at once on two replicas append one action,
 * not two: the second sees the first's change and finds nothing to do.
 */
import type { FilingAction, FilingActionKind, FilingRecord, Store } from "../store.ts";
import { SCOPE_SQL, scopeParam, type PgContext } from "./context.ts";
import { toFiling } from "./filing-rows.ts";
import { int, oneOf, optText, text } from "./rows.ts";
import { statement, type Db, type Row } from "./sql.ts";

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

const select = statement(`SELECT * FROM filings WHERE id = :id AND ${SCOPE_SQL("client_matter")} FOR UPDATE`);
const docket = statement(`UPDATE filings SET docketed_by = :user, docketed_at = :now WHERE id = :id`);
const undocket = statement(`UPDATE filings SET docketed_by = NULL, docketed_at = NULL WHERE id = :id`);
const assign = statement(`
  UPDATE filings SET assignee = :assignee::text,
                     assigned_by = CASE WHEN :assignee::text IS NULL THEN NULL ELSE :user::text END,
                     assigned_at = CASE WHEN :assignee::text IS NULL THEN NULL ELSE :now::bigint END
   WHERE id = :id`);
const append = statement(`
  INSERT INTO filing_actions (filing_id, action, user_id, assignee, team_id, channel_id, client_matter, at)
  VALUES (:id, :action, :user, :assignee, :team, :channel, :matter, :now)`);
const actions = statement(`SELECT * FROM filing_actions WHERE filing_id = :id ORDER BY id`);

export function createFilingSignOff(ctx: PgContext): FilingSignOffArea {
  const { clock } = ctx;
  const get = async (db: Db, id: number, scope: string[] | null) => {
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
          const before = await get(db, id, scopeParam(scope));
          if (!before) return undefined;
          const was = before.docketedAt !== undefined;
          if (was === input.docketed) return before;
          const now = clock.now();
          if (input.docketed) await db.run(docket, { id, user: input.userId, now });
          else await db.run(undocket, { id });
          await log(db, before, input.docketed ? "docketed" : "undocketed", input.userId, now);
          return get(db, id, null);
        }),
      ),

    setAssignee: (id, input, scope) =>
      ctx.run("setAssignee", () =>
        ctx.tx("setAssignee", async (db) => {
          const before = await get(db, id, scopeParam(scope));
          if (!before) return undefined;
          const assignee = input.assignee === "" ? undefined : input.assignee;
          if (before.assignee === assignee) return before;
          const now = clock.now();
          await db.run(assign, { id, assignee: assignee ?? null, user: input.userId, now });
          // An "unassigned" action names whom it took the filing from, so the trail reads on its own.
          await log(db, before, assignee === undefined ? "unassigned" : "assigned", input.userId, now, assignee ?? before.assignee);
          return get(db, id, null);
        }),
      ),

    filingActions: (id) => ctx.run("filingActions", async () => (await ctx.db.all(actions, { id })).map(toAction)),
  };
}
