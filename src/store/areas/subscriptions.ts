/**
 * Tracking subscriptions and the audit trail (issue 13), see subscription-records.ts. One row per
 * workspace × matter × target, found by sameTarget (in memory: the case key is never persisted);
 * ending a subscription keeps the row with who and when, and subscribing again reopens it.
 * Subscribing and ending take the routing lock (hooks.lockRouting): they change where pushes go,
 * and two connections subscribing the same matter at once must find one row, not insert two.
 */
import type { AuditEvent, AuditInput, Store, Subscription } from "../store.ts";
import { AUDIT_ACTIONS } from "../subscription-records.ts";
import { checkLimit, checkMatter, type StoreContext } from "../sql/context.ts";
import { int, oneOf, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import type { Routing } from "./routing.ts";
import { writeAudit } from "./audit-trail.ts";
import { sameTarget, targetOfRow, targetParams } from "./subscription-match.ts";

export type SubscriptionsArea = Pick<
  Store,
  "subscribe" | "unsubscribe" | "subscribersOf" | "subscriptionsOf" | "allSubscriptions" | "deliverMissed" | "recordAudit" | "auditLog"
>;

export interface SubscriptionHooks {
  /**
   * Holds the routing lock until the transaction on `db` ends: PostgreSQL's advisory lock
   * (postgres/locks.ts), as its connections run transactions side by side; nothing on SQLite,
   * whose one writer already runs them one after another.
   */
  lockRouting(db: Db): Promise<void>;
  /** Where pushes go (routing.ts): what a subscription missed while it was off is routed by it. */
  routing: Pick<Routing, "catchUp">;
}

function toSubscription(row: Row): Subscription {
  return {
    id: int(row, "id"),
    teamId: text(row, "team_id"),
    clientMatter: text(row, "client_matter"),
    target: targetOfRow(row),
    frequency: text(row, "frequency"),
    channelId: text(row, "channel_id"),
    subscribedBy: text(row, "subscribed_by"),
    subscribedAt: int(row, "subscribed_at"),
    updatedAt: int(row, "updated_at"),
    ...(row.ended_at != null ? { endedAt: int(row, "ended_at") } : {}),
  };
}

function toAudit(row: Row): AuditEvent {
  const hasTarget = optText(row, "q") !== undefined || optText(row, "docket") !== undefined;
  return {
    key: `${text(row, "src")}${int(row, "id")}`,
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    clientMatter: text(row, "client_matter"),
    userId: text(row, "user_id"),
    action: oneOf(row, "action", AUDIT_ACTIONS),
    target: hasTarget ? targetOfRow(row) : undefined,
    detail: optText(row, "detail"),
    at: int(row, "at"),
    entryNumber: optText(row, "entry_number"),
    assignee: optText(row, "assignee"),
  };
}

const ofMatter = statement("SELECT * FROM track_subscriptions WHERE team_id = :team AND client_matter = :matter ORDER BY id");
const active = statement("SELECT * FROM track_subscriptions WHERE ended_at IS NULL ORDER BY subscribed_at, id");
const every = statement("SELECT * FROM track_subscriptions ORDER BY subscribed_at, id");
const insert = statement(`
  INSERT INTO track_subscriptions (team_id, client_matter, court, docket, q, frequency, channel_id, subscribed_by, subscribed_at, updated_at)
  VALUES (:team, :matter, :court, :docket, :q, :frequency, :channel, :by, :now, :now)
  RETURNING id`);
const reopen = statement(`
  UPDATE track_subscriptions
     SET frequency = :frequency, channel_id = :channel, subscribed_by = :by, subscribed_at = :now, updated_at = :now,
         ended_by = NULL, ended_at = NULL
   WHERE id = :id`);
const change = statement(`
  UPDATE track_subscriptions SET frequency = :frequency, channel_id = :channel, subscribed_by = :by, updated_at = :now WHERE id = :id`);
const end = statement("UPDATE track_subscriptions SET ended_by = :by, ended_at = :now, updated_at = :now WHERE id = :id");
const byId = statement("SELECT * FROM track_subscriptions WHERE id = :id");
const AUDIT_COLUMNS = `CAST('a' AS TEXT) AS src, id, team_id, channel_id, client_matter, user_id, action, court, docket, q, detail, at,
  CAST(NULL AS TEXT) AS entry_number, CAST(NULL AS TEXT) AS assignee`;
const auditById = statement(`SELECT ${AUDIT_COLUMNS} FROM audit_events WHERE id = :id`);

export function createSubscriptions(ctx: StoreContext, hooks: SubscriptionHooks): SubscriptionsArea {
  const { clock } = ctx;
  const inMatters = (column: string) => ctx.dialect.inList(column, "matters");
  const activeOf = statement(`
    SELECT * FROM track_subscriptions
     WHERE ended_at IS NULL AND team_id = :team AND ${inMatters("client_matter")}
     ORDER BY subscribed_at, id`);
  // Issue 12's sign-off actions are already kept (filing_actions): read beside ours, never copied.
  const auditOf = statement(`
    SELECT * FROM (
      SELECT ${AUDIT_COLUMNS} FROM audit_events
       WHERE team_id = :team AND ${inMatters("client_matter")}
      UNION ALL
      SELECT 'f' AS src, a.id, a.team_id, a.channel_id, a.client_matter, a.user_id, a.action, f.court, f.docket,
             NULL AS q, NULL AS detail, a.at, f.entry_number, a.assignee
        FROM filing_actions a JOIN filings f ON f.id = a.filing_id
       WHERE a.team_id = :team AND ${inMatters("a.client_matter")}
      UNION ALL
      -- Calendar feed URLs made and revoked (issue 16 item 5): calendar_feeds keeps who and when.
      SELECT 'c', id, team_id, '', client_matter, created_by, 'feed_made', NULL, NULL, NULL, NULL, created_at, NULL, NULL
        FROM calendar_feeds WHERE team_id = :team AND ${inMatters("client_matter")}
      UNION ALL
      SELECT 'r', id, team_id, '', client_matter, revoked_by, 'feed_revoked', NULL, NULL, NULL, NULL, revoked_at, NULL, NULL
        FROM calendar_feeds WHERE revoked_at IS NOT NULL AND team_id = :team AND ${inMatters("client_matter")}
      UNION ALL
      -- Parked alerts an admin dismissed: deliveries keep who and when.
      SELECT 'd', id, team_id, channel_id, client_matter, dismissed_by, 'alert_dismissed', NULL, NULL, NULL,
             'alert ' || CAST(id AS TEXT) || ': ' || COALESCE(dead_reason, 'failed'), dismissed_at, NULL, NULL
        FROM deliveries WHERE dismissed_at IS NOT NULL AND team_id = :team AND ${inMatters("client_matter")}
    ) AS events ORDER BY at DESC, src, id DESC LIMIT :limit`);

  const find = async (db: Db, team: string, matter: string, target: Subscription["target"]) =>
    (await db.all(ofMatter, { team, matter })).find((r) => sameTarget(targetOfRow(r), target));

  const audit = async (db: Db, a: AuditInput, now: number): Promise<AuditEvent> => {
    const stored = await db.get(auditById, { id: await writeAudit(db, a, now) });
    if (!stored) throw new Error("the audit event just written is missing");
    return toAudit(stored);
  };

  return {
    subscribe: (input) =>
      ctx.run("subscribe", () =>
        ctx.tx("subscribe", async (db) => {
          checkMatter("subscribe", input.clientMatter);
          await hooks.lockRouting(db);
          const now = clock.now();
          const row = await find(db, input.teamId, input.clientMatter, input.target);
          const params = { frequency: input.frequency, channel: input.channelId, by: input.userId, now };
          const base = { teamId: input.teamId, channelId: input.channelId, clientMatter: input.clientMatter, userId: input.userId, target: input.target };
          let id: number;
          let previousFrequency: string | undefined;
          let reopenedAfter: number | undefined;
          if (!row) {
            const inserted = await db.get(insert, { team: input.teamId, matter: input.clientMatter, ...targetParams(input.target), ...params });
            id = int(inserted ?? {}, "id");
            await audit(db, { ...base, action: "track", detail: input.frequency }, now);
          } else if (row.ended_at !== null) {
            id = int(row, "id");
            reopenedAfter = int(row, "ended_at");
            await db.run(reopen, { id, ...params });
            await audit(db, { ...base, action: "track", detail: input.frequency }, now);
          } else {
            id = int(row, "id");
            previousFrequency = text(row, "frequency");
            await db.run(change, { id, ...params });
            if (previousFrequency !== input.frequency) {
              await audit(db, { ...base, action: "frequency", detail: `${previousFrequency} → ${input.frequency}` }, now);
            }
          }
          const stored = await db.get(byId, { id });
          if (!stored) throw new Error("the subscription just written is missing");
          return { subscription: toSubscription(stored), previousFrequency, ...(reopenedAfter !== undefined ? { reopenedAfter } : {}) };
        }),
      ),

    unsubscribe: (input) =>
      ctx.run("unsubscribe", () =>
        ctx.tx("unsubscribe", async (db) => {
          await hooks.lockRouting(db);
          const row = await find(db, input.teamId, input.clientMatter, input.target);
          if (!row || row.ended_at !== null) return undefined;
          const now = clock.now();
          await db.run(end, { id: int(row, "id"), by: input.userId, now });
          await audit(db, { teamId: input.teamId, channelId: input.channelId, clientMatter: input.clientMatter, userId: input.userId, action: "untrack", target: input.target }, now);
          return toSubscription(row);
        }),
      ),

    subscribersOf: (target) =>
      ctx.run("subscribersOf", async () =>
        (await ctx.db.all(active)).filter((r) => sameTarget(targetOfRow(r), target)).map(toSubscription),
      ),

    subscriptionsOf: (teamId, matters) =>
      ctx.run("subscriptionsOf", async () => (await ctx.db.all(activeOf, { team: teamId, matters: ctx.dialect.listParam([...matters]) })).map(toSubscription)),

    allSubscriptions: (options = {}) =>
      ctx.run("allSubscriptions", async () => (await ctx.db.all(options.includeEnded ? every : active)).map(toSubscription)),

    deliverMissed: (input) =>
      ctx.run("deliverMissed", () =>
        ctx.tx("deliverMissed", async (db) => {
          checkMatter("deliverMissed", input.clientMatter);
          await hooks.lockRouting(db);
          return hooks.routing.catchUp(db, { ...input, now: clock.now() });
        }),
      ),

    recordAudit: (input) => ctx.run("recordAudit", () => ctx.tx("recordAudit", (db) => audit(db, input, clock.now()))),

    auditLog: (teamId, scope, options = {}) =>
      ctx.run("auditLog", async () =>
        (await ctx.db.all(auditOf, {
          team: teamId, matters: ctx.dialect.listParam([...scope.matters]), limit: checkLimit("auditLog", options.limit ?? 50),
        })).map(toAudit),
      ),
  };
}
