/**
 * The shared rate budget and login token (shared-records.ts): the parts both databases do alike.
 * How a slot is taken and how a renewal is serialised stay each database's own (sqlite/shared.ts:
 * one writer, one process; postgres/shared.ts: SKIP LOCKED and an advisory lock across replicas).
 */
import type { SharedDesk, SharedTokenRecord } from "../shared-records.ts";
import type { StoreContext } from "../sql/context.ts";
import { int, optInt, text } from "../sql/rows.ts";
import { statement, type Row, type Statement } from "../sql/statement.ts";

export const readToken = statement("SELECT token, renews_at FROM shared_tokens WHERE name = :name");
export const saveToken = statement(`INSERT INTO shared_tokens (name, token, renews_at, updated_at) VALUES (:name, :token, :renews, :now)
  ON CONFLICT (name) DO UPDATE SET token = excluded.token, renews_at = excluded.renews_at, updated_at = excluded.updated_at`);

export const toSharedToken = (row: Row): SharedTokenRecord => ({ token: text(row, "token"), renewsAt: int(row, "renews_at") });

/** A stored token still good for a caller holding `stale`: another one, not yet due for renewal. */
export const stillFresh = (row: SharedTokenRecord | undefined, stale: string | undefined, now: number): row is SharedTokenRecord =>
  row !== undefined && row.token !== stale && now < row.renewsAt;

/**
 * takeRateSlot over the database's statements, on `:key`, `:limit`, `:now`, `:window`: `seed`
 * writes a key's slot rows (once per key and limit in this process), `take` marks the oldest free
 * one used (1 row changed: admitted), `oldest` reads `at`, when the next slot frees.
 */
export function createTakeRateSlot(ctx: StoreContext, sql: { seed: Statement; take: Statement; oldest: Statement }): SharedDesk["takeRateSlot"] {
  const seeded = new Set<string>();
  return (key, rate) =>
    ctx.run("takeRateSlot", async () => {
      const params = { key, limit: rate.limit };
      if (!seeded.has(`${key}/${rate.limit}`)) {
        await ctx.db.run(sql.seed, params);
        seeded.add(`${key}/${rate.limit}`);
      }
      const now = ctx.clock.now();
      if ((await ctx.db.run(sql.take, { ...params, now, window: rate.windowMs })) === 1) return { admitted: true } as const;
      const at = optInt((await ctx.db.get(sql.oldest, { ...params, now, window: rate.windowMs })) ?? {}, "at") ?? now;
      return { admitted: false, retryInMs: Math.max(1, at + rate.windowMs - now) } as const;
    });
}
