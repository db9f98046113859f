/**
 * Sign-off on filings (issue 12, item 4): Docketed ✓ and Assign, each change stored on the filing
 * and appended to filing_actions with who, when, channel and matter (kept forever: the audit trail).
 * A click that changes nothing (docketing what is already docketed, assigning the same person)
 * appends nothing, so the first to docket stays the one shown and recorded.
 */
import type { FilingAction, FilingActionKind, FilingRecord, Store } from "../store.ts";
import { int, oneOf, optText, SCOPE_SQL, scopeParam, text, type Row, type StoreContext } from "./context.ts";
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

export function createFilingSignOff(ctx: StoreContext): FilingSignOffArea {
  const { db, clock } = ctx;
  const select = db.prepare(`SELECT * FROM filings WHERE id = :id AND ${SCOPE_SQL("client_matter")}`);
  const docket = db.prepare(`UPDATE filings SET docketed_by = :user, docketed_at = :now WHERE id = :id`);
  const undocket = db.prepare(`UPDATE filings SET docketed_by = NULL, docketed_at = NULL WHERE id = :id`);
  const assign = db.prepare(`
    UPDATE filings SET assignee = :assignee,
                       assigned_by = CASE WHEN :assignee IS NULL THEN NULL ELSE :user END,
                       assigned_at = CASE WHEN :assignee IS NULL THEN NULL ELSE :now END
     WHERE id = :id`);
  const append = db.prepare(`
    INSERT INTO filing_actions (filing_id, action, user_id, assignee, team_id, channel_id, client_matter, at)
    VALUES (:id, :action, :user, :assignee, :team, :channel, :matter, :now)`);
  const actions = db.prepare(`SELECT * FROM filing_actions WHERE filing_id = :id ORDER BY id`);

  const get = (id: number, scope: string | null) => {
    const row = select.get({ id, scope });
    return row ? toFiling(row) : undefined;
  };
  const log = (f: FilingRecord, action: FilingActionKind, user: string, now: number, assignee?: string) =>
    append.run({
      id: f.id, action, user, assignee: assignee ?? null,
      team: f.teamId, channel: f.channelId, matter: f.clientMatter, now,
    });

  return {
    setDocketed: (id, input, scope) =>
      ctx.run("setDocketed", () =>
        ctx.tx("setDocketed", () => {
          const before = get(id, scopeParam(scope));
          if (!before) return undefined;
          const was = before.docketedAt !== undefined;
          if (was === input.docketed) return before;
          const now = clock.now();
          if (input.docketed) docket.run({ id, user: input.userId, now });
          else undocket.run({ id });
          log(before, input.docketed ? "docketed" : "undocketed", input.userId, now);
          return get(id, null);
        }),
      ),

    setAssignee: (id, input, scope) =>
      ctx.run("setAssignee", () =>
        ctx.tx("setAssignee", () => {
          const before = get(id, scopeParam(scope));
          if (!before) return undefined;
          const assignee = input.assignee === "" ? undefined : input.assignee;
          if (before.assignee === assignee) return before;
          const now = clock.now();
          assign.run({ id, assignee: assignee ?? null, user: input.userId, now });
          // An "unassigned" action names whom it took the filing from, so the trail reads on its own.
          log(before, assignee === undefined ? "unassigned" : "assigned", input.userId, now, assignee ?? before.assignee);
          return get(id, null);
        }),
      ),

    filingActions: (id) => ctx.run("filingActions", () => actions.all({ id }).map(toAction)),
  };
}
