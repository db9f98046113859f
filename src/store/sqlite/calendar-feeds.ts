/** Calendar feed tokens, hashed (calendar-feed-records.ts; migration 12). */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { CalendarFeed, CalendarFeedDesk } from "../calendar-feed-records.ts";
import { checkMatter, int, optInt, optText, rowId, text, type Row, type StoreContext } from "./context.ts";

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

export function createCalendarFeeds(ctx: StoreContext): CalendarFeedDesk {
  const { db, clock } = ctx;
  const live = db.prepare("SELECT * FROM calendar_feeds WHERE team_id = :team AND client_matter = :matter AND revoked_at IS NULL");
  const revoke = db.prepare("UPDATE calendar_feeds SET revoked_by = :user, revoked_at = :now WHERE id = :id AND revoked_at IS NULL");
  const insert = db.prepare(`
    INSERT INTO calendar_feeds (team_id, client_matter, token_sha256, created_by, created_at)
    VALUES (:team, :matter, :hash, :user, :now)`);
  const byId = db.prepare("SELECT * FROM calendar_feeds WHERE id = :id");
  const byHash = db.prepare("SELECT * FROM calendar_feeds WHERE token_sha256 = :hash AND revoked_at IS NULL");
  const ofMatters = db.prepare(`
    SELECT * FROM calendar_feeds
    WHERE team_id = :team AND revoked_at IS NULL AND client_matter IN (SELECT value FROM json_each(:matters))
    ORDER BY client_matter`);

  const revokeLive = (team: string, matter: string, user: string): CalendarFeed | undefined => {
    const row = live.get({ team, matter });
    if (!row) return undefined;
    const id = int(row, "id");
    revoke.run({ id, user, now: clock.now() });
    const after = byId.get({ id });
    return after ? toFeed(after) : undefined;
  };

  return {
    createCalendarFeed: (input) =>
      ctx.run("createCalendarFeed", () => {
        checkMatter("createCalendarFeed", input.clientMatter);
        if (!HASH.test(input.tokenHash)) throw new StoreError(StoreErrorCode.InvalidInput, "createCalendarFeed", "createCalendarFeed: the token hash is not 64 hex digits");
        return ctx.tx("createCalendarFeed", () => {
          const replaced = revokeLive(input.teamId, input.clientMatter, input.userId);
          const id = rowId(insert.run({ team: input.teamId, matter: input.clientMatter, hash: input.tokenHash, user: input.userId, now: clock.now() }));
          const row = byId.get({ id });
          if (!row) throw new Error("the feed just written is missing");
          return { feed: toFeed(row), replaced };
        });
      }),

    revokeCalendarFeed: (input) =>
      ctx.run("revokeCalendarFeed", () => ctx.tx("revokeCalendarFeed", () => revokeLive(input.teamId, input.clientMatter, input.userId))),

    calendarFeedByHash: (tokenHash) =>
      ctx.run("calendarFeedByHash", () => {
        if (!HASH.test(tokenHash)) return undefined;
        const row = byHash.get({ hash: tokenHash });
        return row ? toFeed(row) : undefined;
      }),

    calendarFeedsOf: (teamId, matters) =>
      ctx.run("calendarFeedsOf", () => ofMatters.all({ team: teamId, matters: JSON.stringify(matters) }).map(toFeed)),
  };
}
