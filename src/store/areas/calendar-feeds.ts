/**
 * Calendar feed tokens, hashed (calendar-feed-records.ts; issue 16 item 5; migration 12). One live
 * feed per (workspace, matter), held by a partial unique index: two replicas making a feed at once
 * cannot both leave a live one (the second fails, store_failed, and the admin's click can be repeated).
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { CalendarFeed, CalendarFeedDesk } from "../calendar-feed-records.ts";
import { checkMatter, type StoreContext } from "../sql/context.ts";
import { int, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";

function toFeed(row: Row): CalendarFeed {
  return {
    id: int(row, "id"),
    teamId: text(row, "team_id"),
    clientMatter: text(row, "client_matter"),
    createdBy: text(row, "created_by"),
    createdAt: int(row, "created_at"),
    revokedBy: optText(row, "revoked_by"),
    revokedAt: optInt(row, "revoked_at"),
  };
}

const HASH = /^[0-9a-f]{64}$/;

const revoke = statement(`
  UPDATE calendar_feeds SET revoked_by = :user, revoked_at = :now WHERE id = :id AND revoked_at IS NULL RETURNING *`);
const insert = statement(`
  INSERT INTO calendar_feeds (team_id, client_matter, token_sha256, created_by, created_at)
  VALUES (:team, :matter, :hash, :user, :now) RETURNING *`);
const byHash = statement("SELECT * FROM calendar_feeds WHERE token_sha256 = :hash AND revoked_at IS NULL");

export function createCalendarFeeds(ctx: StoreContext): CalendarFeedDesk {
  const { clock, dialect } = ctx;
  const live = statement(`
    SELECT * FROM calendar_feeds WHERE team_id = :team AND client_matter = :matter AND revoked_at IS NULL${dialect.forUpdate()}`);
  const ofMatters = statement(`
    SELECT * FROM calendar_feeds
     WHERE team_id = :team AND revoked_at IS NULL AND ${dialect.inList("client_matter", "matters")}
     ORDER BY ${dialect.bytewise("client_matter")}`);

  const revokeLive = async (db: Db, team: string, matter: string, user: string): Promise<CalendarFeed | undefined> => {
    const row = await db.get(live, { team, matter });
    if (!row) return undefined;
    const after = await db.get(revoke, { id: int(row, "id"), user, now: clock.now() });
    return after ? toFeed(after) : undefined;
  };

  return {
    createCalendarFeed: (input) =>
      ctx.run("createCalendarFeed", async () => {
        checkMatter("createCalendarFeed", input.clientMatter);
        if (!HASH.test(input.tokenHash)) {
          throw new StoreError(StoreErrorCode.InvalidInput, "createCalendarFeed", "createCalendarFeed: the token hash is not 64 hex digits");
        }
        return ctx.tx("createCalendarFeed", async (db) => {
          const replaced = await revokeLive(db, input.teamId, input.clientMatter, input.userId);
          const row = await db.get(insert, { team: input.teamId, matter: input.clientMatter, hash: input.tokenHash, user: input.userId, now: clock.now() });
          if (!row) throw new Error("the feed just written is missing");
          return { feed: toFeed(row), replaced };
        });
      }),

    revokeCalendarFeed: (input) =>
      ctx.run("revokeCalendarFeed", () =>
        ctx.tx("revokeCalendarFeed", (db) => revokeLive(db, input.teamId, input.clientMatter, input.userId)),
      ),

    calendarFeedByHash: (tokenHash) =>
      ctx.run("calendarFeedByHash", async () => {
        if (!HASH.test(tokenHash)) return undefined;
        const row = await ctx.db.get(byHash, { hash: tokenHash });
        return row ? toFeed(row) : undefined;
      }),

    calendarFeedsOf: (teamId, matters) =>
      ctx.run("calendarFeedsOf", async () => (await ctx.db.all(ofMatters, { team: teamId, matters: dialect.listParam([...matters]) })).map(toFeed)),
  };
}
