/**
 * Routing by client_matter (issue 5, Routing): a push becomes one delivery per channel linked to
 * its matter, inserted in the transaction that stores the push or the link, never later. A push
 * whose matter has no channel is "held" until the matter's first link releases it. Building blocks
 * on a transaction's `db`: callers hold the transaction, and take `lock` first.
 *
 * Subscriptions (issue 13): the service keeps one tracker per case or search, tagged with one
 * matter, so a push names one client_matter. It also goes to every channel of every other matter
 * subscribed to its case or search (each delivery under that channel's own matter, so nothing in
 * the channel names the others), and NOT to the tag's channels when that matter has ended its
 * subscription while the tracker still carries its tag. A push whose case nobody ever subscribed
 * to through docketbot (a tracker made elsewhere) is routed by client_matter alone, as before.
 */
import type { ChannelRef, ReleaseResult } from "../store.ts";
import type { SubscriptionTarget } from "../subscription-records.ts";
import { rowList } from "../sql/row-list.ts";
import { bool, int, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import { pushTargetOfRow, sameTarget, targetKey, targetOfRow } from "./subscription-match.ts";

/**
 * Holds the routing lock until the transaction on `db` ends. PostgreSQL: an advisory lock
 * (postgres/locks.ts), since with several connections or replicas a push batch and a link side by
 * side under READ COMMITTED could each miss the other, leaving a push held on a matter that has a
 * channel. SQLite: nothing to do, its one writer (BEGIN IMMEDIATE) already orders them.
 */
export type LockRouting = (db: Db) => Promise<void>;

/** What routing a batch of pushes depends on, read once for the batch (`survey`). */
export interface RoutingSurvey {
  /** The surveyed matters that have a channel: their pushes are routed, the others held. */
  readonly linked: ReadonlySet<string>;
  /** Whether any subscription exists (ended ones too); without one, pushes go by client_matter alone. */
  readonly subscriptions: boolean;
}

export interface PushToRoute {
  id: number;
  /** The case or search it names (stored beside it: routing never reads a body); undefined: none. */
  target: SubscriptionTarget | undefined;
  clientMatter: string;
}

export interface Routing {
  /** Takes the routing lock: every transaction that routes, or changes what routing reads, does so first. */
  lock: LockRouting;
  /** Which of `matters` have a channel, and whether any subscription exists: one query. */
  survey(db: Db, matters: readonly string[]): Promise<RoutingSurvey>;
  /**
   * Deliveries for each push to every channel of its matter (unless that matter unsubscribed from
   * the push's case) and of every matter subscribed to it, in one statement for the whole list (one
   * per 256 pushes and subscribers), made in the pushes' order, so that every channel's deliveries
   * keep that order (FIFO); returns, in order, the channels each push's new deliveries wait in
   * (one per delivery). `survey` must cover the pushes' matters.
   */
  routePushes(db: Db, pushes: readonly PushToRoute[], survey: RoutingSurvey, now: number): Promise<ChannelRef[][]>;
  /** Deliveries for every held push of the matter (in push order), which become routed. */
  releaseHeld(db: Db, clientMatter: string, now: number): Promise<ReleaseResult>;
  /**
   * Deliveries to one matter's channels in a workspace for the routed pushes of `target` stored
   * since `since` (those it missed while its subscription was off); returns pushes and deliveries made.
   */
  catchUp(db: Db, q: { teamId: string; clientMatter: string; target: SubscriptionTarget; since: number; now: number }): Promise<{ pushes: number; deliveries: number }>;
}

// ON CONFLICT: one delivery per (push, channel), whatever path gets there first. The WHERE clause
// is required before an upsert's ON CONFLICT on INSERT … SELECT (sqlite.org/lang_upsert.html).
// CAST: a bare parameter in a SELECT list would be text to PostgreSQL.
//
// A target is a push and a matter, in one workspace (a subscriber's) or in all (the push's own
// matter: team NULL); its deliveries go to the matter's channels there, in the order of the list
// (../sql/row-list.ts), then of linking. RETURNING gives the rows made (not those that conflicted),
// so each push's list is its own new deliveries' channels.
const routeTargets = rowList<{ push: number; matter: string; team: string | null }>({
  columns: ["push", "matter", "team"],
  types: { push: "BIGINT" },
  sql: (withValues) => `${withValues}
  INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                          next_attempt_at, created_at, queued_at, updated_at)
  SELECT v.push, l.team_id, l.channel_id, l.client_matter, 'pending', 0, CAST(:now AS BIGINT), :now, :now, :now
    FROM v JOIN matter_links l ON l.client_matter = v.matter AND (v.team IS NULL OR l.team_id = v.team)
   WHERE v.seq IS NOT NULL
   ORDER BY v.seq, l.linked_at, l.team_id, l.channel_id
  ON CONFLICT (push_id, team_id, channel_id) DO NOTHING
  RETURNING push_id, team_id, channel_id`,
});
// One row per matter: whether it has a channel, and whether any subscription exists at all.
const surveyMatters = rowList<{ matter: string }>({
  columns: ["matter"],
  sql: (withValues) => `${withValues}
  SELECT v.matter,
         EXISTS (SELECT 1 FROM matter_links l WHERE l.client_matter = v.matter) AS linked,
         EXISTS (SELECT 1 FROM track_subscriptions) AS subscribed
    FROM v WHERE v.seq IS NOT NULL`,
});
const routeHeld = statement(`
  INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                          next_attempt_at, created_at, queued_at, updated_at)
  SELECT p.id, l.team_id, l.channel_id, l.client_matter, 'pending', 0, CAST(:now AS BIGINT), :now, :now, :now
    FROM pushes p JOIN matter_links l ON l.client_matter = p.client_matter
   WHERE p.routing = 'held' AND p.client_matter = :matter
   ORDER BY p.id, l.team_id, l.channel_id
  ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
const markRouted = statement("UPDATE pushes SET routing = 'routed' WHERE routing = 'held' AND client_matter = :matter");
const anyChannel = statement("SELECT 1 AS one FROM matter_links WHERE client_matter = :matter LIMIT 1");
const routeSubscriber = statement(`
  INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                          next_attempt_at, created_at, queued_at, updated_at)
  SELECT CAST(:push AS BIGINT), team_id, channel_id, client_matter, 'pending', 0, CAST(:now AS BIGINT), :now, :now, :now
    FROM matter_links WHERE team_id = :team AND client_matter = :matter
   ORDER BY linked_at, channel_id
  ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
// The routed pushes since then that name a case or search; which one is compared in memory (caseKey).
const routedSince = statement(`
  SELECT id, target_court, target_docket, target_q FROM pushes
   WHERE routing = 'routed' AND stored_at >= :since AND (target_q IS NOT NULL OR target_docket IS NOT NULL)
   ORDER BY id`);
const everySubscription = statement("SELECT team_id, client_matter, court, docket, q, ended_at FROM track_subscriptions ORDER BY id");

/** Every subscription (ended ones too), by the key of its case or search, in the order they were made. */
async function subscriptionsByTarget(db: Db): Promise<Map<string, Row[]>> {
  const byTarget = new Map<string, Row[]>();
  for (const row of await db.all(everySubscription)) {
    const key = targetKey(targetOfRow(row));
    const list = byTarget.get(key);
    if (list) list.push(row);
    else byTarget.set(key, [row]);
  }
  return byTarget;
}

export function createRouting(lock: LockRouting): Routing {
  const hasChannels = async (db: Db, clientMatter: string) => (await db.get(anyChannel, { matter: clientMatter })) !== undefined;

  return {
    lock,
    async survey(db, matters) {
      const linked = new Set<string>();
      let subscriptions = false;
      for (const { st, params } of surveyMatters.bind([...new Set(matters)].map((matter) => ({ matter })))) {
        for (const row of await db.all(st, params)) {
          if (bool(row, "linked")) linked.add(text(row, "matter"));
          subscriptions ||= bool(row, "subscribed");
        }
      }
      return { linked, subscriptions };
    },
    async routePushes(db, pushes, survey, now) {
      const made = pushes.map((): ChannelRef[] => []);
      // Subscriptions are read once for the list, and only when there are any.
      const subscribed = survey.subscriptions ? await subscriptionsByTarget(db) : undefined;
      const targets: { push: number; matter: string; team: string | null }[] = [];
      for (const push of pushes) {
        const target = subscribed && push.target;
        // The subscriptions (ended ones too) to the push's case or search; none when it names neither.
        const subs = target ? (subscribed.get(targetKey(target)) ?? []) : [];
        const live = subs.filter((s) => s.ended_at === null);
        const own = push.clientMatter;
        const tagLeft = subs.some((s) => text(s, "client_matter") === own) && !live.some((s) => text(s, "client_matter") === own);
        if (!tagLeft && survey.linked.has(own)) targets.push({ push: push.id, matter: own, team: null });
        for (const s of live) {
          const matter = text(s, "client_matter");
          if (matter !== own) targets.push({ push: push.id, matter, team: text(s, "team_id") });
        }
      }
      const index = new Map(pushes.map((p, i) => [p.id, i]));
      for (const { st, params } of routeTargets.bind(targets, { now })) {
        for (const row of await db.all(st, params)) made[index.get(int(row, "push_id"))!]!.push({ teamId: text(row, "team_id"), channelId: text(row, "channel_id") });
      }
      return made;
    },
    async catchUp(db, q) {
      let pushes = 0;
      let deliveries = 0;
      for (const row of await db.all(routedSince, { since: q.since })) {
        const target = pushTargetOfRow(row);
        if (!target || !sameTarget(target, q.target)) continue;
        const made = await db.run(routeSubscriber, { push: int(row, "id"), team: q.teamId, matter: q.clientMatter, now: q.now });
        if (made > 0) pushes++;
        deliveries += made;
      }
      return { pushes, deliveries };
    },
    async releaseHeld(db, clientMatter, now) {
      if (!(await hasChannels(db, clientMatter))) return { pushes: 0, deliveries: 0 };
      const deliveries = await db.run(routeHeld, { matter: clientMatter, now });
      const pushes = await db.run(markRouted, { matter: clientMatter });
      return { pushes, deliveries };
    },
  };
}
