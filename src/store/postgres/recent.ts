/**
 * Recent cases per user, for App Home (issue 4, Home), as ../sqlite/recent.ts: a view moves the
 * case to the top; only the newest RECENT_KEEP per user are kept.
 */
import type { RecentCase, Store } from "../store.ts";
import { checkLimit } from "../sqlite/context.ts";
import { RECENT_KEEP } from "../sqlite/recent.ts";
import { SCOPE_SQL, scopeParam, type PgContext } from "./context.ts";
import { int, optText, text } from "./rows.ts";
import { statement, type Row } from "./sql.ts";

export type RecentArea = Pick<Store, "touchRecentCase" | "recentCases">;

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
          (SELECT COALESCE(max(seq), 0) + 1 FROM recent_cases WHERE team_id = :team AND user_id = :user))
  ON CONFLICT (team_id, user_id, court, docket) DO UPDATE SET
    title = COALESCE(excluded.title, r.title),
    client_matter = excluded.client_matter,
    viewed_at = excluded.viewed_at,
    seq = excluded.seq`);
const prune = statement(`
  DELETE FROM recent_cases WHERE team_id = :team AND user_id = :user AND seq <= (
    SELECT seq FROM recent_cases WHERE team_id = :team AND user_id = :user
     ORDER BY seq DESC LIMIT 1 OFFSET :keep)`);
const newest = statement(`
  SELECT * FROM recent_cases
   WHERE team_id = :team AND user_id = :user AND ${SCOPE_SQL("client_matter")}
   ORDER BY seq DESC LIMIT :limit`);

export function createRecent(ctx: PgContext): RecentArea {
  const { clock } = ctx;
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
          team: user.teamId, user: user.userId, scope: scopeParam(scope), limit: checkLimit("recentCases", limit),
        })).map(toRecent),
      ),
  };
}
