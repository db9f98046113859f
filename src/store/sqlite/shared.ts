/**
 * The shared rate budget and login token on SQLite (shared-records.ts), in the same tables as
 * PostgreSQL's. One process owns the file, so nothing here waits on another replica; a deployment
 * on SQLite keeps its budget and token in memory (main.ts wires these only for PostgreSQL).
 */
import { createTakeRateSlot, readToken, saveToken, stillFresh, toSharedToken } from "../areas/shared-desk.ts";
import type { SharedDesk } from "../shared-records.ts";
import type { StoreContext } from "../sql/context.ts";
import { statement } from "../sql/statement.ts";

const seed = statement(`WITH RECURSIVE g(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM g WHERE n + 1 < :limit)
  INSERT INTO rate_slots (key, slot, used_at) SELECT :key, n, 0 FROM g WHERE true ON CONFLICT DO NOTHING`);
const take = statement(`UPDATE rate_slots SET used_at = :now WHERE rowid = (SELECT rowid FROM rate_slots
  WHERE key = :key AND slot < :limit AND used_at <= :now - :window ORDER BY used_at LIMIT 1)`);
const oldest = statement("SELECT MIN(used_at) AS at FROM rate_slots WHERE key = :key AND slot < :limit");

export function createShared(ctx: StoreContext): SharedDesk {
  const { clock } = ctx;
  const read = async (name: string) => {
    const row = await ctx.db.get(readToken, { name });
    return row ? toSharedToken(row) : undefined;
  };
  let renewing: Promise<unknown> = Promise.resolve();
  return {
    takeRateSlot: createTakeRateSlot(ctx, { seed, take, oldest }),
    readSharedToken: (name) => ctx.run("readSharedToken", () => read(name)),
    renewSharedToken(name, stale, login) {
      // One renewal at a time in this process (the login is async: a transaction holding the one
      // connection's write lock must not span it).
      const next = renewing.catch(() => undefined).then(async () => {
        const row = await ctx.run("renewSharedToken", () => read(name));
        if (stillFresh(row, stale, clock.now())) return row;
        const fresh = await login();
        await ctx.run("renewSharedToken", () => ctx.db.run(saveToken, { name, token: fresh.token, renews: fresh.renewsAt, now: clock.now() }));
        return fresh;
      });
      renewing = next;
      return next;
    },
  };
}
