/**
 * The shared rate budget and login token on PostgreSQL (shared-records.ts). A start is one UPDATE
 * of the oldest free slot row, picked FOR UPDATE SKIP LOCKED: replicas starting at once take
 * different slots and never wait on each other. A token is renewed under a transaction-scoped
 * advisory lock (locks.ts), so one replica logs in while the others wait and then read its token.
 */
import { createTakeRateSlot, readToken, saveToken, stillFresh, toSharedToken } from "../areas/shared-desk.ts";
import type { SharedDesk } from "../shared-records.ts";
import type { PgContext } from "./context.ts";
import { LOCK_CLASS } from "./locks.ts";
import { statement } from "./sql.ts";

const seed = statement(`INSERT INTO rate_slots (key, slot, used_at)
  SELECT :key, g, 0 FROM generate_series(0, :limit::int - 1) AS g ON CONFLICT DO NOTHING`);
const take = statement(`UPDATE rate_slots SET used_at = :now WHERE (key, slot) = (SELECT key, slot FROM rate_slots
  WHERE key = :key AND slot < :limit AND used_at <= :now::bigint - :window::bigint ORDER BY used_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING slot`);
// A slot that looks free but was skipped (SKIP LOCKED: another caller is taking it right now) will be
// used now, so it counts as freeing a window from now, not as free: otherwise a refused caller is
// told to retry in 1 ms while the window is in fact full.
const oldest = statement(`SELECT min(CASE WHEN used_at <= :now::bigint - :window::bigint THEN :now::bigint ELSE used_at END) AS at
  FROM rate_slots WHERE key = :key AND slot < :limit`);
const lock = statement("SELECT pg_advisory_xact_lock(:cls::int4, hashtext(current_schema())) AS locked");

export function createShared(ctx: PgContext): SharedDesk {
  const { db, clock } = ctx;
  return {
    takeRateSlot: createTakeRateSlot(ctx, { seed, take, oldest }),
    readSharedToken: (name) =>
      ctx.run("readSharedToken", async () => {
        const row = await db.get(readToken, { name });
        return row ? toSharedToken(row) : undefined;
      }),
    renewSharedToken: (name, stale, login) =>
      ctx.run("renewSharedToken", () =>
        ctx.tx("renewSharedToken", async (t) => {
          await t.get(lock, { cls: LOCK_CLASS.sharedToken });
          const row = await t.get(readToken, { name });
          const stored = row ? toSharedToken(row) : undefined;
          if (stillFresh(stored, stale, clock.now())) return stored; // renewed by another replica
          const fresh = await login();
          await t.run(saveToken, { name, token: fresh.token, renews: fresh.renewsAt, now: clock.now() });
          return fresh;
        }),
      ),
  };
}
