/**
 * The shared rate budget and login token on SQLite (shared-records.ts), in the same tables as
 * PostgreSQL's. One process owns the file, so nothing here waits on another replica; a deployment
 * on SQLite keeps its budget and token in memory (main.ts wires these only for PostgreSQL).
 */
import type { SharedDesk } from "../shared-records.ts";
import { int, optInt, text, type StoreContext } from "./context.ts";

export function createShared(ctx: StoreContext): SharedDesk {
  const { db, clock } = ctx;
  const p = (sql: string) => db.prepare(sql);
  const seed = p(`WITH RECURSIVE g(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM g WHERE n + 1 < :limit)
    INSERT INTO rate_slots (key, slot, used_at) SELECT :key, n, 0 FROM g WHERE true ON CONFLICT DO NOTHING`);
  const take = p(`UPDATE rate_slots SET used_at = :now WHERE rowid = (SELECT rowid FROM rate_slots
    WHERE key = :key AND slot < :limit AND used_at <= :now - :window ORDER BY used_at LIMIT 1)`);
  const oldest = p("SELECT MIN(used_at) AS at FROM rate_slots WHERE key = :key AND slot < :limit");
  const read = p("SELECT token, renews_at FROM shared_tokens WHERE name = :name");
  const save = p(`INSERT INTO shared_tokens (name, token, renews_at, updated_at) VALUES (:name, :token, :renews, :now)
    ON CONFLICT (name) DO UPDATE SET token = excluded.token, renews_at = excluded.renews_at, updated_at = excluded.updated_at`);
  const seeded = new Set<string>();
  const readToken = (name: string) => {
    const row = read.get({ name });
    return row ? { token: text(row, "token"), renewsAt: int(row, "renews_at") } : undefined;
  };
  let renewing: Promise<unknown> = Promise.resolve();
  return {
    takeRateSlot: (key, rate) =>
      ctx.run("takeRateSlot", () => {
        if (!seeded.has(`${key}/${rate.limit}`)) {
          seed.run({ key, limit: rate.limit });
          seeded.add(`${key}/${rate.limit}`);
        }
        const now = clock.now();
        if (Number(take.run({ key, limit: rate.limit, now, window: rate.windowMs }).changes) === 1) return { admitted: true } as const;
        const at = optInt(oldest.get({ key, limit: rate.limit }) ?? {}, "at") ?? now;
        return { admitted: false, retryInMs: Math.max(1, at + rate.windowMs - now) } as const;
      }),
    readSharedToken: (name) => ctx.run("readSharedToken", () => readToken(name)),
    renewSharedToken(name, stale, login) {
      // One renewal at a time in this process (the login is async, so a transaction cannot span it).
      const next = renewing.catch(() => undefined).then(async () => {
        const row = await ctx.run("renewSharedToken", () => readToken(name));
        if (row && row.token !== stale && clock.now() < row.renewsAt) return row;
        const fresh = await login();
        await ctx.run("renewSharedToken", () => save.run({ name, token: fresh.token, renews: fresh.renewsAt, now: clock.now() }));
        return fresh;
      });
      renewing = next;
      return next;
    },
  };
}
