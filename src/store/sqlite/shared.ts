/**
 * Renewing the shared login token on SQLite (the rest: ../areas/shared.ts). One process owns the
 * file, so nothing here waits on another replica (a deployment on SQLite keeps its budget and token
 * in memory: main.ts wires these only for PostgreSQL). The login is async and the store has one
 * connection, so no transaction spans it: renewals run one at a time in the process instead.
 */
import { readToken, saveToken, type TokenRenewal } from "../areas/shared.ts";
import type { StoreContext } from "../sql/context.ts";

export function createLocalTokenRenewal(ctx: StoreContext): TokenRenewal {
  const { clock, db } = ctx;
  let renewing: Promise<unknown> = Promise.resolve();
  return (name, stale, login) => {
    const next = renewing.catch(() => undefined).then(async () => {
      const row = await ctx.run("renewSharedToken", () => readToken(db, name));
      if (row && row.token !== stale && clock.now() < row.renewsAt) return row;
      const fresh = await login();
      await ctx.run("renewSharedToken", () => saveToken(db, name, fresh, clock.now()));
      return fresh;
    });
    renewing = next;
    return next;
  };
}
