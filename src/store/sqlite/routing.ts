/**
 * Routing by client_matter (issue 5, Routing): a push becomes one delivery per channel linked to
 * its matter, inserted in the transaction that stores the push or the link, never later. A push
 * whose matter has no channel is "held" until the matter's first link releases it.
 * Synchronous building blocks: callers hold the transaction.
 */
import type { StoreContext } from "./context.ts";
import { changes } from "./context.ts";
import type { ReleaseResult } from "../store.ts";

export interface Routing {
  /** Deliveries for one push to every channel of its matter; returns how many were created. */
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

  const hasChannels = (clientMatter: string) => anyChannel.get(clientMatter) !== undefined;
  return {
    hasChannels,
    routePush: (pushId, clientMatter, now) => changes(routeOne.run({ push: pushId, matter: clientMatter, now })),
    releaseHeld(clientMatter, now) {
      if (!hasChannels(clientMatter)) return { pushes: 0, deliveries: 0 };
      const deliveries = changes(routeHeld.run({ matter: clientMatter, now }));
      const pushes = changes(markRouted.run({ matter: clientMatter }));
      return { pushes, deliveries };
    },
  };
}
