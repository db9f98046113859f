/**
 * Routing by client_matter and subscriptions (issue 5, Routing; issue 13), as ../sqlite/routing.ts
 * describes: deliveries are inserted in the transaction that stores the push or the link, one per
 * (push, channel). Callers hold the transaction AND the routing lock (locks.ts).
 */
import type { ReleaseResult } from "../store.ts";
import type { SubscriptionTarget } from "../subscription-records.ts";
import { sameTarget } from "../sqlite/subscription-match.ts";
import { text } from "./rows.ts";
import { statement, type Db, type Row } from "./sql.ts";
import { targetOfRow } from "./subscription-rows.ts";

export interface PgRouting {
  /** Deliveries for one push to its matter's channels (unless that matter unsubscribed) and subscribers'; how many. */
  routePush(db: Db, pushId: number, clientMatter: string, now: number): Promise<number>;
  /** Deliveries for every held push of the matter (in push order), which become routed. */
  releaseHeld(db: Db, clientMatter: string, now: number): Promise<ReleaseResult>;
  hasChannels(db: Db, clientMatter: string): Promise<boolean>;
}

const routeOne = statement(`
  INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                          next_attempt_at, created_at, queued_at, updated_at)
  SELECT :push::bigint, team_id, channel_id, client_matter, 'pending', 0, :now::bigint, :now, :now, :now
    FROM matter_links WHERE client_matter = :matter
   ORDER BY linked_at, team_id, channel_id
  ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
const routeHeld = statement(`
  INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                          next_attempt_at, created_at, queued_at, updated_at)
  SELECT p.id, l.team_id, l.channel_id, l.client_matter, 'pending', 0, :now::bigint, :now, :now, :now
    FROM pushes p JOIN matter_links l ON l.client_matter = p.client_matter
   WHERE p.routing = 'held' AND p.client_matter = :matter
   ORDER BY p.id, l.team_id, l.channel_id
  ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
const markRouted = statement("UPDATE pushes SET routing = 'routed' WHERE routing = 'held' AND client_matter = :matter");
const anyChannel = statement("SELECT 1 AS one FROM matter_links WHERE client_matter = :matter LIMIT 1");
const routeSubscriber = statement(`
  INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, attempts,
                          next_attempt_at, created_at, queued_at, updated_at)
  SELECT :push::bigint, team_id, channel_id, client_matter, 'pending', 0, :now::bigint, :now, :now, :now
    FROM matter_links WHERE team_id = :team AND client_matter = :matter
   ORDER BY linked_at, channel_id
  ON CONFLICT (push_id, team_id, channel_id) DO NOTHING`);
const anySubscription = statement("SELECT 1 AS one FROM track_subscriptions LIMIT 1");
const pushBody = statement("SELECT body FROM pushes WHERE id = :id");
const everySubscription = statement("SELECT team_id, client_matter, court, docket, q, ended_at FROM track_subscriptions");

/** court, docket or q of a push body; a body that is not a JSON object names none (SQLite: json_valid). */
function targetOfBody(body: string): SubscriptionTarget | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const o = parsed as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : undefined);
  const q = str(o.q);
  const court = str(o.court);
  const docket = str(o.docket);
  return q !== undefined ? { q } : court && docket ? { court, docket } : undefined;
}

export function createPgRouting(): PgRouting {
  /** The subscriptions (ended ones too) to the push's case or search; none when it names neither. */
  const subscriptionsOfPush = async (db: Db, pushId: number): Promise<Row[]> => {
    if ((await db.get(anySubscription)) === undefined) return [];
    const row = await db.get(pushBody, { id: pushId });
    const target = row ? targetOfBody(text(row, "body")) : undefined;
    if (!target) return [];
    return (await db.all(everySubscription)).filter((s) => sameTarget(targetOfRow(s), target));
  };

  const hasChannels = async (db: Db, clientMatter: string) => (await db.get(anyChannel, { matter: clientMatter })) !== undefined;

  return {
    hasChannels,
    async routePush(db, pushId, clientMatter, now) {
      const subs = await subscriptionsOfPush(db, pushId);
      const live = subs.filter((s) => s.ended_at === null);
      const tagLeft = subs.some((s) => text(s, "client_matter") === clientMatter) && !live.some((s) => text(s, "client_matter") === clientMatter);
      let created = tagLeft ? 0 : await db.run(routeOne, { push: pushId, matter: clientMatter, now });
      for (const s of live) {
        const matter = text(s, "client_matter");
        if (matter === clientMatter) continue;
        created += await db.run(routeSubscriber, { push: pushId, team: text(s, "team_id"), matter, now });
      }
      return created;
    },
    async releaseHeld(db, clientMatter, now) {
      if (!(await hasChannels(db, clientMatter))) return { pushes: 0, deliveries: 0 };
      const deliveries = await db.run(routeHeld, { matter: clientMatter, now });
      const pushes = await db.run(markRouted, { matter: clientMatter });
      return { pushes, deliveries };
    },
  };
}
