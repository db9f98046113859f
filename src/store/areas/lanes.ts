/**
 * Lanes (lane-records.ts): every outbox claims a channel's lane here, on either database. A claim
 * makes sure the lane's row exists (committed at once), then reads it in a transaction with the
 * dialect's row lock: on PostgreSQL FOR UPDATE SKIP LOCKED
 * (postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE), so two replicas claiming at
 * once never wait on each other: the second sees no row and moves on; on SQLite nothing, its one
 * writer already orders the claims. The fence grows with every claim; fenced delivery writes
 * (deliveries.ts) find the lane's row only under their own fence.
 *
 * How an outbox is woken differs: in one process (SQLite) its listeners are called; across
 * replicas (PostgreSQL) a NOTIFY. Each database supplies that part (sqlite/lanes.ts, postgres/lanes.ts).
 */
import type { LaneDesk } from "../lane-records.ts";
import type { ChannelRef } from "../records.ts";
import type { StoreContext } from "../sql/context.ts";
import { int, optInt, text } from "../sql/rows.ts";
import { statement } from "../sql/statement.ts";
import { headReads } from "./heads.ts";

/** last_error of a delivery a claim put back in the queue: its previous holder may have posted it. */
export const INTERRUPTED = "interrupted: checking Slack before posting again";

/** How outboxes are woken (announceWork, onWork): the part of the lanes each database does its own way. */
export type LaneWake = Pick<LaneDesk, "announceWork" | "onWork">;

const KEY = "team_id = :team AND channel_id = :channel";
const ensure = statement(`INSERT INTO channel_lanes (team_id, channel_id, holder, fence, lease_until)
  VALUES (:team, :channel, '', 0, 0) ON CONFLICT DO NOTHING`);
const take = statement(`UPDATE channel_lanes SET holder = :holder, fence = fence + 1, lease_until = :until
  WHERE ${KEY} RETURNING fence`);
const resume = statement(`UPDATE deliveries SET state = 'pending', next_attempt_at = :now, last_error = '${INTERRUPTED}',
  updated_at = :now WHERE ${KEY} AND state = 'in_flight' RETURNING id`);
const renew = statement(`UPDATE channel_lanes SET lease_until = :until, last_post_at = COALESCE(CAST(:posted AS BIGINT), last_post_at)
  WHERE ${KEY} AND holder = :holder AND fence = :fence`);
const release = statement(`UPDATE channel_lanes SET lease_until = 0 WHERE ${KEY} AND holder = :holder AND fence = :fence`);

const params = (c: ChannelRef) => ({ team: c.teamId, channel: c.channelId });

export function createLanes(ctx: StoreContext, wake: LaneWake): LaneDesk {
  const { clock, db } = ctx;
  const { strandedChannels: stranded } = headReads(ctx.dialect);
  const lock = statement(`SELECT holder, fence, lease_until, last_post_at FROM channel_lanes WHERE ${KEY} ${ctx.dialect.skipLocked}`);

  return {
    claimLane: (channel, holder, ttlMs) =>
      ctx.run("claimLane", async () => {
        const now = clock.now();
        await db.run(ensure, params(channel));
        return ctx.tx("claimLane", async (t) => {
          const row = await t.get(lock, params(channel));
          if (!row) return undefined; // another replica is claiming it right now
          const prevHolder = text(row, "holder");
          if (int(row, "lease_until") > now && prevHolder !== holder) return undefined;
          const fence = int((await t.get(take, { ...params(channel), holder, until: now + ttlMs })) ?? {}, "fence");
          const resumed = (await t.all(resume, { ...params(channel), now })).map((r) => int(r, "id"));
          return { holder, fence, lastPostAt: optInt(row, "last_post_at"), takenOver: prevHolder !== "" && prevHolder !== holder, resumed };
        });
      }),
    renewLane: (channel, lease, ttlMs, postedAt) =>
      ctx.run("renewLane", async () =>
        (await db.run(renew, { ...params(channel), holder: lease.holder, fence: lease.fence, until: clock.now() + ttlMs, posted: postedAt ?? null })) === 1,
      ),
    releaseLane: (channel, lease) =>
      ctx.run("releaseLane", async () => {
        await db.run(release, { ...params(channel), holder: lease.holder, fence: lease.fence });
      }),
    strandedChannels: (now) =>
      ctx.run("strandedChannels", async () =>
        (await db.all(stranded, { now: now ?? clock.now() })).map((r) => ({ teamId: text(r, "team_id"), channelId: text(r, "channel_id") })),
      ),
    ...wake,
  };
}
