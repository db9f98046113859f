/**
 * What every area of the PostgreSQL store shares: the pool, the clock, the transaction helper and
 * the guard that turns pg failures into StoreErrors. Unlike node:sqlite, every call is async and
 * several run at once on the pool's connections; what must not interleave takes a lock in the
 * database (locks.ts), so it holds across replicas too, not only within this process.
 */
import type { Pool } from "pg";
import type { Clock } from "../../clock.ts";
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { MatterScope } from "../store.ts";
import { toPgStoreError } from "./errors.ts";
import { dbOf, transactionDbOf, type Db } from "./sql.ts";

import type { StoreContext, StoreLogger, TransactionEvent } from "../sql/context.ts";
import type { SqlCounter } from "../sql/counts.ts";
import { postgresDialect } from "./dialect.ts";

export type { StoreLogger, TransactionEvent };

/** The store's context (../sql/context.ts) on a pg pool: a transaction is BEGIN … COMMIT on one connection. */
export type PgContext = StoreContext;

const BUSY_ATTEMPTS = 5;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createPgContext(deps: {
  pool: Pool;
  clock: Clock;
  logger: StoreLogger;
  onTransaction?: ((event: TransactionEvent) => void) | undefined;
  isClosed: () => boolean;
  /** Counts every statement (BEGIN and COMMIT too): each is a round trip. */
  counter?: SqlCounter | undefined;
}): PgContext {
  const { pool, clock, logger, onTransaction, isClosed, counter } = deps;

  const tx = async <T>(label: string, fn: (db: Db) => Promise<T>, items = 1): Promise<T> => {
    const client = await pool.connect();
    // BEGIN goes with the transaction's first statement (sql.ts transactionDbOf).
    const db = transactionDbOf(client, counter);
    const direct = dbOf(client, counter);
    let broken: Error | undefined;
    try {
      let out: T;
      try {
        out = await fn(db);
        if (db.begun) await direct.exec("COMMIT");
      } catch (e) {
        // A connection that cannot even roll back is dropped from the pool rather than reused.
        if (db.begun) await direct.exec("ROLLBACK").catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw e;
      }
      onTransaction?.({ label, items });
      return out;
    } finally {
      client.release(broken);
    }
  };

  const run = async <T>(operation: string, fn: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      if (isClosed()) throw new StoreError(StoreErrorCode.Closed, operation, `${operation}: the store is closed`);
      try {
        return await fn();
      } catch (e) {
        const err = toPgStoreError(operation, e);
        if (err.code !== StoreErrorCode.Busy || attempt >= BUSY_ATTEMPTS) throw err;
        logger.debug({ operation, attempt }, "transaction conflicted with another; retrying");
        await realSleep(5 * 2 ** attempt);
      }
    }
  };

  return { clock, logger, dialect: postgresDialect, db: dbOf(pool, counter), tx, run, isClosed };
}

// ---- Matter scope ----------------------------------------------------------------------------

/** The scope clause on the parameter `:scope` (text[]): NULL is every matter, '{}' matches nothing. */
export const SCOPE_SQL = (column: string) => `(:scope::text[] IS NULL OR ${column} = ANY(:scope::text[]))`;

export function scopeParam(scope: MatterScope | undefined): string[] | null {
  return scope?.matters === undefined ? null : [...scope.matters];
}

// ---- Keys ------------------------------------------------------------------------------------

/** Rows about one case in one channel (case threads, snoozes): the WHERE clause and its parameters. */
export const CHANNEL_CASE_KEY = "team_id = :team AND channel_id = :channel AND court = :court AND docket = :docket";
export const channelCaseParams = (k: { teamId: string; channelId: string; court: string; docket: string }) =>
  ({ team: k.teamId, channel: k.channelId, court: k.court, docket: k.docket });
