/**
 * Durable push intake (issue 5, Intake). A push is stored with its deliveries in one transaction,
 * shared with every push that arrived meanwhile (group commit: ../sql/group-commit.ts), and
 * storePush resolves only after COMMIT returned: on SQLite with WAL and synchronous=FULL it has
 * reached the disk; on PostgreSQL with synchronous_commit=on (the default) the commit record has
 * been flushed to the WAL (postgresql.org/docs/current/wal-async-commit.html).
 *
 * Dedupe key: SHA-256 of the raw body, enforced by a UNIQUE index (so a resend to another replica
 * is a duplicate too). Public material shows no delivery id, and a re-sent push is byte-identical
 * as far as anyone knows (observed-facts), so the same bytes are the same push.
 */
import { createHash } from "node:crypto";
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { PushRecord, PushRouting, StorePushInput, StorePushResult, Store } from "../store.ts";
import { checkLimit, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { createAsyncGroupCommitter, type AsyncGroupCommitter, type ItemResult } from "../sql/group-commit.ts";
import { int, oneOf, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import type { Routing } from "./routing.ts";

export type PushesArea = Pick<Store, "storePush" | "getPush" | "listQuarantined" | "requeueQuarantined" | "pushStats">;

export interface PushBatchOptions {
  maxBatch?: number | undefined;
  maxWaitMs?: number | undefined;
}

export const sha256Hex = (body: string): string => createHash("sha256").update(body, "utf8").digest("hex");

interface Pending extends StorePushInput {
  sha: string;
}

const ROUTINGS: readonly PushRouting[] = ["routed", "held", "quarantined"];

function toPush(row: Row): PushRecord {
  return {
    id: int(row, "id"),
    bodySha256: text(row, "body_sha256"),
    body: text(row, "body"),
    receivedAt: int(row, "received_at"),
    storedAt: int(row, "stored_at"),
    pushType: optText(row, "push_type"),
    clientMatter: optText(row, "client_matter"),
    routing: oneOf(row, "routing", ROUTINGS),
    quarantineReason: optText(row, "quarantine_reason"),
  };
}

const insert = statement(`
  INSERT INTO pushes (body_sha256, body, received_at, stored_at, push_type, client_matter, routing, quarantine_reason)
  VALUES (:sha, :body, :received, :now, :type, :matter, :routing, :reason)
  ON CONFLICT (body_sha256) DO NOTHING
  RETURNING id`);
const byHash = statement("SELECT id, routing FROM pushes WHERE body_sha256 = :sha");
const byId = statement("SELECT * FROM pushes WHERE id = :id");
const requeue = statement("UPDATE pushes SET push_type = :type, client_matter = :matter, routing = :routing WHERE id = :id");

export function createPushes(
  ctx: StoreContext,
  routing: Routing,
  batch: PushBatchOptions = {},
): PushesArea & { committer: AsyncGroupCommitter<Pending, StorePushResult> } {
  const { clock } = ctx;
  const quarantined = statement(`
    SELECT * FROM pushes
     WHERE routing = 'quarantined' AND ${scopeSql(ctx, "client_matter")} AND (CAST(:before AS BIGINT) IS NULL OR id < :before)
     ORDER BY id DESC LIMIT :limit`);
  const stats = statement(`SELECT routing, COUNT(*) AS n FROM pushes WHERE ${scopeSql(ctx, "client_matter")} GROUP BY routing`);

  const storeOne = async (db: Db, p: Pending, now: number): Promise<StorePushResult> => {
    const matter = p.clientMatter ?? (p.quarantineReason === undefined ? "" : null);
    const quarantine = p.quarantineReason !== undefined;
    const planned: PushRouting = quarantine ? "quarantined" : (await routing.hasChannels(db, matter ?? "")) ? "routed" : "held";
    const row = await db.get(insert, {
      sha: p.sha, body: p.body, received: p.receivedAt, now, type: p.pushType ?? null, matter,
      routing: planned, reason: p.quarantineReason ?? null,
    });
    if (row === undefined) {
      const existing = await db.get(byHash, { sha: p.sha });
      if (!existing) throw new Error("a push conflicted on its hash but cannot be found");
      return { id: int(existing, "id"), duplicate: true, routing: oneOf(existing, "routing", ROUTINGS), deliveries: 0 };
    }
    const id = int(row, "id");
    // A held push (its matter has no channel yet) may still reach subscribed matters' channels (issue 13).
    const deliveries = quarantine ? 0 : await routing.routePush(db, { id, body: p.body }, matter ?? "", now);
    return { id, duplicate: false, routing: planned, deliveries };
  };

  // One transaction per batch; a SAVEPOINT per push so that one bad push fails alone.
  const commit = (items: readonly Pending[]): Promise<ItemResult<StorePushResult>[]> =>
    ctx.tx(
      "storePush",
      async (db) => {
        await routing.lock(db);
        const now = clock.now();
        const out: ItemResult<StorePushResult>[] = [];
        for (const p of items) {
          await db.exec("SAVEPOINT push_item");
          try {
            const value = await storeOne(db, p, now);
            await db.exec("RELEASE SAVEPOINT push_item");
            out.push({ ok: true, value });
          } catch (e) {
            await db.exec("ROLLBACK TO SAVEPOINT push_item");
            await db.exec("RELEASE SAVEPOINT push_item");
            out.push({ ok: false, error: ctx.dialect.storeError("storePush", e) });
          }
        }
        return out;
      },
      items.length,
    );
  const committer = createAsyncGroupCommitter<Pending, StorePushResult>({ ...batch, commit });

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
        throw ctx.dialect.storeError("storePush", e);
      }
    },

    getPush: (id) =>
      ctx.run("getPush", async () => {
        const row = await ctx.db.get(byId, { id });
        return row ? toPush(row) : undefined;
      }),

    listQuarantined: (options = {}) =>
      ctx.run("listQuarantined", async () =>
        (await ctx.db.all(quarantined, {
          scope: scopeParam(ctx, options),
          before: options.beforeId ?? null,
          limit: checkLimit("listQuarantined", options.limit ?? 20),
        })).map(toPush),
      ),

    requeueQuarantined: (id, fix) =>
      ctx.run("requeueQuarantined", () =>
        ctx.tx("requeueQuarantined", async (db) => {
          await routing.lock(db);
          const row = await db.get(byId, { id });
          if (!row || text(row, "routing") !== "quarantined") return undefined;
          const deliveries = await routing.routePush(db, { id, body: text(row, "body") }, fix.clientMatter, clock.now());
          const routed: PushRouting = deliveries > 0 ? "routed" : "held";
          await db.run(requeue, { id, type: fix.pushType, matter: fix.clientMatter, routing: routed });
          return { id, duplicate: false, routing: routed, deliveries };
        }),
      ),

    pushStats: (scope) =>
      ctx.run("pushStats", async () => {
        const counts = { stored: 0, held: 0, quarantined: 0 };
        for (const row of await ctx.db.all(stats, { scope: scopeParam(ctx, scope) })) {
          const n = int(row, "n");
          counts.stored += n;
          const r = text(row, "routing");
          if (r === "held" || r === "quarantined") counts[r] += n;
        }
        return counts;
      }),
  };
}
