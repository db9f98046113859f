/**
 * Tracking subscriptions and the audit trail (issue 13), see subscription-records.ts. One row per
 * workspace × matter × target, found by sameTarget (in memory: the case key is never persisted);
 * ending a subscription keeps the row with who and when, and subscribing again reopens it.
 */
import type { AuditEvent, AuditInput, Store, Subscription } from "../store.ts";
import { AUDIT_ACTIONS } from "../subscription-records.ts";
import { checkLimit, checkMatter, int, oneOf, optText, rowId, text, type Row, type StoreContext } from "./context.ts";
import { sameTarget, targetOfRow, targetParams } from "./subscription-match.ts";

export type SubscriptionsArea = Pick<
  Store,
  "subscribe" | "unsubscribe" | "subscribersOf" | "subscriptionsOf" | "allSubscriptions" | "recordAudit" | "auditLog"
>;

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
    ...(row.ended_at !== null && row.ended_at !== undefined ? { endedAt: int(row, "ended_at") } : {}),
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

export function createSubscriptions(ctx: StoreContext): SubscriptionsArea {
  const { db, clock } = ctx;
  const ofMatter = db.prepare("SELECT * FROM track_subscriptions WHERE team_id = ? AND client_matter = ? ORDER BY id");
  const active = db.prepare("SELECT * FROM track_subscriptions WHERE ended_at IS NULL ORDER BY subscribed_at, id");
  const every = db.prepare("SELECT * FROM track_subscriptions ORDER BY subscribed_at, id");
  const activeOf = db.prepare(`
    SELECT * FROM track_subscriptions
     WHERE ended_at IS NULL AND team_id = :team AND client_matter IN (SELECT value FROM json_each(:matters))
     ORDER BY subscribed_at, id`);
  const insert = db.prepare(`
    INSERT INTO track_subscriptions (team_id, client_matter, court, docket, q, frequency, channel_id, subscribed_by, subscribed_at, updated_at)
    VALUES (:team, :matter, :court, :docket, :q, :frequency, :channel, :by, :now, :now)`);
  const reopen = db.prepare(`
    UPDATE track_subscriptions
       SET frequency = :frequency, channel_id = :channel, subscribed_by = :by, subscribed_at = :now, updated_at = :now,
           ended_by = NULL, ended_at = NULL
     WHERE id = :id`);
  const change = db.prepare(`
    UPDATE track_subscriptions SET frequency = :frequency, channel_id = :channel, subscribed_by = :by, updated_at = :now WHERE id = :id`);
  const end = db.prepare("UPDATE track_subscriptions SET ended_by = :by, ended_at = :now, updated_at = :now WHERE id = :id");
  const byId = db.prepare("SELECT * FROM track_subscriptions WHERE id = ?");
  const insertAudit = db.prepare(`
    INSERT INTO audit_events (team_id, channel_id, client_matter, user_id, action, court, docket, q, detail, at)
    VALUES (:team, :channel, :matter, :user, :action, :court, :docket, :q, :detail, :now)`);
  const AUDIT_COLUMNS = "'a' AS src, id, team_id, channel_id, client_matter, user_id, action, court, docket, q, detail, at, NULL AS entry_number, NULL AS assignee";
  const auditById = db.prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_events WHERE id = ?`);
  // Issue 12's sign-off actions are already kept (filing_actions): read beside ours, never copied.
  const auditOf = db.prepare(`
    SELECT * FROM (
      SELECT ${AUDIT_COLUMNS} FROM audit_events
       WHERE team_id = :team AND client_matter IN (SELECT value FROM json_each(:matters))
      UNION ALL
      SELECT 'f' AS src, a.id, a.team_id, a.channel_id, a.client_matter, a.user_id, a.action, f.court, f.docket, NULL AS q,
             NULL AS detail, a.at, f.entry_number, a.assignee
        FROM filing_actions a JOIN filings f ON f.id = a.filing_id
       WHERE a.team_id = :team AND a.client_matter IN (SELECT value FROM json_each(:matters))
      UNION ALL
      -- Calendar feed URLs made and revoked (issue 16 item 5): calendar_feeds keeps who and when.
      SELECT 'c' AS src, id, team_id, '' AS channel_id, client_matter, created_by, 'feed_made', NULL, NULL, NULL, NULL, created_at, NULL, NULL
        FROM calendar_feeds WHERE team_id = :team AND client_matter IN (SELECT value FROM json_each(:matters))
      UNION ALL
      SELECT 'r' AS src, id, team_id, '' AS channel_id, client_matter, revoked_by, 'feed_revoked', NULL, NULL, NULL, NULL, revoked_at, NULL, NULL
        FROM calendar_feeds WHERE revoked_at IS NOT NULL AND team_id = :team AND client_matter IN (SELECT value FROM json_each(:matters))
    ) ORDER BY at DESC, src, id DESC LIMIT :limit`);

  const find = (teamId: string, matter: string, target: Subscription["target"]) =>
    ofMatter.all(teamId, matter).find((r) => sameTarget(targetOfRow(r), target));

  const audit = (a: AuditInput, now: number): AuditEvent => {
    checkMatter("recordAudit", a.clientMatter);
    const t = a.target ? targetParams(a.target) : { court: null, docket: null, q: null };
    const id = rowId(insertAudit.run({
      team: a.teamId, channel: a.channelId, matter: a.clientMatter, user: a.userId, action: a.action,
      ...t, detail: a.detail ?? null, now,
    }));
    return toAudit(auditById.get(id)!);
  };

  return {
    subscribe: (input) =>
      ctx.run("subscribe", () =>
        ctx.tx("subscribe", () => {
          checkMatter("subscribe", input.clientMatter);
          const now = clock.now();
          const row = find(input.teamId, input.clientMatter, input.target);
          const params = { frequency: input.frequency, channel: input.channelId, by: input.userId, now };
          const base = { teamId: input.teamId, channelId: input.channelId, clientMatter: input.clientMatter, userId: input.userId, target: input.target };
          let id: number;
          let previousFrequency: string | undefined;
          if (!row) {
            id = rowId(insert.run({ team: input.teamId, matter: input.clientMatter, ...targetParams(input.target), ...params }));
            audit({ ...base, action: "track", detail: input.frequency }, now);
          } else if (row.ended_at !== null) {
            id = int(row, "id");
            reopen.run({ id, ...params });
            audit({ ...base, action: "track", detail: input.frequency }, now);
          } else {
            id = int(row, "id");
            previousFrequency = text(row, "frequency");
            change.run({ id, ...params });
            if (previousFrequency !== input.frequency) audit({ ...base, action: "frequency", detail: `${previousFrequency} → ${input.frequency}` }, now);
          }
          return { subscription: toSubscription(byId.get(id)!), previousFrequency };
        }),
      ),

    unsubscribe: (input) =>
      ctx.run("unsubscribe", () =>
        ctx.tx("unsubscribe", () => {
          const row = find(input.teamId, input.clientMatter, input.target);
          if (!row || row.ended_at !== null) return undefined;
          const now = clock.now();
          end.run({ id: int(row, "id"), by: input.userId, now });
          audit({ teamId: input.teamId, channelId: input.channelId, clientMatter: input.clientMatter, userId: input.userId, action: "untrack", target: input.target }, now);
          return toSubscription(row);
        }),
      ),

    subscribersOf: (target) =>
      ctx.run("subscribersOf", () => active.all().filter((r) => sameTarget(targetOfRow(r), target)).map(toSubscription)),

    subscriptionsOf: (teamId, matters) =>
      ctx.run("subscriptionsOf", () => activeOf.all({ team: teamId, matters: JSON.stringify(matters) }).map(toSubscription)),

    allSubscriptions: (options = {}) => ctx.run("allSubscriptions", () => (options.includeEnded ? every : active).all().map(toSubscription)),

    recordAudit: (input) => ctx.run("recordAudit", () => ctx.tx("recordAudit", () => audit(input, clock.now()))),

    auditLog: (teamId, scope, options = {}) =>
      ctx.run("auditLog", () =>
        auditOf
          .all({ team: teamId, matters: JSON.stringify(scope.matters), limit: checkLimit("auditLog", options.limit ?? 50) })
          .map(toAudit),
      ),
  };
}
