/**
 * Lanes on SQLite (lane-records.ts): one process owns a SQLite file (its lock, held-lock.test.ts),
 * so the leases live in memory here and every claim is decided on the event loop, atomically. What
 * must survive the process, the deliveries, stays in the database: a claim puts the channel's
 * in-flight deliveries back in the queue (after a restart, what the dead process left mid-post).
 */
import type { LaneDesk, LaneLease } from "../lane-records.ts";
import type { ChannelRef } from "../records.ts";
import { int, text, type StoreContext } from "./context.ts";

interface LaneRow extends LaneLease {
  leaseUntil: number;
  lastPostAt?: number | undefined;
}

export const INTERRUPTED = "interrupted: checking Slack before posting again";

export interface SqliteLanes extends LaneDesk {
  /** True when `lane` is the channel's current fence (the deliveries' fenced writes ask). */
  holds(channel: ChannelRef, lane: LaneLease): boolean;
}

const keyOf = (c: ChannelRef) => `${c.teamId}\u0000${c.channelId}`;

export function createLanes(ctx: StoreContext): SqliteLanes {
  const { db, clock } = ctx;
  const lanes = new Map<string, LaneRow>();
  const listeners = new Set<() => void>();
  const resume = db.prepare(`UPDATE deliveries SET state = 'pending', next_attempt_at = :now, last_error = '${INTERRUPTED}',
    updated_at = :now WHERE team_id = :team AND channel_id = :channel AND state = 'in_flight' RETURNING id`);
  const inFlightHeads = db.prepare(`SELECT d.team_id, d.channel_id FROM deliveries d JOIN (SELECT MIN(id) AS id FROM deliveries
    WHERE state IN ('pending', 'in_flight') GROUP BY team_id, channel_id) h ON h.id = d.id WHERE d.state = 'in_flight' ORDER BY d.id`);
  const live = (c: ChannelRef, now: number) => {
    const row = lanes.get(keyOf(c));
    return row !== undefined && row.leaseUntil > now ? row : undefined;
  };

  return {
    holds: (c, lane) => {
      const row = lanes.get(keyOf(c));
      return row !== undefined && row.fence === lane.fence && row.holder === lane.holder;
    },
    claimLane: (channel, holder, ttlMs) =>
      ctx.run("claimLane", () => {
        const now = clock.now();
        const held = live(channel, now);
        if (held && held.holder !== holder) return undefined;
        const prev = lanes.get(keyOf(channel));
        const row: LaneRow = { holder, fence: (prev?.fence ?? 0) + 1, leaseUntil: now + ttlMs, lastPostAt: prev?.lastPostAt };
        lanes.set(keyOf(channel), row);
        const resumed = ctx.tx("claimLane", () => resume.all({ now, team: channel.teamId, channel: channel.channelId }).map((r) => int(r, "id")));
        return { holder, fence: row.fence, lastPostAt: row.lastPostAt, takenOver: prev !== undefined && prev.holder !== holder, resumed };
      }),
    renewLane: (channel, lease, ttlMs, postedAt) =>
      ctx.run("renewLane", () => {
        const row = lanes.get(keyOf(channel));
        if (!row || row.fence !== lease.fence || row.holder !== lease.holder) return false;
        row.leaseUntil = clock.now() + ttlMs;
        if (postedAt !== undefined) row.lastPostAt = postedAt;
        return true;
      }),
    releaseLane: (channel, lease) =>
      ctx.run("releaseLane", () => {
        const row = lanes.get(keyOf(channel));
        if (row && row.fence === lease.fence && row.holder === lease.holder) row.leaseUntil = 0;
      }),
    strandedChannels: (now) =>
      ctx.run("strandedChannels", () => {
        const at = now ?? clock.now();
        return inFlightHeads
          .all()
          .map((r) => ({ teamId: text(r, "team_id"), channelId: text(r, "channel_id") }))
          .filter((c) => live(c, at) === undefined);
      }),
    announceWork: () =>
      ctx.run("announceWork", () => {
        for (const l of listeners) l();
      }),
    onWork: async (listener) => {
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
  };
}
