/**
 * A batch of pushes stored set-based (pushes.ts commits it, one group commit): the same statements
 * whatever the batch's size, each one round trip on PostgreSQL, where a statement per push cost a
 * round trip per push:
 *   1. routing.survey: which of the batch's matters have a channel, and whether any subscription exists;
 *   2. one INSERT of every new push, ON CONFLICT (body_sha256) DO NOTHING RETURNING its id;
 *   3. only when some conflicted: the pushes stored before with the same bytes;
 *   4. routing.routePushes: one INSERT of every delivery (after reading the subscriptions, if any).
 * Under the routing lock, in the caller's transaction.
 *
 * The same bytes twice in one batch are one push: the first is stored, the others are its
 * duplicates (as if they had come after it), answered with its id and routing. A big body's parts
 * are written before its batch (push-bodies.ts); a push that turns out to be a duplicate deletes its own.
 */
import type { ChannelRef, PushRouting, StorePushInput, StorePushResult } from "../store.ts";
import { dropBodyParts, type PreparedBody } from "./push-bodies.ts";
import { rowList } from "../sql/row-list.ts";
import { int, oneOf, text } from "../sql/rows.ts";
import type { Db } from "../sql/statement.ts";
import type { SubscriptionTarget } from "../subscription-records.ts";
import { targetParams } from "./subscription-match.ts";
import type { Routing, RoutingSurvey } from "./routing.ts";

export interface PendingPush extends Omit<StorePushInput, "body" | "target"> {
  body: PreparedBody;
  /** The case or search it names (court/push-target.ts), read by intake's parse or from the body; routing matches subscriptions on it. */
  target: SubscriptionTarget | undefined;
  /** The key of its parts, written before it (push-bodies.ts); undefined when the body is in the row. */
  partsKey: string | undefined;
}

export const ROUTINGS: readonly PushRouting[] = ["routed", "held", "quarantined"];

type NewPush = {
  sha: string;
  body: string;
  key: string | null;
  parts: number;
  received: number;
  type: string | null;
  matter: string | null;
  routing: PushRouting;
  reason: string | null;
  court: string | null;
  docket: string | null;
  q: string | null;
};

// In the batch's order (ids follow it: FIFO per channel follows arrival). RETURNING gives the rows
// made, not those that conflicted with a push stored before.
const insertPushes = rowList<NewPush>({
  columns: ["sha", "body", "key", "parts", "received", "type", "matter", "routing", "reason", "court", "docket", "q"],
  types: { received: "BIGINT", parts: "INTEGER" },
  sql: (withValues) => `${withValues}
  INSERT INTO pushes (body_sha256, body, body_key, body_parts, received_at, stored_at, push_type, client_matter, routing, quarantine_reason,
                      target_court, target_docket, target_q)
  SELECT v.sha, v.body, v.key, v.parts, v.received, CAST(:now AS BIGINT), v.type, v.matter, v.routing, v.reason, v.court, v.docket, v.q
    FROM v WHERE v.seq IS NOT NULL ORDER BY v.seq
  ON CONFLICT (body_sha256) DO NOTHING
  RETURNING id, body_sha256`,
});
const storedBefore = rowList<{ sha: string }>({
  columns: ["sha"],
  sql: (withValues) => `${withValues}
  SELECT p.id, p.routing, p.body_sha256 FROM v JOIN pushes p ON p.body_sha256 = v.sha WHERE v.seq IS NOT NULL`,
});

/** A push's new deliveries, by the channel each waits in. */
export const newDeliveries = (channels: readonly ChannelRef[]): Pick<StorePushResult, "deliveries" | "channels"> => ({ deliveries: channels.length, channels });

const NO_SURVEY: RoutingSurvey = { linked: new Set(), subscriptions: false };

/** A push's matter as stored: none only for a quarantined push that named none ("" is a matter no channel has). */
const matterOf = (p: PendingPush): string | null => p.clientMatter ?? (p.quarantineReason === undefined ? "" : null);

export function createPushBatch(routing: Pick<Routing, "survey" | "routePushes">) {
  /** Stores `items` (one result each, in order); throws if any statement fails (the caller rolls back). */
  return async (db: Db, items: readonly PendingPush[], now: number): Promise<StorePushResult[]> => {
    const firstOf = new Map<string, PendingPush>();
    for (const p of items) if (!firstOf.has(p.body.sha)) firstOf.set(p.body.sha, p);
    const fresh = [...firstOf.values()];
    const routable = fresh.filter((p) => p.quarantineReason === undefined);
    const survey = routable.length === 0 ? NO_SURVEY : await routing.survey(db, routable.map((p) => matterOf(p) ?? ""));
    const planned = (p: PendingPush): PushRouting =>
      p.quarantineReason !== undefined ? "quarantined" : survey.linked.has(matterOf(p) ?? "") ? "routed" : "held";

    const ids = new Map<string, number>();
    const rows = fresh.map((p): NewPush => ({
      sha: p.body.sha, body: p.body.inline ?? "", key: p.partsKey ?? null, parts: p.body.parts, received: p.receivedAt, type: p.pushType ?? null, matter: matterOf(p), routing: planned(p), reason: p.quarantineReason ?? null,
      ...targetParams(p.target),
    }));
    for (const { st, params } of insertPushes.bind(rows, { now })) {
      for (const row of await db.all(st, params)) ids.set(text(row, "body_sha256"), int(row, "id"));
    }

    // Conflicted: stored before this batch (or by another replica meanwhile, whose commit we waited for).
    const before = new Map<string, { id: number; routing: PushRouting }>();
    const conflicted = fresh.filter((p) => !ids.has(p.body.sha)).map((p) => ({ sha: p.body.sha }));
    for (const { st, params } of storedBefore.bind(conflicted)) {
      for (const row of await db.all(st, params)) before.set(text(row, "body_sha256"), { id: int(row, "id"), routing: oneOf(row, "routing", ROUTINGS) });
    }

    // A duplicate's own parts (its body's twin was stored first) are nobody's: deleted with this batch.
    for (const p of items) {
      const stored = ids.has(p.body.sha) && firstOf.get(p.body.sha) === p;
      if (p.partsKey !== undefined && !stored) await dropBodyParts(db, p.partsKey);
    }

    const toRoute = routable.filter((p) => ids.has(p.body.sha));
    const made = await routing.routePushes(db, toRoute.map((p) => ({ id: ids.get(p.body.sha)!, target: p.target, clientMatter: matterOf(p) ?? "" })), survey, now);
    const channels = new Map(toRoute.map((p, i) => [p.body.sha, made[i]!]));

    return items.map((p): StorePushResult => {
      const first = firstOf.get(p.body.sha)!;
      const id = ids.get(p.body.sha);
      if (id !== undefined) {
        return first === p
          ? { id, duplicate: false, routing: planned(p), ...newDeliveries(channels.get(p.body.sha) ?? []) }
          : { id, duplicate: true, routing: planned(first), ...newDeliveries([]) };
      }
      const existing = before.get(p.body.sha);
      if (!existing) throw new Error("a push conflicted on its hash but cannot be found");
      return { id: existing.id, duplicate: true, routing: existing.routing, ...newDeliveries([]) };
    });
  };
}
