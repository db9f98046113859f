/**
 * Lanes on PostgreSQL (lane-records.ts): every replica's outbox claims a channel's lane here. A claim
 * locks the lane's row with FOR UPDATE SKIP LOCKED (postgresql.org/docs/current/sql-select.html#SQL-FOR-UPDATE-SHARE),
 * so two replicas claiming at once never wait on each other: the second sees no row and moves on.
 * The fence grows with every claim; fenced delivery writes (deliveries.ts) lock the row FOR SHARE
 * and find it only under their own fence.
 *
 * Wake-ups: announceWork is a NOTIFY on a channel named for the schema, and onWork LISTENs on a
 * connection of its own (postgresql.org/docs/current/sql-notify.html), reconnecting after a
 * failure; a lost notification only waits for the outbox's poll.
 */
import pg from "pg";
import type { LaneDesk } from "../lane-records.ts";
import { INTERRUPTED } from "../sqlite/lanes.ts";
import type { PgContext } from "./context.ts";
import { int, optInt, text } from "./rows.ts";
import { statement } from "./sql.ts";

const ensure = statement(`INSERT INTO channel_lanes (team_id, channel_id, holder, fence, lease_until)
  VALUES (:team, :channel, '', 0, 0) ON CONFLICT DO NOTHING`);
const lock = statement(`SELECT holder, fence, lease_until, last_post_at FROM channel_lanes
  WHERE team_id = :team AND channel_id = :channel FOR UPDATE SKIP LOCKED`);
const take = statement(`UPDATE channel_lanes SET holder = :holder, fence = fence + 1, lease_until = :until
  WHERE team_id = :team AND channel_id = :channel RETURNING fence`);
const resume = statement(`UPDATE deliveries SET state = 'pending', next_attempt_at = :now, last_error = '${INTERRUPTED}',
  updated_at = :now WHERE team_id = :team AND channel_id = :channel AND state = 'in_flight' RETURNING id`);
const renew = statement(`UPDATE channel_lanes SET lease_until = :until, last_post_at = coalesce(:posted::bigint, last_post_at)
  WHERE team_id = :team AND channel_id = :channel AND holder = :holder AND fence = :fence`);
const release = statement(`UPDATE channel_lanes SET lease_until = 0
  WHERE team_id = :team AND channel_id = :channel AND holder = :holder AND fence = :fence`);
const stranded = statement(`SELECT d.team_id, d.channel_id FROM deliveries d
  JOIN (SELECT min(id) AS id FROM deliveries WHERE state IN ('pending', 'in_flight') GROUP BY team_id, channel_id) h ON h.id = d.id
  WHERE d.state = 'in_flight' AND NOT EXISTS (SELECT 1 FROM channel_lanes c WHERE c.team_id = d.team_id
    AND c.channel_id = d.channel_id AND c.lease_until > :now) ORDER BY d.id`);
const notify = statement("SELECT pg_notify('docketbot_outbox_' || current_schema(), '')");

export interface LaneListenConfig {
  /** A new connection for LISTEN (the pool's settings: same server, same schema). */
  connect(): pg.Client;
  /** Real time between reconnection attempts (not the injected clock: the server is down in real time). */
  retryMs?: number | undefined;
}

export function createLanes(ctx: PgContext, listen: LaneListenConfig): LaneDesk {
  const { clock, db, logger } = ctx;
  const params = (c: { teamId: string; channelId: string }) => ({ team: c.teamId, channel: c.channelId });

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
          const fence = int((await t.get(take, { ...params(channel), holder, until: now + ttlMs }))!, "fence");
          const resumed = (await t.all(resume, { ...params(channel), now })).map((r) => int(r, "id"));
          return { holder, fence, lastPostAt: optInt(row, "last_post_at"), takenOver: prevHolder !== "" && prevHolder !== holder, resumed };
        });
      }),
    renewLane: (channel, lease, ttlMs, postedAt) =>
      ctx.run("renewLane", async () =>
        (await db.run(renew, { ...params(channel), ...lease, until: clock.now() + ttlMs, posted: postedAt ?? null })) === 1,
      ),
    releaseLane: (channel, lease) =>
      ctx.run("releaseLane", async () => {
        await db.run(release, { ...params(channel), ...lease });
      }),
    strandedChannels: (now) =>
      ctx.run("strandedChannels", async () =>
        (await db.all(stranded, { now: now ?? clock.now() })).map((r) => ({ teamId: text(r, "team_id"), channelId: text(r, "channel_id") })),
      ),
    announceWork: () =>
      ctx.run("announceWork", async () => {
        await db.get(notify);
      }),
    async onWork(listener) {
      let client: pg.Client | undefined;
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        if (stopped) return;
        const c = listen.connect();
        client = c;
        const retry = (err: unknown) => {
          if (stopped || client !== c) return;
          client = undefined;
          void c.end().catch(() => undefined);
          logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, "outbox wake-up connection failed; reconnecting (the poll covers the gap)");
          timer = setTimeout(() => void connect(), listen.retryMs ?? 2000);
        };
        c.on("error", retry);
        c.on("end", () => retry(new Error("connection ended")));
        c.on("notification", () => listener());
        try {
          await c.connect();
          const schema = (await c.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]?.s ?? "public";
          await c.query(`LISTEN "docketbot_outbox_${schema.replaceAll('"', '""')}"`);
          listener(); // anything announced while we were not listening
        } catch (e) {
          retry(e);
        }
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        const c = client;
        client = undefined;
        await c?.end().catch(() => undefined);
      };
    },
  };
}
