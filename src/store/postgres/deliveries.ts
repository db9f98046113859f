/**
 * The outbox (issue 5, Delivery), as ../sqlite/deliveries.ts: FIFO per channel, a waiting head
 * holds back only its channel, and walls hold at the last gate (a delivery whose channel no longer
 * has its matter is never sent or revived). Each state change is one conditional UPDATE, so two
 * connections racing for the same delivery cannot both claim it (the loser's WHERE no longer holds).
 */
import type { DeliveryRecord, DeliveryState, DeliveryWithPush, LaneLease, Store } from "../store.ts";
import { checkLimit } from "../sqlite/context.ts";
import { UNLINKED_REASON } from "../sqlite/matters.ts";
import { SCOPE_SQL, scopeParam, type PgContext } from "./context.ts";
import { int, optInt, optText, text } from "./rows.ts";
import { statement, type Db, type Row } from "./sql.ts";

export type DeliveriesArea = Pick<
  Store,
  | "dueChannels" | "nextDue" | "nextWakeAt" | "getDelivery" | "listDeliveries" | "markInFlight" | "markSent"
  | "markRetry" | "markDead" | "retryDead" | "inFlightAtStartup" | "outboxStats"
>;

const LINKED = `EXISTS (SELECT 1 FROM matter_links l WHERE l.team_id = deliveries.team_id
  AND l.channel_id = deliveries.channel_id AND l.client_matter = deliveries.client_matter)`;
/** The head of every channel with unfinished work (served by the partial index deliveries_open_by_channel). */
const HEADS = `SELECT min(id) AS id FROM deliveries WHERE state IN ('pending', 'in_flight') GROUP BY team_id, channel_id`;
const WITH_PUSH = `SELECT d.*, p.body AS body, p.push_type AS push_type, p.received_at AS received_at
  FROM deliveries d JOIN pushes p ON p.id = d.push_id`;

