/**
 * Channel ↔ client_matter links: the ethical walls (issue 4, Matters). A channel may carry several
 * matters and a matter several channels. Linking releases the matter's held pushes in the same
 * transaction; unlinking stops what was still queued for that channel under that matter.
 */
import type { Store } from "../store.ts";
import type { MatterLink } from "../store.ts";
import { changes, checkMatter, int, text, type Row, type StoreContext } from "./context.ts";
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

export function createMatters(ctx: StoreContext, routing: Routing): MattersArea {
  const { db, clock } = ctx;
  const insert = db.prepare(`
    INSERT INTO matter_links (${COLUMNS}) VALUES (:team, :channel, :matter, :by, :now)
    ON CONFLICT DO NOTHING`);
  const selectOne = db.prepare(
    `SELECT ${COLUMNS} FROM matter_links WHERE team_id = ? AND channel_id = ? AND client_matter = ?`,
  );
  const remove = db.prepare("DELETE FROM matter_links WHERE team_id = ? AND channel_id = ? AND client_matter = ?");
  const cancel = db.prepare(`
    UPDATE deliveries SET state = 'dead', dead_reason = :reason, updated_at = :now
     WHERE team_id = :team AND channel_id = :channel AND client_matter = :matter AND state = 'pending'`);
  const byChannel = db.prepare(
    `SELECT ${COLUMNS} FROM matter_links WHERE team_id = ? AND channel_id = ? ORDER BY client_matter`,
  );
  const byChannels = db.prepare(`
    SELECT ${COLUMNS} FROM matter_links
     WHERE team_id = ? AND channel_id IN (SELECT value FROM json_each(?))
     ORDER BY channel_id, client_matter`);
  const byMatter = db.prepare(
    `SELECT ${COLUMNS} FROM matter_links WHERE client_matter = ? ORDER BY linked_at, team_id, channel_id`,
  );

  return {
    linkMatter: (input) =>
      ctx.run("linkMatter", () => {
        checkMatter("linkMatter", input.clientMatter);
        return ctx.tx("linkMatter", () => {
          const now = clock.now();
          const params = { team: input.teamId, channel: input.channelId, matter: input.clientMatter, by: input.linkedBy, now };
          const linked = changes(insert.run(params)) === 1;
          const released = routing.releaseHeld(input.clientMatter, now);
          const row = selectOne.get(input.teamId, input.channelId, input.clientMatter);
          if (!row) throw new Error("the link just written is missing");
          return { linked, link: toLink(row), released };
        });
      }),

    unlinkMatter: (input) =>
      ctx.run("unlinkMatter", () =>
        ctx.tx("unlinkMatter", () => {
          const unlinked = changes(remove.run(input.teamId, input.channelId, input.clientMatter)) === 1;
          const cancelledDeliveries = changes(
            cancel.run({
              reason: UNLINKED_REASON,
              now: clock.now(),
              team: input.teamId,
              channel: input.channelId,
              matter: input.clientMatter,
            }),
          );
          return { unlinked, cancelledDeliveries };
        }),
      ),

    mattersOfChannel: (channel) =>
      ctx.run("mattersOfChannel", () => byChannel.all(channel.teamId, channel.channelId).map(toLink)),

    mattersOfChannels: (teamId, channelIds) =>
      ctx.run("mattersOfChannels", () => byChannels.all(teamId, JSON.stringify(channelIds)).map(toLink)),

    channelsOfMatter: (clientMatter) => ctx.run("channelsOfMatter", () => byMatter.all(clientMatter).map(toLink)),

    releaseHeld: (clientMatter) =>
      ctx.run("releaseHeld", () => ctx.tx("releaseHeld", () => routing.releaseHeld(clientMatter, clock.now()))),
  };
}
