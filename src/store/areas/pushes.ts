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
 *
 * A batch is stored set-based (push-batch.ts): a few statements whatever its size, so on PostgreSQL
 * a group commit costs BEGIN, the routing lock, three statements (one more when some pushes were
 * stored before, one more when subscriptions exist) and COMMIT, where it cost six round trips a push. A push that fails (a value the database refuses) must fail alone: when the batch
 * fails, its transaction is rolled back and the batch runs again one push at a time, each in a
 * SAVEPOINT, so the others are stored and only that push's sender gets an error (and retries).
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { PushRecord, PushRouting, StorePushInput, StorePushResult, Store } from "../store.ts";
import { checkLimit, scopeParam, scopeSql, type StoreContext } from "../sql/context.ts";
import { createAsyncGroupCommitter, type AsyncGroupCommitter, type ItemResult } from "../sql/group-commit.ts";
import { int, oneOf, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";
import { pushTargetOfText } from "../../court/push-target.ts";
import type { SubscriptionTarget } from "../subscription-records.ts";
import { inlineBody, partedBody, writeBodyParts, type PreparedBody } from "./push-bodies.ts";
import { pushTargetOfRow } from "./subscription-match.ts";
import { createPushBatch, newDeliveries, ROUTINGS, type PendingPush } from "./push-batch.ts";
import type { Routing } from "./routing.ts";

export type PushesArea = Pick<Store, "storePush" | "getPush" | "listQuarantined" | "requeueQuarantined" | "pushStats">;

export interface PushBatchOptions {
  maxBatch?: number | undefined;
  maxWaitMs?: number | undefined;
}

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

/** What the push names, as the caller's parse read it (intake's), else read from the body here. */
function targetOf(input: StorePushInput, body: PreparedBody): SubscriptionTarget | undefined {
  return input.target !== undefined ? (input.target ?? undefined) : pushTargetOfText(body.text());
}

const byHash = statement("SELECT id, routing FROM pushes WHERE body_sha256 = :sha");
const byId = statement("SELECT * FROM pushes WHERE id = :id");
const requeue = statement("UPDATE pushes SET push_type = :type, client_matter = :matter, routing = :routing WHERE id = :id");

export function createPushes(
  ctx: StoreContext,
  deps: { routing: Routing; readBody: (row: Row) => Promise<string> },
  batch: PushBatchOptions = {},
): PushesArea & { committer: AsyncGroupCommitter<PendingPush, StorePushResult> } {
  const { routing, readBody } = deps;
  const { clock } = ctx;
  const quarantined = statement(`
    SELECT * FROM pushes
     WHERE routing = 'quarantined' AND ${scopeSql(ctx, "client_matter")} AND (CAST(:before AS BIGINT) IS NULL OR id < :before)
     ORDER BY id DESC LIMIT :limit`);
  const stats = statement(`SELECT routing, COUNT(*) AS n FROM pushes WHERE ${scopeSql(ctx, "client_matter")} GROUP BY routing`);

  const storeBatch = createPushBatch(routing);

  /** Fails alone: each push in a SAVEPOINT of its own (what a batch that failed falls back to). */
  const storeOneByOne = async (db: Db, items: readonly PendingPush[], now: number): Promise<ItemResult<StorePushResult>[]> => {
    const out: ItemResult<StorePushResult>[] = [];
    for (const p of items) {
      await db.exec("SAVEPOINT push_item");
      try {
        const [value] = await storeBatch(db, [p], now);
        await db.exec("RELEASE SAVEPOINT push_item");
        out.push({ ok: true, value: value! });
      } catch (e) {
        await db.exec("ROLLBACK TO SAVEPOINT push_item");
        await db.exec("RELEASE SAVEPOINT push_item");
        out.push({ ok: false, error: ctx.dialect.storeError("storePush", e) });
      }
    }
    return out;
  };

  // One transaction per batch, set-based; if a statement of it fails, the batch again in another
  // transaction, one push at a time. A failure at BEGIN or COMMIT fails the whole batch, as before.
  const commit = async (items: readonly PendingPush[]): Promise<ItemResult<StorePushResult>[]> => {
    let failed: { error: unknown } | undefined;
    try {
      return await ctx.tx(
        "storePush",
        async (db) => {
          await routing.lock(db);
          try {
            return (await storeBatch(db, items, clock.now())).map((value) => ({ ok: true as const, value }));
          } catch (e) {
            failed = { error: e };
            throw e;
          }
        },
        items.length,
      );
    } catch (e) {
      if (failed === undefined) throw e;
      if (items.length === 1) return [{ ok: false, error: ctx.dialect.storeError("storePush", failed.error) }];
      ctx.logger.warn({ pushes: items.length, err: ctx.dialect.storeError("storePush", failed.error) }, "a push batch failed; storing its pushes one at a time");
      return ctx.tx(
        "storePush",
        async (db) => {
          await routing.lock(db);
          return storeOneByOne(db, items, clock.now());
        },
        items.length,
      );
    }
  };
  const committer = createAsyncGroupCommitter<PendingPush, StorePushResult>({ ...batch, commit });

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
        if (small) return await committer.submit({ ...input, body: small, target: targetOf(input, small), partsKey: undefined });
        const body = await partedBody(input.body);
        // A big body seen before is not written again: the duplicate is answered from its row.
        const seen = await ctx.run("storePush", () => ctx.db.get(byHash, { sha: body.sha }));
        if (seen) return { id: int(seen, "id"), duplicate: true, routing: oneOf(seen, "routing", ROUTINGS), ...newDeliveries([]) };
        // Parts of a push whose row then fails are left to the sweep (push-bodies.ts): after a failed
        // COMMIT nobody knows for sure that no row names them.
        const partsKey = await writeBodyParts(ctx, "storePush", body);
        if (ctx.isClosed()) throw new StoreError(StoreErrorCode.Closed, "storePush", "storePush: the store is closed");
        return await committer.submit({ ...input, body, target: targetOf(input, body), partsKey });
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
          // What it names was kept when it was stored: its body is not read again (it may be megabytes).
          const survey = await routing.survey(db, [fix.clientMatter]);
          const [channels = []] = await routing.routePushes(db, [{ id, target: pushTargetOfRow(row), clientMatter: fix.clientMatter }], survey, clock.now());
          const routed: PushRouting = channels.length > 0 ? "routed" : "held";
          await db.run(requeue, { id, type: fix.pushType, matter: fix.clientMatter, routing: routed });
          return { id, duplicate: false, routing: routed, ...newDeliveries(channels) };
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
