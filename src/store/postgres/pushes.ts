/**
 * Durable push intake (issue 5, Intake) on PostgreSQL. A push is stored with its deliveries in one
 * transaction, shared with every push that arrived meanwhile (group-commit.ts), and storePush
 * resolves only after COMMIT returned: with PostgreSQL's default synchronous_commit=on, the commit
 * record has been flushed to the WAL by then (postgresql.org/docs/current/wal-async-commit.html).
 *
 * Dedupe key: SHA-256 of the raw body (see ../sqlite/pushes.ts), enforced by a UNIQUE index, so a
 * resend to another replica is a duplicate too.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { PushRecord, PushRouting, StorePushInput, StorePushResult, Store } from "../store.ts";
import { checkLimit } from "../sqlite/context.ts";
import { sha256Hex } from "../sqlite/pushes.ts";
import { SCOPE_SQL, scopeParam, type PgContext } from "./context.ts";
import { toPgStoreError } from "./errors.ts";
import { createAsyncGroupCommitter, type AsyncGroupCommitter, type ItemResult } from "./group-commit.ts";
import { lockRouting } from "./locks.ts";
import type { PgRouting } from "./routing.ts";
import { int, optText, text } from "./rows.ts";
import { statement, type Db, type Row } from "./sql.ts";

export type PushesArea = Pick<Store, "storePush" | "getPush" | "listQuarantined" | "requeueQuarantined" | "pushStats">;

export interface PushBatchOptions {
  maxBatch?: number | undefined;
  maxWaitMs?: number | undefined;
}

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

const insert = statement(`
  INSERT INTO pushes (body_sha256, body, received_at, stored_at, push_type, client_matter, routing, quarantine_reason)
  VALUES (:sha, :body, :received, :now, :type, :matter, :routing, :reason)
  ON CONFLICT (body_sha256) DO NOTHING
  RETURNING id`);
const byHash = statement("SELECT id, routing FROM pushes WHERE body_sha256 = :sha");
const byId = statement("SELECT * FROM pushes WHERE id = :id");
const quarantined = statement(`
  SELECT * FROM pushes
   WHERE routing = 'quarantined' AND ${SCOPE_SQL("client_matter")} AND (:before::bigint IS NULL OR id < :before::bigint)
   ORDER BY id DESC LIMIT :limit`);
const requeue = statement("UPDATE pushes SET push_type = :type, client_matter = :matter, routing = :routing WHERE id = :id");
const stats = statement(`SELECT routing, count(*) AS n FROM pushes WHERE ${SCOPE_SQL("client_matter")} GROUP BY routing`);

export function createPushes(
  ctx: PgContext,
  routing: PgRouting,
  batch: PushBatchOptions = {},
): PushesArea & { committer: AsyncGroupCommitter<Pending, StorePushResult> } {
  const { clock } = ctx;

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
      return { id: int(existing, "id"), duplicate: true, routing: text(existing, "routing") as PushRouting, deliveries: 0 };
    }
    const id = int(row, "id");
    // A held push (its matter has no channel yet) may still reach subscribed matters' channels (issue 13).
    const deliveries = quarantine ? 0 : await routing.routePush(db, id, matter ?? "", now);
    return { id, duplicate: false, routing: planned, deliveries };
  };

  // One transaction per batch; a SAVEPOINT per push so that one bad push fails alone.
  const commit = (items: readonly Pending[]): Promise<ItemResult<StorePushResult>[]> =>
    ctx.tx(
      "storePush",
      async (db) => {
        await lockRouting(db);
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
            out.push({ ok: false, error: toPgStoreError("storePush", e) });
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
        throw toPgStoreError("storePush", e);
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
          scope: scopeParam(options),
          before: options.beforeId ?? null,
          limit: checkLimit("listQuarantined", options.limit ?? 20),
        })).map(toPush),
      ),

    requeueQuarantined: (id, fix) =>
      ctx.run("requeueQuarantined", () =>
        ctx.tx("requeueQuarantined", async (db) => {
          await lockRouting(db);
          const row = await db.get(byId, { id });
          if (!row || text(row, "routing") !== "quarantined") return undefined;
          const deliveries = await routing.routePush(db, id, fix.clientMatter, clock.now());
          const routed: PushRouting = deliveries > 0 ? "routed" : "held";
          await db.run(requeue, { id, type: fix.pushType, matter: fix.clientMatter, routing: routed });
          return { id, duplicate: false, routing: routed, deliveries };
        }),
      ),

    pushStats: (scope) =>
      ctx.run("pushStats", async () => {
        const counts = { stored: 0, held: 0, quarantined: 0 };
        for (const row of await ctx.db.all(stats, { scope: scopeParam(scope) })) {
          const n = int(row, "n");
          counts.stored += n;
          const r = text(row, "routing");
          if (r === "held" || r === "quarantined") counts[r] += n;
        }
        return counts;
      }),
  };
}
