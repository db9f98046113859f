/**
 * claimOnce (once-records.ts): one upsert that takes a key that is new or expired, so two callers
 * asking at once get one true (on PostgreSQL the second waits on the first's row lock, then finds
 * the key taken). Expired keys are pruned now and then, so the table holds about one TTL's worth.
 */
import type { OnceDesk } from "../once-records.ts";
import type { StoreContext } from "../sql/context.ts";
import { statement } from "../sql/statement.ts";

const PRUNE_EVERY = 500;
const claim = statement(`INSERT INTO once_keys (scope, key, expires_at) VALUES (:scope, :key, :until)
  ON CONFLICT (scope, key) DO UPDATE SET expires_at = excluded.expires_at WHERE once_keys.expires_at <= :now`);
const prune = statement("DELETE FROM once_keys WHERE expires_at <= :now");
const forget = statement("DELETE FROM once_keys WHERE scope = :scope AND key = :key");

export function createOnce(ctx: StoreContext): OnceDesk {
  const { db, clock } = ctx;
  let calls = 0;
  return {
    claimOnce: (k, ttlMs) =>
      ctx.run("claimOnce", async () => {
        const now = clock.now();
        if (++calls % PRUNE_EVERY === 0) await db.run(prune, { now });
        return (await db.run(claim, { scope: k.scope, key: k.key, until: now + ttlMs, now })) === 1;
      }),
    forgetOnce: (k) =>
      ctx.run("forgetOnce", async () => {
        await db.run(forget, { scope: k.scope, key: k.key });
      }),
  };
}
