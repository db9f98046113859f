/**
 * The outbox (issue 5, Delivery): one row per (push, channel), written before any Slack call.
 * States: pending → in_flight → sent, with in_flight → pending on a retry and → dead on a permanent
 * failure. Order is FIFO per channel: a channel's head is its oldest pending or in-flight delivery,
 * and a head that is waiting (Retry-After, backoff) holds back the rest of that channel only.
 *
 * Walls at the last gate: a delivery whose channel no longer has its matter is never sent or revived.
 */
import type { ChannelRef, DeliveryRecord, DeliveryState, DeliveryWithPush, LaneLease } from "../store.ts";
import type { Store } from "../store.ts";
import { UNLINKED_REASON } from "./matters.ts";
import {
  changes, checkLimit, int, optInt, optText, SCOPE_SQL, scopeParam, text, type Row, type StoreContext,
} from "./context.ts";

export type DeliveriesArea = Pick<
  Store,
  | "dueChannels" | "nextDue" | "nextWakeAt" | "getDelivery" | "listDeliveries" | "markInFlight" | "markSent"
  | "markRetry" | "markDead" | "retryDead" | "inFlightAtStartup" | "outboxStats"
>;

const LINKED = `EXISTS (SELECT 1 FROM matter_links l WHERE l.team_id = deliveries.team_id
  AND l.channel_id = deliveries.channel_id AND l.client_matter = deliveries.client_matter)`;
/** The head of every channel with unfinished work (served by the partial index deliveries_open_by_channel). */
const HEADS = `SELECT MIN(id) AS id FROM deliveries WHERE state IN ('pending', 'in_flight') GROUP BY team_id, channel_id`;
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

/** Whether `lane` is still its channel's fence (lanes.ts). */
export type FenceCheck = (channel: ChannelRef, lane: LaneLease) => boolean;

