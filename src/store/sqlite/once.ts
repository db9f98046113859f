/**
 * claimOnce on SQLite (once-records.ts): one upsert that takes a key that is new or expired. Expired
 * keys are pruned now and then, so the table holds about one TTL's worth.
 */
import type { OnceDesk } from "../once-records.ts";
import type { StoreContext } from "./context.ts";

const PRUNE_EVERY = 500;

export function createOnce(ctx: StoreContext): OnceDesk {
  const { db, clock } = ctx;
  const claim = db.prepare(`INSERT INTO once_keys (scope, key, expires_at) VALUES (:scope, :key, :until)
    ON CONFLICT (scope, key) DO UPDATE SET expires_at = excluded.expires_at WHERE once_keys.expires_at <= :now`);
  const prune = db.prepare("DELETE FROM once_keys WHERE expires_at <= :now");
  const forget = db.prepare("DELETE FROM once_keys WHERE scope = :scope AND key = :key");
  let calls = 0;
  return {
    claimOnce: (k, ttlMs) =>
      ctx.run("claimOnce", () => {
        const now = clock.now();
        if (++calls % PRUNE_EVERY === 0) prune.run({ now });
        return Number(claim.run({ scope: k.scope, key: k.key, until: now + ttlMs, now }).changes) === 1;
      }),
    forgetOnce: (k) =>
      ctx.run("forgetOnce", () => {
        forget.run({ scope: k.scope, key: k.key });
      }),
  };
}
