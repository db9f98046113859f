/**
 * Durable push intake (issue 5, Intake). A push is stored with its deliveries in one transaction,
 * shared with every push that arrived in the same event-loop turn (group commit), and storePush
 * resolves only after COMMIT, which with WAL and synchronous=FULL has reached the disk.
 *
 * Dedupe key: SHA-256 of the raw body. Public material shows no delivery id, and a re-sent push is
 * byte-identical as far as anyone knows (observed-facts), so the same bytes are the same push.
 */
import { createHash } from "node:crypto";
import { StoreError, StoreErrorCode, toStoreError } from "../errors.ts";
import type { PushRecord, PushRouting, StorePushInput, StorePushResult } from "../store.ts";
import type { Store } from "../store.ts";
import { checkLimit, int, optText, SCOPE_SQL, scopeParam, text, type Row, type StoreContext } from "./context.ts";
import { createGroupCommitter, type GroupCommitter, type ItemResult } from "./group-commit.ts";
import type { Routing } from "./routing.ts";

export type PushesArea = Pick<Store, "storePush" | "getPush" | "listQuarantined" | "requeueQuarantined" | "pushStats">;

export interface PushBatchOptions {
  maxBatch?: number;
  maxWaitMs?: number;
}

export const sha256Hex = (body: string): string => createHash("sha256").update(body, "utf8").digest("hex");

interface Pending extends StorePushInput {
  sha: string;
}

function toPush(row: Row): PushRecord {
  return {
    id: int(row, "id"),
    bodySha256: text(row, "body_sha256"),
    body: text(row, "body"),
    receivedAt: int(row, "received_at"),
    storedAt: int(row, "stored_at"),
    pushType: optText(row, "push_type"),
    clientMatter: optText(row, "client_matter"),
    routing: text(row, "routing") as PushRouting,
    quarantineReason: optText(row, "quarantine_reason"),
  };
}

export function createPushes(
  ctx: StoreContext,
  routing: Routing,
  batch: PushBatchOptions = {},
): PushesArea & { committer: GroupCommitter<Pending, StorePushResult> } {
  const { db, clock } = ctx;
  const insert = db.prepare(`
    INSERT INTO pushes (body_sha256, body, received_at, stored_at, push_type, client_matter, routing, quarantine_reason)
    VALUES (:sha, :body, :received, :now, :type, :matter, :routing, :reason)
    ON CONFLICT (body_sha256) DO NOTHING
    RETURNING id`);
  const byHash = db.prepare("SELECT id, routing FROM pushes WHERE body_sha256 = ?");
  const byId = db.prepare("SELECT * FROM pushes WHERE id = ?");
  const quarantined = db.prepare(`
    SELECT * FROM pushes
     WHERE routing = 'quarantined' AND ${SCOPE_SQL("client_matter")} AND (:before IS NULL OR id < :before)
     ORDER BY id DESC LIMIT :limit`);
  const requeue = db.prepare("UPDATE pushes SET push_type = :type, client_matter = :matter, routing = :routing WHERE id = :id");
  const stats = db.prepare(`SELECT routing, COUNT(*) AS n FROM pushes WHERE ${SCOPE_SQL("client_matter")} GROUP BY routing`);

  /** Routes a stored, non-quarantined push: deliveries now, or held until the matter has a channel. */
  const route = (id: number, clientMatter: string, now: number): { routing: PushRouting; deliveries: number } => {
    const deliveries = routing.routePush(id, clientMatter, now);
    return { routing: deliveries > 0 ? "routed" : "held", deliveries };
  };

  const storeOne = (p: Pending, now: number): StorePushResult => {
    const matter = p.clientMatter ?? (p.quarantineReason === undefined ? "" : null);
    const quarantine = p.quarantineReason !== undefined;
    const planned: PushRouting = quarantine ? "quarantined" : routing.hasChannels(matter ?? "") ? "routed" : "held";
    const row = insert.get({
      sha: p.sha, body: p.body, received: p.receivedAt, now, type: p.pushType ?? null, matter,
      routing: planned, reason: p.quarantineReason ?? null,
    });
    if (row === undefined) {
      const existing = byHash.get(p.sha);
      if (!existing) throw new Error("a push conflicted on its hash but cannot be found");
      return { id: int(existing, "id"), duplicate: true, routing: text(existing, "routing") as PushRouting, deliveries: 0 };
    }
    const id = int(row, "id");
    // A held push (its matter has no channel yet) may still reach subscribed matters' channels (issue 13).
    const deliveries = quarantine ? 0 : routing.routePush(id, matter ?? "", now);
    return { id, duplicate: false, routing: planned, deliveries };
  };

  // One transaction per batch; a SAVEPOINT per push so that one bad push fails alone.
  const commit = (items: readonly Pending[]): ItemResult<StorePushResult>[] =>
    ctx.tx(
      "storePush",
      () => {
        const now = clock.now();
        return items.map((p): ItemResult<StorePushResult> => {
          db.exec("SAVEPOINT push_item");
          try {
            const value = storeOne(p, now);
            db.exec("RELEASE push_item");
            return { ok: true, value };
          } catch (e) {
            db.exec("ROLLBACK TO push_item");
            db.exec("RELEASE push_item");
            return { ok: false, error: toStoreError("storePush", e) };
          }
        });
      },
      items.length,
    );
  const committer = createGroupCommitter<Pending, StorePushResult>({ ...batch, commit });

  return {
    committer,

    async storePush(input) {
      if (ctx.isClosed()) throw new StoreError(StoreErrorCode.Closed, "storePush", "storePush: the store is closed");
      if (typeof input.body !== "string" || !Number.isFinite(input.receivedAt)) {
        throw new StoreError(StoreErrorCode.InvalidInput, "storePush", "storePush: body must be text and receivedAt a time");
      }
      try {
        return await committer.submit({ ...input, sha: sha256Hex(input.body) });
      } catch (e) {
        throw toStoreError("storePush", e);
      }
    },

    getPush: (id) =>
      ctx.run("getPush", () => {
        const row = byId.get(id);
        return row ? toPush(row) : undefined;
      }),

    listQuarantined: (options = {}) =>
      ctx.run("listQuarantined", () =>
        quarantined
          .all({
            scope: scopeParam(options),
            before: options.beforeId ?? null,
            limit: checkLimit("listQuarantined", options.limit ?? 20),
          })
          .map(toPush),
      ),

    requeueQuarantined: (id, fix) =>
      ctx.run("requeueQuarantined", () =>
        ctx.tx("requeueQuarantined", () => {
          const row = byId.get(id);
          if (!row || text(row, "routing") !== "quarantined") return undefined;
          const now = clock.now();
          const routed = route(id, fix.clientMatter, now);
          requeue.run({ id, type: fix.pushType, matter: fix.clientMatter, routing: routed.routing });
          return { id, duplicate: false, ...routed };
        }),
      ),

    pushStats: (scope) =>
      ctx.run("pushStats", () => {
        const counts = { stored: 0, held: 0, quarantined: 0 };
        for (const row of stats.all({ scope: scopeParam(scope) })) {
          const n = int(row, "n");
          counts.stored += n;
          const r = text(row, "routing");
          if (r === "held" || r === "quarantined") counts[r] += n;
        }
        return counts;
      }),
  };
}