function toDelivery(row: Row): DeliveryRecord {
  return {
    id: int(row, "id"),
    pushId: int(row, "push_id"),
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    state: text(row, "state") as DeliveryState,
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

const dueChannels = statement(`SELECT d.team_id, d.channel_id FROM deliveries d JOIN (${HEADS}) h ON h.id = d.id
  WHERE d.state = 'pending' AND d.next_attempt_at <= :now ORDER BY d.next_attempt_at, d.id`);
const nextDue = statement(`${WITH_PUSH} WHERE d.id = (SELECT min(id) FROM deliveries WHERE team_id = :team
  AND channel_id = :channel AND state IN ('pending', 'in_flight'))
  AND d.state = 'pending' AND d.next_attempt_at <= :now`);
const wake = statement(`SELECT min(d.next_attempt_at) AS at FROM deliveries d JOIN (${HEADS}) h ON h.id = d.id
  WHERE d.state = 'pending'`);
const byId = statement("SELECT * FROM deliveries WHERE id = :id");
const list = statement(`SELECT * FROM deliveries WHERE (:state::text IS NULL OR state = :state::text)
  AND (:team::text IS NULL OR (team_id = :team::text AND channel_id = :channel::text)) AND ${SCOPE_SQL("client_matter")}
  ORDER BY id LIMIT :limit`);
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
const revive = statement(`UPDATE deliveries SET state = 'pending', next_attempt_at = :now, queued_at = :now,
  dead_reason = NULL, attempts = 0, updated_at = :now
  WHERE id = ANY(:ids::bigint[]) AND state = 'dead' AND ${SCOPE_SQL("client_matter")} AND ${LINKED}`);
const startup = statement(`${WITH_PUSH} WHERE d.id = ANY(:ids::bigint[]) AND d.state = 'in_flight' ORDER BY d.id`);
const inFlightNow = statement("SELECT id FROM deliveries WHERE state = 'in_flight' ORDER BY id");
const counts = statement(`SELECT client_matter,
    count(*) FILTER (WHERE state = 'pending') AS pending, count(*) FILTER (WHERE state = 'in_flight') AS in_flight,
    count(*) FILTER (WHERE state = 'sent') AS sent, count(*) FILTER (WHERE state = 'dead') AS dead
  FROM deliveries WHERE ${SCOPE_SQL("client_matter")} GROUP BY client_matter ORDER BY client_matter COLLATE "C"`);
/** The lane's row under this fence, locked against a claim until the write commits (lanes.ts). */
const fence = statement(`SELECT 1 AS ok FROM channel_lanes c JOIN deliveries d ON d.team_id = c.team_id AND d.channel_id = c.channel_id
  WHERE d.id = :id AND c.holder = :holder AND c.fence = :fence FOR SHARE OF c`);
const oldest = statement(`SELECT min(queued_at) AS at FROM deliveries
  WHERE state IN ('pending', 'in_flight') AND ${SCOPE_SQL("client_matter")}`);

/**
 * What was in flight when this store opened. On one replica that is what the previous process
 * left mid-post; with several replicas sharing the database it includes the others' live posts,
 * which is why the outbox no longer reads it: a lane claim (lanes.ts) resumes what a dead holder
 * left in flight, and only under a lease no live replica holds.
 */
export async function inFlightIds(db: Db): Promise<number[]> {
  return (await db.all(inFlightNow)).map((r) => int(r, "id"));
}

export function createDeliveries(ctx: PgContext, atStartup: readonly number[]): DeliveriesArea {
  const { clock, db } = ctx;
  /** A fenced write goes ahead only while its lane has this fence (and a claim waits for it to commit). */
  const fenced = async (t: Db, id: number, lane: LaneLease | undefined) =>
    lane === undefined || (await t.get(fence, { id, holder: lane.holder, fence: lane.fence })) !== undefined;
  const one = async (op: string, st: ReturnType<typeof statement>, params: Record<string, unknown>) =>
    ctx.run(op, async () => (await db.run(st, params)) === 1);

  return {
    dueChannels: (now) =>
      ctx.run("dueChannels", async () =>
        (await db.all(dueChannels, { now: now ?? clock.now() })).map((r) => ({ teamId: text(r, "team_id"), channelId: text(r, "channel_id") })),
      ),
    nextDue: (channel, now) =>
      ctx.run("nextDue", async () => {
        const row = await db.get(nextDue, { team: channel.teamId, channel: channel.channelId, now: now ?? clock.now() });
        return row ? toDue(row) : undefined;
      }),
    nextWakeAt: () => ctx.run("nextWakeAt", async () => optInt((await db.get(wake)) ?? {}, "at")),
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
          scope: scopeParam(o),
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
    markSent: (id, slackTs, lane) =>
      lane === undefined
        ? one("markSent", sent, { id, ts: slackTs, now: clock.now() })
        : ctx.run("markSent", () => ctx.tx("markSent", async (t) => (await fenced(t, id, lane)) && (await t.run(sent, { id, ts: slackTs, now: clock.now() })) === 1)),
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
    markDead: (id, reason, lane) =>
      lane === undefined
        ? one("markDead", dead, { id, reason, now: clock.now() })
        : ctx.run("markDead", () => ctx.tx("markDead", async (t) => (await fenced(t, id, lane)) && (await t.run(dead, { id, reason, now: clock.now() })) === 1)),
    retryDead: (ids, scope) =>
      ctx.run("retryDead", () =>
        ctx.tx("retryDead", (t) => t.run(revive, { ids: [...ids], scope: scopeParam(scope), now: clock.now() })),
      ),
    inFlightAtStartup: () =>
      ctx.run("inFlightAtStartup", async () => (await db.all(startup, { ids: [...atStartup] })).map(toDue)),
    outboxStats: (scope) =>
      ctx.run("outboxStats", async () => {
        const params = { scope: scopeParam(scope) };
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
