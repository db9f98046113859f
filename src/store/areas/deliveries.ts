/**
 * The outbox (issue 5, Delivery): one row per (push, channel), written before any Slack call.
 * States: pending → in_flight → sent, with in_flight → pending on a retry and → dead on a permanent
 * failure. Order is FIFO per channel: a channel's head is its oldest pending or in-flight delivery,
 * and a head that is waiting (Retry-After, backoff) holds back the rest of that channel only. Each
 * state change is one conditional UPDATE, so two connections racing for the same delivery cannot
 * both claim it (the loser's WHERE no longer holds).
 *
 * Walls at the last gate: a delivery whose channel no longer has its matter is never sent or revived.
 */
import type { DeliveryRecord, DeliveryState, DeliveryWithPush, LaneLease, Store } from "../store.ts";
import { checkLimit, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { int, oneOf, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Params, type Row, type Statement } from "../sql/statement.ts";
import { headReads } from "./heads.ts";
import { UNLINKED_REASON } from "./matters.ts";

export type DeliveriesArea = Pick<
  Store,
  | "dueChannels" | "nextDue" | "nextWakeAt" | "getDelivery" | "listDeliveries" | "markInFlight" | "markSent"
  | "markRetry" | "markDead" | "retryDead" | "inFlightAtStartup" | "outboxStats"
>;

const LINKED = `EXISTS (SELECT 1 FROM matter_links l WHERE l.team_id = deliveries.team_id
  AND l.channel_id = deliveries.channel_id AND l.client_matter = deliveries.client_matter)`;
const WITH_PUSH = `SELECT d.*, p.body AS body, p.push_type AS push_type, p.received_at AS received_at
  FROM deliveries d JOIN pushes p ON p.id = d.push_id`;
const STATES: readonly DeliveryState[] = ["pending", "in_flight", "sent", "dead"];

function toDelivery(row: Row): DeliveryRecord {
  return {
    id: int(row, "id"),
    pushId: int(row, "push_id"),
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    state: oneOf(row, "state", STATES),
    attempts: int(row, "attempts"),
    nextAttemptAt: int(row, "next_attempt_at"),
    lastError: optText(row, "last_error"),
    deadReason: optText(row, "dead_reason"),
    slackTs: optText(row, "slack_ts"),
    createdAt: int(row, "created_at"),
    queuedAt: int(row, "queued_at"),
    updatedAt: int(row, "updated_at"),
    sentAt: optInt(row, "sent_at"),
  };
}

function toDue(row: Row): DeliveryWithPush {
  return {
    ...toDelivery(row),
    push: { body: text(row, "body"), pushType: optText(row, "push_type"), receivedAt: int(row, "received_at") },
  };
}

const nextDue = statement(`${WITH_PUSH} WHERE d.id = (SELECT MIN(id) FROM deliveries WHERE team_id = :team
  AND channel_id = :channel AND state IN ('pending', 'in_flight'))
  AND d.state = 'pending' AND d.next_attempt_at <= :now`);
const byId = statement("SELECT * FROM deliveries WHERE id = :id");
const inFlight = statement(`UPDATE deliveries SET state = 'in_flight', attempts = attempts + 1, updated_at = :now
  WHERE id = :id AND state = 'pending' AND ${LINKED}`);
const deadUnlinked = statement(`UPDATE deliveries SET state = 'dead', dead_reason = '${UNLINKED_REASON}', updated_at = :now
  WHERE id = :id AND state IN ('pending', 'in_flight') AND NOT ${LINKED}`);
const sent = statement(`UPDATE deliveries SET state = 'sent', slack_ts = :ts, sent_at = :now, updated_at = :now
  WHERE id = :id AND state IN ('pending', 'in_flight')`);
const retry = statement(`UPDATE deliveries SET state = 'pending', next_attempt_at = :at, last_error = :error, updated_at = :now
  WHERE id = :id AND state IN ('pending', 'in_flight')`);
const dead = statement(`UPDATE deliveries SET state = 'dead', dead_reason = :reason, updated_at = :now
  WHERE id = :id AND state IN ('pending', 'in_flight')`);
const inFlightNow = statement("SELECT id FROM deliveries WHERE state = 'in_flight' ORDER BY id");

/**
 * What was in flight when this store opened (read at open, before anything is claimed). On one
 * replica that is what the previous process left mid-post (issue 5, Crash safety); with several
 * replicas sharing the database it includes the others' live posts, which is why the outbox no
 * longer reads it: a lane claim (lanes.ts) resumes what a dead holder left in flight, and only
 * under a lease no live replica holds.
 */
export async function inFlightIds(db: Db): Promise<number[]> {
  return (await db.all(inFlightNow)).map((r) => int(r, "id"));
}

export function createDeliveries(ctx: StoreContext, atStartup: readonly number[]): DeliveriesArea {
  const { clock, db, dialect } = ctx;
  const scope = scopeSql(ctx, "client_matter");
  const heads = headReads(dialect);
  // CAST: PostgreSQL cannot type a parameter that is only compared with NULL.
  const list = statement(`SELECT * FROM deliveries WHERE (CAST(:state AS TEXT) IS NULL OR state = :state)
    AND (CAST(:team AS TEXT) IS NULL OR (team_id = :team AND channel_id = :channel)) AND ${scope}
    ORDER BY id LIMIT :limit`);
  const revive = statement(`UPDATE deliveries SET state = 'pending', next_attempt_at = :now, queued_at = :now,
    dead_reason = NULL, attempts = 0, updated_at = :now
    WHERE ${dialect.inIntList("id", "ids")} AND state = 'dead' AND ${scope} AND ${LINKED}`);
  const startup = statement(`${WITH_PUSH} WHERE ${dialect.inIntList("d.id", "ids")} AND d.state = 'in_flight' ORDER BY d.id`);
  const counts = statement(`SELECT client_matter,
      COUNT(*) FILTER (WHERE state = 'pending') AS pending, COUNT(*) FILTER (WHERE state = 'in_flight') AS in_flight,
      COUNT(*) FILTER (WHERE state = 'sent') AS sent, COUNT(*) FILTER (WHERE state = 'dead') AS dead
    FROM deliveries WHERE ${scope} GROUP BY client_matter ORDER BY ${dialect.bytewise("client_matter")}`);
  const oldest = statement(`SELECT MIN(queued_at) AS at FROM deliveries WHERE state IN ('pending', 'in_flight') AND ${scope}`);
  /** The lane's row under this fence, locked against a claim (lanes) until the write commits. */
  const fence = statement(`SELECT 1 AS ok FROM channel_lanes c JOIN deliveries d ON d.team_id = c.team_id AND d.channel_id = c.channel_id
    WHERE d.id = :id AND c.holder = :holder AND c.fence = :fence ${dialect.forShareOf("c")}`);

  /** A fenced write goes ahead only while its lane has this fence. */
  const fenced = async (t: Db, id: number, lane: LaneLease | undefined) =>
    lane === undefined || (await t.get(fence, { id, holder: lane.holder, fence: lane.fence })) !== undefined;
  /** One conditional UPDATE: autocommitted alone, or after the fence check in one transaction under a lane. */
  const write = (op: string, st: Statement, params: Params & { id: number }, lane: LaneLease | undefined) =>
    lane === undefined
      ? ctx.run(op, async () => (await db.run(st, params)) === 1)
      : ctx.run(op, () => ctx.tx(op, async (t) => (await fenced(t, params.id, lane)) && (await t.run(st, params)) === 1));

  return {
    dueChannels: (now) =>
      ctx.run("dueChannels", async () =>
        (await db.all(heads.dueChannels, { now: now ?? clock.now() })).map((r) => ({ teamId: text(r, "team_id"), channelId: text(r, "channel_id") })),
      ),
    nextDue: (channel, now) =>
      ctx.run("nextDue", async () => {
        const row = await db.get(nextDue, { team: channel.teamId, channel: channel.channelId, now: now ?? clock.now() });
        return row ? toDue(row) : undefined;
      }),
    nextWakeAt: () => ctx.run("nextWakeAt", async () => optInt((await db.get(heads.nextWakeAt)) ?? {}, "at")),
    getDelivery: (id) =>
      ctx.run("getDelivery", async () => {
        const row = await db.get(byId, { id });
        return row ? toDelivery(row) : undefined;
      }),
    listDeliveries: (o = {}) =>
      ctx.run("listDeliveries", async () =>
        (await db.all(list, {
          state: o.state ?? null,
          team: o.channel?.teamId ?? null,
          channel: o.channel?.channelId ?? null,
          scope: scopeParam(ctx, o),
          limit: checkLimit("listDeliveries", o.limit ?? 100),
        })).map(toDelivery),
      ),
    markInFlight: (id, lane) =>
      ctx.run("markInFlight", () =>
        ctx.tx("markInFlight", async (t) => {
          if (!(await fenced(t, id, lane))) return false;
          const now = clock.now();
          if ((await t.run(inFlight, { id, now })) === 1) return true;
          await t.run(deadUnlinked, { id, now });
          return false;
        }),
      ),
    markSent: (id, slackTs, lane) => write("markSent", sent, { id, ts: slackTs, now: clock.now() }, lane),
    markRetry: (id, r, lane) =>
      ctx.run("markRetry", () =>
        ctx.tx("markRetry", async (t) => {
          if (!(await fenced(t, id, lane))) return false;
          const now = clock.now();
          // An unlinked matter's delivery goes dead rather than back in the queue.
          if ((await t.run(deadUnlinked, { id, now })) === 1) return false;
          return (await t.run(retry, { id, at: r.nextAttemptAt, error: r.error, now })) === 1;
        }),
      ),
    markDead: (id, reason, lane) => write("markDead", dead, { id, reason, now: clock.now() }, lane),
    retryDead: (ids, scope) =>
      ctx.run("retryDead", () =>
        ctx.tx("retryDead", (t) => t.run(revive, { ids: dialect.listParam(ids), scope: scopeParam(ctx, scope), now: clock.now() })),
      ),
    inFlightAtStartup: () =>
      ctx.run("inFlightAtStartup", async () => (await db.all(startup, { ids: dialect.listParam(atStartup) })).map(toDue)),
    outboxStats: (scope) =>
      ctx.run("outboxStats", async () => {
        const params = { scope: scopeParam(ctx, scope) };
        const byMatter = (await db.all(counts, params)).map((r) => ({
          clientMatter: text(r, "client_matter"),
          pending: int(r, "pending"),
          inFlight: int(r, "in_flight"),
          sent: int(r, "sent"),
          dead: int(r, "dead"),
        }));
        const oldestPendingAt = optInt((await db.get(oldest, params)) ?? {}, "at");
        const oldestPendingAgeMs = oldestPendingAt === undefined ? undefined : Math.max(0, clock.now() - oldestPendingAt);
        return { byMatter, oldestPendingAt, oldestPendingAgeMs };
      }),
  };
}
