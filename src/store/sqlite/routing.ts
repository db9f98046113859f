/**
 * Routing by client_matter (issue 5, Routing): a push becomes one delivery per channel linked to
 * its matter, inserted in the transaction that stores the push or the link, never later. A push
 * whose matter has no channel is "held" until the matter's first link releases it.
 * Synchronous building blocks: callers hold the transaction.
 *
 * Subscriptions (issue 13): the service keeps one tracker per case or search, tagged with one
 * matter, so a push names one client_matter. It also goes to every channel of every other matter
 * subscribed to its case or search (each delivery under that channel's own matter, so nothing in
 * the channel names the others), and NOT to the tag's channels when that matter has ended its
 * subscription while the tracker still carries its tag. A push whose case nobody ever subscribed
 * to through docketbot (a tracker made elsewhere) is routed by client_matter alone, as before.
 */
import type { StoreContext } from "./context.ts";
import { changes } from "./context.ts";
import type { ReleaseResult } from "../store.ts";
import type { SubscriptionTarget } from "../subscription-records.ts";
import { text, type Row } from "./context.ts";
import { sameTarget, targetOfRow } from "./subscription-match.ts";

export interface Routing {
  /**
   * Deliveries for one push to every channel of its matter (unless that matter unsubscribed from
   * the push's case) and of every matter subscribed to it; returns how many were created.
   */
  routePush(pushId: number, clientMatter: string, now: number): number;
  /** Deliveries for every held push of the matter (in push order), which become routed. */
  releaseHeld(clientMatter: string, now: number): ReleaseResult;
  hasChannels(clientMatter: string): boolean;
}

export function createRouting({ db }: StoreContext): Routing {
  // ON CONFLICT: one delivery per (push, channel), whatever path gets there first. The WHERE
  // clause is required before an upsert's ON CONFLICT on INSERT … SELECT (sqlite.org/lang_upsert.html).
  const routeOne = db.prepare(`
    INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                            next_attempt_at, created_at, queued_at, updated_at)
    SELECT :push, team_id, channel_id, client_matter, 'pending', 0, :now, :now, :now, :now
      FROM matter_links WHERE client_matter = :matter
     ORDER BY linked_at, team_id, channel_id
    ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
  const routeHeld = db.prepare(`
    INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                            next_attempt_at, created_at, queued_at, updated_at)
    SELECT p.id, l.team_id, l.channel_id, l.client_matter, 'pending', 0, :now, :now, :now, :now
      FROM pushes p JOIN matter_links l ON l.client_matter = p.client_matter
     WHERE p.routing = 'held' AND p.client_matter = :matter
     ORDER BY p.id, l.team_id, l.channel_id
    ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
  const markRouted = db.prepare(
    "UPDATE pushes SET routing = 'routed' WHERE routing = 'held' AND client_matter = :matter",
  );
  const anyChannel = db.prepare("SELECT 1 AS one FROM matter_links WHERE client_matter = ? LIMIT 1");
  const routeSubscriber = db.prepare(`
    INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                            next_attempt_at, created_at, queued_at, updated_at)
    SELECT :push, team_id, channel_id, client_matter, 'pending', 0, :now, :now, :now, :now
      FROM matter_links WHERE team_id = :team AND client_matter = :matter
     ORDER BY linked_at, channel_id
    ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
  const anySubscription = db.prepare("SELECT 1 AS one FROM track_subscriptions LIMIT 1");
  // json_valid first: json_extract throws on a body that isn't JSON.
  const pushTarget = db.prepare(`
    SELECT CASE WHEN json_valid(body) THEN json_extract(body, '$.court') END AS court,
           CASE WHEN json_valid(body) THEN json_extract(body, '$.docket') END AS docket,
           CASE WHEN json_valid(body) THEN json_extract(body, '$.q') END AS q
      FROM pushes WHERE id = ?`);
  const everySubscription = db.prepare("SELECT team_id, client_matter, court, docket, q, ended_at FROM track_subscriptions");

  /** The subscriptions (ended ones too) to the push's case or search; none when it names neither. */
  const subscriptionsOfPush = (pushId: number): Row[] => {
    if (anySubscription.get() === undefined) return [];
    const row = pushTarget.get(pushId);
    if (!row) return [];
    const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
    const q = str(row.q);
    const court = str(row.court);
    const docket = str(row.docket);
    const target: SubscriptionTarget | undefined = q !== undefined ? { q } : court && docket ? { court, docket } : undefined;
    if (!target) return [];
    return everySubscription.all().filter((s) => sameTarget(targetOfRow(s), target));
  };

  const routePush = (pushId: number, clientMatter: string, now: number): number => {
    const subs = subscriptionsOfPush(pushId);
    const live = subs.filter((s) => s.ended_at === null);
    const tagLeft = subs.some((s) => text(s, "client_matter") === clientMatter) && !live.some((s) => text(s, "client_matter") === clientMatter);
    let created = tagLeft ? 0 : changes(routeOne.run({ push: pushId, matter: clientMatter, now }));
    for (const s of live) {
      const matter = text(s, "client_matter");
      if (matter === clientMatter) continue;
      created += changes(routeSubscriber.run({ push: pushId, team: text(s, "team_id"), matter, now }));
    }
    return created;
  };

  const hasChannels = (clientMatter: string) => anyChannel.get(clientMatter) !== undefined;
  return {
    hasChannels,
    routePush,
    releaseHeld(clientMatter, now) {
      if (!hasChannels(clientMatter)) return { pushes: 0, deliveries: 0 };
      const deliveries = changes(routeHeld.run({ matter: clientMatter, now }));
      const pushes = changes(markRouted.run({ matter: clientMatter }));
      return { pushes, deliveries };
    },
  };
}
