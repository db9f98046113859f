/**
 * Lanes on SQLite (lane-records.ts), in the same channel_lanes table as PostgreSQL's. One process
 * owns a SQLite file (its lock, held-lock.test.ts) and node:sqlite runs each call to its end on the
 * event loop, so a claim needs no row lock; and every lease found at open belongs to a process that
 * is gone, so opening ends them all (its in-flight deliveries are resumed by the next claim).
 */
import type { LaneDesk, LaneLease } from "../lane-records.ts";
import type { ChannelRef } from "../records.ts";
import { int, optInt, text, type StoreContext } from "./context.ts";

export const INTERRUPTED = "interrupted: checking Slack before posting again";

export interface SqliteLanes extends LaneDesk {
  /** True when `lane` is the channel's current fence (the deliveries' fenced writes ask). */
  holds(channel: ChannelRef, lane: LaneLease): boolean;
}

export function createLanes(ctx: StoreContext): SqliteLanes {
  const { db, clock } = ctx;
  const p = (sql: string) => db.prepare(sql);
  const listeners = new Set<() => void>();
  const key = "team_id = :team AND channel_id = :channel";
  const get = p(`SELECT holder, fence, lease_until, last_post_at FROM channel_lanes WHERE ${key}`);
  const take = p(`INSERT INTO channel_lanes (team_id, channel_id, holder, fence, lease_until) VALUES (:team, :channel, :holder, 1, :until)
    ON CONFLICT (team_id, channel_id) DO UPDATE SET holder = excluded.holder, fence = fence + 1, lease_until = excluded.lease_until
    RETURNING fence`);
  const resume = p(`UPDATE deliveries SET state = 'pending', next_attempt_at = :now, last_error = '${INTERRUPTED}',
    updated_at = :now WHERE ${key} AND state = 'in_flight' RETURNING id`);
  const renew = p(`UPDATE channel_lanes SET lease_until = :until, last_post_at = coalesce(:posted, last_post_at)
    WHERE ${key} AND holder = :holder AND fence = :fence`);
  const release = p(`UPDATE channel_lanes SET lease_until = 0 WHERE ${key} AND holder = :holder AND fence = :fence`);
  const stranded = p(`SELECT d.team_id, d.channel_id FROM deliveries d JOIN (SELECT MIN(id) AS id FROM deliveries
    WHERE state IN ('pending', 'in_flight') GROUP BY team_id, channel_id) h ON h.id = d.id
    WHERE d.state = 'in_flight' AND NOT EXISTS (SELECT 1 FROM channel_lanes c WHERE c.team_id = d.team_id
      AND c.channel_id = d.channel_id AND c.lease_until > :now) ORDER BY d.id`);
  // The previous process's leases: it is gone (we hold the file).
  p("UPDATE channel_lanes SET lease_until = 0").run();
  const params = (c: ChannelRef) => ({ team: c.teamId, channel: c.channelId });

  return {
    holds: (c, lane) => {
      const row = get.get(params(c));
      return row !== undefined && int(row, "fence") === lane.fence && text(row, "holder") === lane.holder;
    },
    claimLane: (channel, holder, ttlMs) =>
      ctx.run("claimLane", () =>
        ctx.tx("claimLane", () => {
          const now = clock.now();
          const row = get.get(params(channel));
          const prevHolder = row ? text(row, "holder") : undefined;
          if (row && int(row, "lease_until") > now && prevHolder !== holder) return undefined;
          const fence = int(take.get({ ...params(channel), holder, until: now + ttlMs })!, "fence");
          const resumed = resume.all({ ...params(channel), now }).map((r) => int(r, "id"));
          const lastPostAt = row ? optInt(row, "last_post_at") : undefined;
          return { holder, fence, lastPostAt, takenOver: prevHolder !== undefined && prevHolder !== holder, resumed };
        }),
      ),
    renewLane: (channel, lease, ttlMs, postedAt) =>
      ctx.run("renewLane", () =>
        Number(renew.run({ ...params(channel), holder: lease.holder, fence: lease.fence, until: clock.now() + ttlMs, posted: postedAt ?? null }).changes) === 1,
      ),
    releaseLane: (channel, lease) =>
      ctx.run("releaseLane", () => {
        release.run({ ...params(channel), holder: lease.holder, fence: lease.fence });
      }),
    strandedChannels: (now) =>
      ctx.run("strandedChannels", () =>
        stranded.all({ now: now ?? clock.now() }).map((r) => ({ teamId: text(r, "team_id"), channelId: text(r, "channel_id") })),
      ),
    announceWork: () =>
      ctx.run("announceWork", () => {
        // One process: its own outboxes are every listener there is.
        for (const l of listeners) l();
      }),
    onWork: async (listener) => {
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
  };
}
