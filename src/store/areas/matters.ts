/**
 * Channel ↔ client_matter links: the ethical walls (issue 4, Matters). A channel may carry several
 * matters and a matter several channels. Linking releases the matter's held pushes in the same
 * transaction, under the routing lock (routing.ts), so a push batch committing beside it on another
 * connection or replica is routed exactly once; unlinking stops what was still queued for that
 * channel under that matter.
 */
import type { MatterLink, Store } from "../store.ts";
import { checkMatter, type StoreContext } from "../sql/context.ts";
import { int, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";
import { fromSql, toSql } from "./delivery-states.ts";
import { writeAudit } from "./audit-trail.ts";
import type { Routing } from "./routing.ts";

export type MattersArea = Pick<
  Store,
  "linkMatter" | "unlinkMatter" | "mattersOfChannel" | "mattersOfChannels" | "channelsOfMatter" | "releaseHeld"
>;

/** dead_reason of deliveries cancelled because their channel no longer has the matter. */
export const UNLINKED_REASON = "matter_unlinked";

const COLUMNS = "team_id, channel_id, client_matter, linked_by, linked_at";

function toLink(row: Row): MatterLink {
  return {
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    linkedBy: text(row, "linked_by"),
    linkedAt: int(row, "linked_at"),
  };
}

const KEY = "team_id = :team AND channel_id = :channel AND client_matter = :matter";
const insert = statement(`
  INSERT INTO matter_links (${COLUMNS}) VALUES (:team, :channel, :matter, :by, :now)
  ON CONFLICT DO NOTHING`);
const selectOne = statement(`SELECT ${COLUMNS} FROM matter_links WHERE ${KEY}`);
const remove = statement(`DELETE FROM matter_links WHERE ${KEY}`);
const cancel = statement(`
  UPDATE deliveries SET ${toSql("unlink")}, dead_reason = :reason, updated_at = :now
   WHERE ${KEY} AND ${fromSql("unlink")}`);
const byChannel = statement(`SELECT ${COLUMNS} FROM matter_links WHERE team_id = :team AND channel_id = :channel ORDER BY client_matter`);
const byMatter = statement(`SELECT ${COLUMNS} FROM matter_links WHERE client_matter = :matter ORDER BY linked_at, team_id, channel_id`);

export function createMatters(ctx: StoreContext, routing: Routing): MattersArea {
  const { clock, dialect } = ctx;
  const byChannels = statement(`
    SELECT ${COLUMNS} FROM matter_links
     WHERE team_id = :team AND ${dialect.inList("channel_id", "channels")}
     ORDER BY channel_id, client_matter`);

  return {
    linkMatter: (input) =>
      ctx.run("linkMatter", async () => {
        checkMatter("linkMatter", input.clientMatter);
        return ctx.tx("linkMatter", async (db) => {
          await routing.lock(db);
          const now = clock.now();
          const key = { team: input.teamId, channel: input.channelId, matter: input.clientMatter };
          const linked = (await db.run(insert, { ...key, by: input.linkedBy, now })) === 1;
          if (linked) await writeAudit(db, { teamId: input.teamId, channelId: input.channelId, clientMatter: input.clientMatter, userId: input.linkedBy, action: "link" }, now);
          const released = await routing.releaseHeld(db, input.clientMatter, now);
          const row = await db.get(selectOne, key);
          if (!row) throw new Error("the link just written is missing");
          return { linked, link: toLink(row), released };
        });
      }),

    unlinkMatter: (input) =>
      ctx.run("unlinkMatter", () =>
        ctx.tx("unlinkMatter", async (db) => {
          await routing.lock(db);
          const key = { team: input.teamId, channel: input.channelId, matter: input.clientMatter };
          const now = clock.now();
          const unlinked = (await db.run(remove, key)) === 1;
          if (unlinked) await writeAudit(db, { teamId: input.teamId, channelId: input.channelId, clientMatter: input.clientMatter, userId: input.unlinkedBy, action: "unlink" }, now);
          const cancelledDeliveries = await db.run(cancel, { ...key, reason: UNLINKED_REASON, now });
          return { unlinked, cancelledDeliveries };
        }),
      ),

    mattersOfChannel: (channel) =>
      ctx.run("mattersOfChannel", async () =>
        (await ctx.db.all(byChannel, { team: channel.teamId, channel: channel.channelId })).map(toLink),
      ),

    mattersOfChannels: (teamId, channelIds) =>
      ctx.run("mattersOfChannels", async () =>
        (await ctx.db.all(byChannels, { team: teamId, channels: dialect.listParam(channelIds) })).map(toLink),
      ),

    channelsOfMatter: (clientMatter) =>
      ctx.run("channelsOfMatter", async () => (await ctx.db.all(byMatter, { matter: clientMatter })).map(toLink)),

    releaseHeld: (clientMatter) =>
      ctx.run("releaseHeld", () =>
        ctx.tx("releaseHeld", async (db) => {
          await routing.lock(db);
          return routing.releaseHeld(db, clientMatter, clock.now());
        }),
      ),
  };
}
