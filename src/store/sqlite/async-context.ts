/**
 * The store's context (../sql/context.ts) on node:sqlite: the gated connection, transactions in
 * BEGIN IMMEDIATE … COMMIT under the gate (driver.ts), and the busy policy of context.ts (another
 * process holding the file's lock is waited for off the event loop, a few ms at a time).
 */
import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../clock.ts";
import { StoreError, StoreErrorCode, toStoreError } from "../errors.ts";
import type { StoreContext, StoreLogger, TransactionEvent } from "../sql/context.ts";
import type { SqlCounter } from "../sql/counts.ts";
import { sqliteDialect } from "./dialect.ts";
import { directDb, gatedDb, pacedDb, type SqliteGate } from "./driver.ts";
import type { StatementSync } from "node:sqlite";
import type { Statement } from "../sql/statement.ts";

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Backoff between attempts on a held lock: 5, 10, 20 … ms, at most 100 ms. */
export const busyBackoffMs = (attempt: number): number => Math.min(100, 5 * 2 ** Math.min(attempt, 5));

export function createSqliteContext(deps: {
  db: DatabaseSync;
  prepare: (st: Statement) => StatementSync;
  gate: SqliteGate;
  clock: Clock;
  logger: StoreLogger;
  onTransaction?: ((event: TransactionEvent) => void) | undefined;
  isClosed: () => boolean;
  /** Total time an operation may keep retrying on a held lock before failing with store_busy. */
  busyBudgetMs: number;
  /** Counts every statement, BEGIN and COMMIT too (driver.ts directDb). */
  counter?: SqlCounter | undefined;
}): StoreContext {
  const { db, gate, clock, logger, onTransaction, isClosed } = deps;
  const direct = directDb(db, deps.prepare, deps.counter);

  const tx = async <T>(label: string, fn: (db: typeof direct) => Promise<T>, items = 1): Promise<T> => {
    await gate.acquire();
    let out: T;
    try {
      // IMMEDIATE takes the write lock up front, so busy_timeout applies at BEGIN rather than
      // failing mid-transaction on lock upgrade (sqlite.org/lang_transaction.html).
      await direct.exec("BEGIN IMMEDIATE");
      try {
        out = await fn(pacedDb(direct));
        await direct.exec("COMMIT");
      } catch (e) {
        if (db.isTransaction) await direct.exec("ROLLBACK");
        throw e;
      }
    } finally {
      gate.release();
    }
    onTransaction?.({ label, items });
    return out;
  };

  const run = async <T>(operation: string, fn: () => Promise<T>): Promise<T> => {
    const deadline = performance.now() + deps.busyBudgetMs;
    for (let attempt = 0; ; attempt++) {
      if (isClosed()) throw new StoreError(StoreErrorCode.Closed, operation, `${operation}: the store is closed`);
      try {
        return await fn();
      } catch (e) {
        const err = toStoreError(operation, e);
        // A transaction that met a held lock failed at BEGIN IMMEDIATE and was rolled back: retrying is safe.
        if (err.code !== StoreErrorCode.Busy || performance.now() >= deadline) throw err;
        if (attempt === 0) logger.debug({ operation }, "database locked by another connection; retrying");
        await realSleep(busyBackoffMs(attempt));
      }
    }
  };

  return { clock, logger, dialect: sqliteDialect, db: gatedDb(direct, gate), tx, run, isClosed };
}
