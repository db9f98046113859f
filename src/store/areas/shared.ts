/**
 * The shared rate budget and login token (shared-records.ts), in the same tables on both databases.
 * A start is one UPDATE of the oldest free slot row, picked with the dialect's row lock: on
 * PostgreSQL FOR UPDATE SKIP LOCKED, so replicas starting at once take different slots and never
 * wait on each other; on SQLite nothing (one process owns the file, one writer).
 *
 * Renewing the token is each database's own (TokenRenewal): PostgreSQL holds a transaction-scoped
 * advisory lock across the login, so one replica logs in while the others wait and then read its
 * token (postgres/shared.ts); SQLite cannot hold its one connection's transaction across an async
 * login, and has no other replica to wait for: it renews one at a time in the process (sqlite/shared.ts).
 */
import type { SharedDesk, SharedTokenRecord } from "../shared-records.ts";
import type { StoreContext } from "../sql/context.ts";
import { int, optInt, text } from "../sql/rows.ts";
import { statement, type Db } from "../sql/statement.ts";

/** renewSharedToken as each database does it. */
export type TokenRenewal = SharedDesk["renewSharedToken"];

const seed = statement(`WITH RECURSIVE g(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM g WHERE n + 1 < :limit)
  INSERT INTO rate_slots (key, slot, used_at) SELECT :key, n, 0 FROM g WHERE true ON CONFLICT DO NOTHING`);
// A slot that looks free but was skipped (SKIP LOCKED: another caller is taking it right now) will be
// used now, so it counts as freeing a window from now, not as free: otherwise a refused caller is
// told to retry in 1 ms while the window is in fact full. (Without skipping, no slot is free here.)
const oldest = statement(`SELECT MIN(CASE WHEN used_at <= CAST(:now AS BIGINT) - CAST(:window AS BIGINT) THEN :now ELSE used_at END) AS at
  FROM rate_slots WHERE key = :key AND slot < :limit`);
const read = statement("SELECT token, renews_at FROM shared_tokens WHERE name = :name");
const save = statement(`INSERT INTO shared_tokens (name, token, renews_at, updated_at) VALUES (:name, :token, :renews, :now)
  ON CONFLICT (name) DO UPDATE SET token = excluded.token, renews_at = excluded.renews_at, updated_at = excluded.updated_at`);

export async function readToken(db: Db, name: string): Promise<SharedTokenRecord | undefined> {
  const row = await db.get(read, { name });
  return row ? { token: text(row, "token"), renewsAt: int(row, "renews_at") } : undefined;
}

export async function saveToken(db: Db, name: string, fresh: SharedTokenRecord, now: number): Promise<void> {
  await db.run(save, { name, token: fresh.token, renews: fresh.renewsAt, now });
}

export function createShared(ctx: StoreContext, renewSharedToken: TokenRenewal): SharedDesk {
  const { db, clock } = ctx;
  const take = statement(`UPDATE rate_slots SET used_at = :now WHERE (key, slot) = (SELECT key, slot FROM rate_slots
    WHERE key = :key AND slot < :limit AND used_at <= CAST(:now AS BIGINT) - CAST(:window AS BIGINT)
    ORDER BY used_at LIMIT 1 ${ctx.dialect.skipLocked}) RETURNING slot`);
  const seeded = new Set<string>();
  return {
    takeRateSlot: (key, rate) =>
      ctx.run("takeRateSlot", async () => {
        const params = { key, limit: rate.limit };
        if (!seeded.has(`${key}/${rate.limit}`)) {
          await db.run(seed, params);
          seeded.add(`${key}/${rate.limit}`);
        }
        const now = clock.now();
        if ((await db.run(take, { ...params, now, window: rate.windowMs })) === 1) return { admitted: true } as const;
        const at = optInt((await db.get(oldest, { ...params, now, window: rate.windowMs })) ?? {}, "at") ?? now;
        return { admitted: false, retryInMs: Math.max(1, at + rate.windowMs - now) } as const;
      }),
    readSharedToken: (name) => ctx.run("readSharedToken", () => readToken(db, name)),
    renewSharedToken,
  };
}
