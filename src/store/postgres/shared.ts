/**
 * Renewing the shared login token on PostgreSQL (the rest: ../areas/shared.ts): under a
 * transaction-scoped advisory lock (locks.ts), so one replica logs in while the others wait and
 * then read its token.
 */
import { readToken, saveToken, type TokenRenewal } from "../areas/shared.ts";
import type { StoreContext } from "../sql/context.ts";
import { statement } from "../sql/statement.ts";
import { LOCK_CLASS } from "./locks.ts";

const lock = statement("SELECT pg_advisory_xact_lock(:cls::int4, hashtext(current_schema())) AS locked");

export function createPgTokenRenewal(ctx: StoreContext): TokenRenewal {
  const { clock } = ctx;
  return (name, stale, login) =>
    ctx.run("renewSharedToken", () =>
      ctx.tx("renewSharedToken", async (t) => {
        await t.get(lock, { cls: LOCK_CLASS.sharedToken });
        const row = await readToken(t, name);
        if (row && row.token !== stale && clock.now() < row.renewsAt) return row; // renewed by another replica
        const fresh = await login();
        await saveToken(t, name, fresh, clock.now());
        return fresh;
      }),
    );
}
