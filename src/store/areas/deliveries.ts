/**
 * The outbox (issue 5, Delivery): one row per (push, channel), written before any Slack call.
 * States and the moves between them are the one table of delivery-states.ts: pending → in_flight →
 * sent, in_flight → pending on a retry, → dead (parked) on a permanent failure or a fault past its
 * bound, and dead → pending (an admin's Retry) or → dismissed (an admin's Dismiss, kept with who
 * and when). Order is FIFO per channel: a channel's head is its oldest pending or in-flight delivery,
 * and a head that is waiting (Retry-After, backoff) holds back the rest of that channel only. Each
 * state change is one conditional UPDATE, so two connections racing for the same delivery cannot
 * both claim it (the loser's WHERE no longer holds).
 *
 * Walls at the last gate: a delivery whose channel no longer has its matter is never sent or revived.
 */
import type { DeliveryRecord, DeliveryWithPush, LaneLease, Store } from "../store.ts";
import { checkLimit, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { int, oneOf, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Params, type Row, type Statement } from "../sql/statement.ts";
import { headReads } from "./heads.ts";
import { BODY_COLUMNS } from "./push-bodies.ts";
import { DELIVERY_STATES, fromSql, openSql, toSql } from "./delivery-states.ts";
import { writeAudit } from "./audit-trail.ts";
import { UNLINKED_REASON } from "./matters.ts";

export type DeliveriesArea = Pick<
  Store,
  | "dueChannels" | "nextDue" | "nextWakeAt" | "getDelivery" | "listDeliveries" | "markInFlight" | "markSent"
  | "markRetry" | "markDead" | "retryDead" | "dismissDead" | "inFlightAtStartup" | "outboxStats"
>;

const LINKED = `EXISTS (SELECT 1 FROM matter_links l WHERE l.team_id = deliveries.team_id
  AND l.channel_id = deliveries.channel_id AND l.client_matter = deliveries.client_matter)`;
const WITH_PUSH = `SELECT d.*, ${BODY_COLUMNS}, p.push_type AS push_type, p.received_at AS received_at
  FROM deliveries d JOIN pushes p ON p.id = d.push_id`;

function toDelivery(row: Row): DeliveryRecord {
  return {
    id: int(row, "id"),
    pushId: int(row, "push_id"),
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    state: oneOf(row, "state", DELIVERY_STATES),
    attempts: int(row, "attempts"),
    nextAttemptAt: int(row, "next_attempt_at"),
    lastError: optText(row, "last_error"),
    deadReason: optText(row, "dead_reason"),
    slackTs: optText(row, "slack_ts"),
    createdAt: int(row, "created_at"),
    queuedAt: int(row, "queued_at"),
    updatedAt: int(row, "updated_at"),
    sentAt: optInt(row, "sent_at"),
    faults: int(row, "faults"),
    dismissedBy: optText(row, "dismissed_by"),
    dismissedAt: optInt(row, "dismissed_at"),
  };
}

async function toDue(readBody: (row: Row) => Promise<string>, row: Row): Promise<DeliveryWithPush> {
  return {
    ...toDelivery(row),
    push: { body: await readBody(row), pushType: optText(row, "push_type"), receivedAt: int(row, "received_at") },
  };
}

const nextDue = statement(`${WITH_PUSH} WHERE d.id = (SELECT MIN(id) FROM deliveries WHERE team_id = :team
  AND channel_id = :channel AND ${openSql()})
  AND d.state = 'pending' AND d.next_attempt_at <= :now`);
const byId = statement("SELECT * FROM deliveries WHERE id = :id");
const inFlight = statement(`UPDATE deliveries SET ${toSql("claim")}, attempts = attempts + 1, updated_at = :now
  WHERE id = :id AND ${fromSql("claim")} AND ${LINKED}`);
const deadUnlinked = statement(`UPDATE deliveries SET ${toSql("park")}, dead_reason = '${UNLINKED_REASON}', updated_at = :now
  WHERE id = :id AND ${fromSql("park")} AND NOT ${LINKED}`);
const sent = statement(`UPDATE deliveries SET ${toSql("sent")}, slack_ts = :ts, sent_at = :now, updated_at = :now
  WHERE id = :id AND ${fromSql("sent")}`);
// A fault (an error that is not Slack's rate limit, network or 5xx) is counted: the outbox parks the
// delivery once they reach its bound (features/alerts/outbox/failure.ts).
const retry = statement(`UPDATE deliveries SET ${toSql("retry")}, next_attempt_at = :at, last_error = :error,
  faults = faults + :fault, updated_at = :now
  WHERE id = :id AND ${fromSql("retry")}`);
const dead = statement(`UPDATE deliveries SET ${toSql("park")}, dead_reason = :reason, last_error = COALESCE(:error, last_error),
  updated_at = :now WHERE id = :id AND ${fromSql("park")}`);
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

export function createDeliveries(
  ctx: StoreContext,
  deps: { atStartup: readonly number[]; readBody: (row: Row) => Promise<string> },
): DeliveriesArea {
  const { clock, db, dialect } = ctx;
  const { atStartup, readBody } = deps;
  const scope = scopeSql(ctx, "client_matter");
  const heads = headReads(dialect);
  // CAST: PostgreSQL cannot type a parameter that is only compared with NULL.
  const list = statement(`SELECT * FROM deliveries WHERE (CAST(:state AS TEXT) IS NULL OR state = :state)
    AND (CAST(:team AS TEXT) IS NULL OR (team_id = :team AND channel_id = :channel)) AND ${scope}
    ORDER BY id LIMIT :limit`);
  const revive = statement(`UPDATE deliveries SET ${toSql("revive")}, next_attempt_at = :now, queued_at = :now,
    dead_reason = NULL, attempts = 0, faults = 0, updated_at = :now
    WHERE ${dialect.inIntList("id", "ids")} AND ${fromSql("revive")} AND ${scope} AND ${LINKED} RETURNING client_matter`);
  const dismiss = statement(`UPDATE deliveries SET ${toSql("dismiss")}, dismissed_by = :by, dismissed_at = :now, updated_at = :now
    WHERE ${dialect.inIntList("id", "ids")} AND ${fromSql("dismiss")} AND ${scope}`);
  const startup = statement(`${WITH_PUSH} WHERE ${dialect.inIntList("d.id", "ids")} AND d.state = 'in_flight' ORDER BY d.id`);
  const counts = statement(`SELECT client_matter,
      COUNT(*) FILTER (WHERE state = 'pending') AS pending, COUNT(*) FILTER (WHERE state = 'in_flight') AS in_flight,
      COUNT(*) FILTER (WHERE state = 'sent') AS sent, COUNT(*) FILTER (WHERE state = 'dead') AS dead,
      COUNT(*) FILTER (WHERE state = 'dismissed') AS dismissed
    FROM deliveries WHERE ${scope} GROUP BY client_matter ORDER BY ${dialect.bytewise("client_matter")}`);
  const oldest = statement(`SELECT MIN(queued_at) AS at FROM deliveries WHERE ${openSql()} AND ${scope}`);
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
        return row ? toDue(readBody, row) : undefined;
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
          return (await t.run(retry, { id, at: r.nextAttemptAt, error: r.error, fault: r.fault ? 1 : 0, now })) === 1;
        }),
      ),
    markDead: (id, reason, lane, error) => write("markDead", dead, { id, reason, error: error ?? null, now: clock.now() }, lane),
    retryDead: (ids, scope, by) =>
      ctx.run("retryDead", () =>
        ctx.tx("retryDead", async (t) => {
          const now = clock.now();
          const revived = (await t.all(revive, { ids: dialect.listParam(ids), scope: scopeParam(ctx, scope), now })).map((r) => text(r, "client_matter"));
          const perMatter = new Map<string, number>();
          for (const m of revived) perMatter.set(m, (perMatter.get(m) ?? 0) + 1);
          for (const [clientMatter, n] of [...perMatter].sort(([a], [b]) => (a < b ? -1 : 1))) {
            await writeAudit(t, { ...by, clientMatter, action: "alerts_retried", detail: `${n} failed alert${n === 1 ? "" : "s"}` }, now);
          }
          return revived.length;
        }),
      ),
    dismissDead: (ids, by, scope) =>
      ctx.run("dismissDead", () =>
        ctx.tx("dismissDead", (t) => t.run(dismiss, { ids: dialect.listParam(ids), by, scope: scopeParam(ctx, scope), now: clock.now() })),
      ),
    inFlightAtStartup: () =>
      ctx.run("inFlightAtStartup", async () => {
        const out: DeliveryWithPush[] = [];
        for (const row of await db.all(startup, { ids: dialect.listParam(atStartup) })) out.push(await toDue(readBody, row));
        return out;
      }),
    outboxStats: (scope) =>
      ctx.run("outboxStats", async () => {
        const params = { scope: scopeParam(ctx, scope) };
        const byMatter = (await db.all(counts, params)).map((r) => ({
          clientMatter: text(r, "client_matter"),
          pending: int(r, "pending"),
          inFlight: int(r, "in_flight"),
          sent: int(r, "sent"),
          dead: int(r, "dead"),
          dismissed: int(r, "dismissed"),
        }));
        const oldestPendingAt = optInt((await db.get(oldest, params)) ?? {}, "at");
        const oldestPendingAgeMs = oldestPendingAt === undefined ? undefined : Math.max(0, clock.now() - oldestPendingAt);
        return { byMatter, oldestPendingAt, oldestPendingAgeMs };
      }),
  };
}