export function createDeliveries(ctx: StoreContext, holds: FenceCheck = () => true): DeliveriesArea {
  const { db, clock } = ctx;
  const p = (sql: string) => db.prepare(sql);
  const channelOf = p("SELECT team_id, channel_id FROM deliveries WHERE id = ?");
  /** A fenced write goes ahead only under the channel's current fence (synchronous: nothing runs in between). */
  const fenced = (id: number, lane: LaneLease | undefined) => {
    if (lane === undefined) return true;
    const row = channelOf.get(id);
    return row !== undefined && holds({ teamId: text(row, "team_id"), channelId: text(row, "channel_id") }, lane);
  };
  const dueChannels = p(`SELECT d.team_id, d.channel_id FROM deliveries d JOIN (${HEADS}) h ON h.id = d.id
    WHERE d.state = 'pending' AND d.next_attempt_at <= :now ORDER BY d.next_attempt_at, d.id`);
  const nextDue = p(`${WITH_PUSH} WHERE d.id = (SELECT MIN(id) FROM deliveries WHERE team_id = :team
    AND channel_id = :channel AND state IN ('pending', 'in_flight'))
    AND d.state = 'pending' AND d.next_attempt_at <= :now`);
  const wake = p(`SELECT MIN(d.next_attempt_at) AS at FROM deliveries d JOIN (${HEADS}) h ON h.id = d.id
    WHERE d.state = 'pending'`);
  const byId = p("SELECT * FROM deliveries WHERE id = ?");
  const list = p(`SELECT * FROM deliveries WHERE (:state IS NULL OR state = :state)
    AND (:team IS NULL OR (team_id = :team AND channel_id = :channel)) AND ${SCOPE_SQL("client_matter")}
    ORDER BY id LIMIT :limit`);
  const inFlight = p(`UPDATE deliveries SET state = 'in_flight', attempts = attempts + 1, updated_at = :now
    WHERE id = :id AND state = 'pending' AND ${LINKED}`);
  const deadUnlinked = p(`UPDATE deliveries SET state = 'dead', dead_reason = '${UNLINKED_REASON}', updated_at = :now
    WHERE id = :id AND state IN ('pending', 'in_flight') AND NOT ${LINKED}`);
  const sent = p(`UPDATE deliveries SET state = 'sent', slack_ts = :ts, sent_at = :now, updated_at = :now
    WHERE id = :id AND state IN ('pending', 'in_flight')`);
  const retry = p(`UPDATE deliveries SET state = 'pending', next_attempt_at = :at, last_error = :error, updated_at = :now
    WHERE id = :id AND state IN ('pending', 'in_flight')`);
  const dead = p(`UPDATE deliveries SET state = 'dead', dead_reason = :reason, updated_at = :now
    WHERE id = :id AND state IN ('pending', 'in_flight')`);
  const revive = p(`UPDATE deliveries SET state = 'pending', next_attempt_at = :now, queued_at = :now,
    dead_reason = NULL, attempts = 0, updated_at = :now
    WHERE id IN (SELECT value FROM json_each(:ids)) AND state = 'dead' AND ${SCOPE_SQL("client_matter")} AND ${LINKED}`);
  const startup = p(`${WITH_PUSH} WHERE d.id IN (SELECT value FROM json_each(:ids)) AND d.state = 'in_flight'
    ORDER BY d.id`);
  const counts = p(`SELECT client_matter, SUM(state = 'pending') AS pending, SUM(state = 'in_flight') AS in_flight,
    SUM(state = 'sent') AS sent, SUM(state = 'dead') AS dead
    FROM deliveries WHERE ${SCOPE_SQL("client_matter")} GROUP BY client_matter ORDER BY client_matter`);
  const oldest = p(`SELECT MIN(queued_at) AS at FROM deliveries
    WHERE state IN ('pending', 'in_flight') AND ${SCOPE_SQL("client_matter")}`);

  // Crash recovery: what was mid-post when the previous process died (issue 5, Crash safety).
  const atStartup = JSON.stringify(
    p("SELECT id FROM deliveries WHERE state = 'in_flight' ORDER BY id").all().map((r) => int(r, "id")),
  );

  /** A single-statement write; the connection's autocommit makes it durable on return. */
  const write = (op: string, run: () => number) => ctx.run(op, () => run() === 1);

  return {
    dueChannels: (now) =>
      ctx.run("dueChannels", () =>
        dueChannels.all({ now: now ?? clock.now() }).map((r) => ({ teamId: text(r, "team_id"), channelId: text(r, "channel_id") })),
      ),
    nextDue: (channel, now) =>
      ctx.run("nextDue", () => {
        const row = nextDue.get({ team: channel.teamId, channel: channel.channelId, now: now ?? clock.now() });
        return row ? toDue(row) : undefined;
      }),
    nextWakeAt: () => ctx.run("nextWakeAt", () => optInt(wake.get() ?? {}, "at")),
    getDelivery: (id) =>
      ctx.run("getDelivery", () => {
        const row = byId.get(id);
        return row ? toDelivery(row) : undefined;
      }),
    listDeliveries: (o = {}) =>
      ctx.run("listDeliveries", () =>
        list
          .all({
            state: o.state ?? null,
            team: o.channel?.teamId ?? null,
            channel: o.channel?.channelId ?? null,
            scope: scopeParam(o),
            limit: checkLimit("listDeliveries", o.limit ?? 100),
          })
          .map(toDelivery),
      ),
    markInFlight: (id, lane) =>
      ctx.run("markInFlight", () =>
        ctx.tx("markInFlight", () => {
          if (!fenced(id, lane)) return false;
          const now = clock.now();
          if (changes(inFlight.run({ id, now })) === 1) return true;
          deadUnlinked.run({ id, now });
          return false;
        }),
      ),
    markSent: (id, slackTs, lane) => write("markSent", () => (fenced(id, lane) ? changes(sent.run({ id, ts: slackTs, now: clock.now() })) : 0)),
    markRetry: (id, r, lane) =>
      ctx.run("markRetry", () =>
        ctx.tx("markRetry", () => {
          if (!fenced(id, lane)) return false;
          const now = clock.now();
          // An unlinked matter's delivery goes dead rather than back in the queue.
          if (changes(deadUnlinked.run({ id, now })) === 1) return false;
          return changes(retry.run({ id, at: r.nextAttemptAt, error: r.error, now })) === 1;
        }),
      ),
    markDead: (id, reason, lane) => write("markDead", () => (fenced(id, lane) ? changes(dead.run({ id, reason, now: clock.now() })) : 0)),
    retryDead: (ids, scope) =>
      ctx.run("retryDead", () =>
        ctx.tx("retryDead", () => changes(revive.run({ ids: JSON.stringify(ids), scope: scopeParam(scope), now: clock.now() }))),
      ),
    inFlightAtStartup: () => ctx.run("inFlightAtStartup", () => startup.all({ ids: atStartup }).map(toDue)),
    outboxStats: (scope) =>
      ctx.run("outboxStats", () => {
        const params = { scope: scopeParam(scope) };
        const byMatter = counts.all(params).map((r) => ({
          clientMatter: text(r, "client_matter"),
          pending: int(r, "pending"),
          inFlight: int(r, "in_flight"),
          sent: int(r, "sent"),
          dead: int(r, "dead"),
        }));
        const oldestPendingAt = optInt(oldest.get(params) ?? {}, "at");
        const oldestPendingAgeMs = oldestPendingAt === undefined ? undefined : Math.max(0, clock.now() - oldestPendingAt);
        return { byMatter, oldestPendingAt, oldestPendingAgeMs };
      }),
  };
}
