/**
 * What digest runs and court-date reminder runs share (digest-runs.ts, court-date-desk.ts): a run
 * is claimed once by one atomic INSERT … ON CONFLICT DO NOTHING (so a due run is made once across
 * processes and replicas), read back whoever made it, and finished with its outcome.
 */
import type { StoreContext } from "../sql/context.ts";
import type { Db, Params, Row, Statement } from "../sql/statement.ts";

/** Inserts the run unless it exists, then reads it by its key: `created` says whether this call made it. */
export async function claimRun<R>(
  db: Db, q: { insert: Statement; byKey: Statement; params: Params; key: Params; what: string; toRun: (row: Row) => R },
): Promise<{ run: R; created: boolean }> {
  const created = (await db.run(q.insert, q.params)) === 1;
  const row = await db.get(q.byKey, q.key);
  if (!row) throw new Error(`the ${q.what} just written is missing`);
  return { run: q.toRun(row), created };
}

/** Records how a run ended (`status`, the message's ts) and reads it back; undefined for no such run. */
export function finishRun<R>(
  ctx: StoreContext, operation: string, q: { finish: Statement; byId: Statement; toRun: (row: Row) => R },
): (id: number, result: { status: string; postedTs?: string | undefined }) => Promise<R | undefined> {
  return (id, result) =>
    ctx.run(operation, () =>
      ctx.tx(operation, async (db) => {
        await db.run(q.finish, { id, status: result.status, ts: result.postedTs ?? null, now: ctx.clock.now() });
        const row = await db.get(q.byId, { id });
        return row ? q.toRun(row) : undefined;
      }),
    );
}
