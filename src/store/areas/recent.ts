/**
 * Recent cases per user, for App Home (issue 4, Home). A view moves the case to the top; only the
 * newest RECENT_KEEP per user are kept.
 */
import type { RecentCase, Store } from "../store.ts";
import { checkLimit, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { int, optText, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";

export type RecentArea = Pick<Store, "touchRecentCase" | "recentCases">;

export const RECENT_KEEP = 50;

function toRecent(row: Row): RecentCase {
  return {
    teamId: text(row, "team_id"),
    userId: text(row, "user_id"),
    court: text(row, "court"),
    docket: text(row, "docket"),
    title: optText(row, "title"),
    clientMatter: optText(row, "client_matter"),
    viewedAt: int(row, "viewed_at"),
  };
}

// seq orders views even when the clock has not moved between them (a per-user counter).
const upsert = statement(`
  INSERT INTO recent_cases AS r (team_id, user_id, court, docket, title, client_matter, viewed_at, seq)
  VALUES (:team, :user, :court, :docket, :title, :matter, :now,
          (SELECT COALESCE(MAX(seq), 0) + 1 FROM recent_cases WHERE team_id = :team AND user_id = :user))
  ON CONFLICT (team_id, user_id, court, docket) DO UPDATE SET
    title = COALESCE(excluded.title, r.title),
    client_matter = excluded.client_matter,
    viewed_at = excluded.viewed_at,
    seq = excluded.seq`);
const prune = statement(`
  DELETE FROM recent_cases WHERE team_id = :team AND user_id = :user AND seq <= (
    SELECT seq FROM recent_cases WHERE team_id = :team AND user_id = :user
     ORDER BY seq DESC LIMIT 1 OFFSET :keep)`);

export function createRecent(ctx: StoreContext): RecentArea {
  const { clock } = ctx;
  const newest = statement(`
    SELECT * FROM recent_cases
     WHERE team_id = :team AND user_id = :user AND ${scopeSql(ctx, "client_matter")}
     ORDER BY seq DESC LIMIT :limit`);
  return {
    touchRecentCase: (input) =>
      ctx.run("touchRecentCase", () =>
        ctx.tx("touchRecentCase", async (db) => {
          const who = { team: input.teamId, user: input.userId };
          await db.run(upsert, {
            ...who,
            court: input.court,
            docket: input.docket,
            title: input.title ?? null,
            matter: input.clientMatter ?? null,
            now: clock.now(),
          });
          await db.run(prune, { ...who, keep: RECENT_KEEP });
        }),
      ),

    recentCases: (user, limit, scope) =>
      ctx.run("recentCases", async () =>
        (await ctx.db.all(newest, {
          team: user.teamId, user: user.userId, scope: scopeParam(ctx, scope), limit: checkLimit("recentCases", limit),
        })).map(toRecent),
      ),
  };
}
