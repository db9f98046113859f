/**
 * Durable push intake (issue 5, Intake). A push is stored with its deliveries in one transaction,
 * shared with every push that arrived meanwhile (group commit: ../sql/group-commit.ts), and
 * storePush resolves only after COMMIT returned: on SQLite with WAL and synchronous=FULL it has
 * reached the disk; on PostgreSQL with synchronous_commit=on (the default) the commit record has
 * been flushed to the WAL (postgresql.org/docs/current/wal-async-commit.html). A body over a
 * megabyte is written in parts first, each committed on its own, and its row (which names them)
 * then commits with the batch as any other (push-bodies.ts): the promise still follows the row's COMMIT.
 *
 * Dedupe key: SHA-256 of the raw body, enforced by a UNIQUE index (so a resend to another replica
 * is a duplicate too). Public material shows no delivery id, and a re-sent push is byte-identical
 * as far as anyone knows (observed-facts), so the same bytes are the same push.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { PushRecord, PushRouting, StorePushInput, StorePushResult, Store } from "../store.ts";
import { checkLimit, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { createAsyncGroupCommitter, type AsyncGroupCommitter, type ItemResult } from "../sql/group-commit.ts";
import { int, oneOf, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import { bodyOf, dropBodyParts, inlineBody, partedBody, writeBodyParts, type PreparedBody } from "./push-bodies.ts";
import type { Routing } from "./routing.ts";

export type PushesArea = Pick<Store, "storePush" | "getPush" | "listQuarantined" | "requeueQuarantined" | "pushStats">;

export interface PushBatchOptions {
  maxBatch?: number | undefined;
  maxWaitMs?: number | undefined;
}

export { sha256Hex } from "./push-bodies.ts";

interface Pending extends Omit<StorePushInput, "body"> {
  body: PreparedBody;
  /** The key of its parts, written before it (push-bodies.ts); undefined when the body is in the row. */
  partsKey: string | undefined;
}

const ROUTINGS: readonly PushRouting[] = ["routed", "held", "quarantined"];

async function toPush(readBody: (row: Row) => Promise<string>, row: Row): Promise<PushRecord> {
  return {
    id: int(row, "id"),
    bodySha256: text(row, "body_sha256"),
    body: await readBody(row),
    receivedAt: int(row, "received_at"),
    storedAt: int(row, "stored_at"),
    pushType: optText(row, "push_type"),
    clientMatter: optText(row, "client_matter"),
    routing: oneOf(row, "routing", ROUTINGS),
    quarantineReason: optText(row, "quarantine_reason"),
  };
}

const insert = statement(`
  INSERT INTO pushes (body_sha256, body, body_key, body_parts, received_at, stored_at, push_type, client_matter, routing, quarantine_reason)
  VALUES (:sha, :body, :key, :parts, :received, :now, :type, :matter, :routing, :reason)
  ON CONFLICT (body_sha256) DO NOTHING
  RETURNING id`);
const byHash = statement("SELECT id, routing FROM pushes WHERE body_sha256 = :sha");
const byId = statement("SELECT * FROM pushes WHERE id = :id");
const requeue = statement("UPDATE pushes SET push_type = :type, client_matter = :matter, routing = :routing WHERE id = :id");

export function createPushes(
  ctx: StoreContext,
  deps: { routing: Routing; readBody: (row: Row) => Promise<string> },
  batch: PushBatchOptions = {},
): PushesArea & { committer: AsyncGroupCommitter<Pending, StorePushResult> } {
  const { routing, readBody } = deps;
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
      sha: p.body.sha, body: p.body.inline ?? "", key: p.partsKey ?? null, parts: p.body.parts, received: p.receivedAt, now,
      type: p.pushType ?? null, matter, routing: planned, reason: p.quarantineReason ?? null,
    });
    if (row === undefined) {
      if (p.partsKey !== undefined) await dropBodyParts(db, p.partsKey);
      const existing = await db.get(byHash, { sha: p.body.sha });
      if (!existing) throw new Error("a push conflicted on its hash but cannot be found");
      return { id: int(existing, "id"), duplicate: true, routing: oneOf(existing, "routing", ROUTINGS), deliveries: 0 };
    }
    const id = int(row, "id");
    // A held push (its matter has no channel yet) may still reach subscribed matters' channels (issue 13).
    const deliveries = quarantine ? 0 : await routing.routePush(db, { id, body: p.body.text }, matter ?? "", now);
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
      if ((typeof input.body !== "string" && !(input.body instanceof Uint8Array)) || !Number.isFinite(input.receivedAt)) {
        throw new StoreError(StoreErrorCode.InvalidInput, "storePush", "storePush: body must be text (or its UTF-8) and receivedAt a time");
      }
      try {
        const small = inlineBody("storePush", input.body);
        // Submitted in the caller's turn: pushes parsed in one turn share a batch, and close() finds them queued.
        if (small) return await committer.submit({ ...input, body: small, partsKey: undefined });
        const body = await partedBody(input.body);
        // A big body seen before is not written again: the duplicate is answered from its row.
        const seen = await ctx.run("storePush", () => ctx.db.get(byHash, { sha: body.sha }));
        if (seen) return { id: int(seen, "id"), duplicate: true, routing: oneOf(seen, "routing", ROUTINGS), deliveries: 0 };
        // Parts of a push whose row then fails are left to the sweep (push-bodies.ts): after a failed
        // COMMIT nobody knows for sure that no row names them.
        const partsKey = await writeBodyParts(ctx, "storePush", body);
        if (ctx.isClosed()) throw new StoreError(StoreErrorCode.Closed, "storePush", "storePush: the store is closed");
        return await committer.submit({ ...input, body, partsKey });
      } catch (e) {
        throw ctx.dialect.storeError("storePush", e);
      }
    },

    getPush: (id) =>
      ctx.run("getPush", async () => {
        const row = await ctx.db.get(byId, { id });
        return row ? toPush(readBody, row) : undefined;
      }),

    listQuarantined: (options = {}) =>
      ctx.run("listQuarantined", async () => {
        const rows = await ctx.db.all(quarantined, {
          scope: scopeParam(ctx, options),
          before: options.beforeId ?? null,
          limit: checkLimit("listQuarantined", options.limit ?? 20),
        });
        const out: PushRecord[] = [];
        for (const row of rows) out.push(await toPush(readBody, row));
        return out;
      }),

    requeueQuarantined: (id, fix) =>
      ctx.run("requeueQuarantined", () =>
        ctx.tx("requeueQuarantined", async (db) => {
          await routing.lock(db);
          const row = await db.get(byId, { id });
          if (!row || text(row, "routing") !== "quarantined") return undefined;
          const body = await bodyOf(db, row);
          const deliveries = await routing.routePush(db, { id, body: () => body }, fix.clientMatter, clock.now());
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
