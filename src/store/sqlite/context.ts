/**
 * What every area of the SQLite store shares: the connection, the clock, the transaction helper
 * and the guard that turns SQLite failures into StoreErrors. Areas are synchronous inside (node:sqlite
 * is synchronous) and async at the Store boundary.
 */
import type { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../clock.ts";
import { StoreError, StoreErrorCode, toStoreError } from "../errors.ts";
import type { MatterScope } from "../store.ts";
import type { StoreLogger, TransactionEvent } from "../sql/context.ts";
import type { SqliteGate } from "./driver.ts";

/** The subset of pino's Logger the store uses; a pino Logger fits. */
export type { StoreLogger, TransactionEvent } from "../sql/context.ts";

export interface StoreContext {
  readonly db: DatabaseSync;
  readonly clock: Clock;
  readonly logger: StoreLogger;
  /** Runs `fn` in BEGIN IMMEDIATE … COMMIT (rolled back if it throws) and reports the commit. */
  tx<T>(label: string, fn: () => T, items?: number): T;
  /** Runs `fn` as Store method `operation`: fails when closed; SQLite errors become StoreErrors. */
  run<T>(operation: string, fn: () => T): Promise<T>;
  isClosed(): boolean;
}

/**
 * Another process (a backup, a second replica, sqlite3 in a shell) may hold the write lock. node:sqlite
 * is synchronous, so SQLite's own busy_timeout waits ON the event loop: with 5 s, every Slack
 * acknowledgement and /healthz waited 5 s behind one held lock (issue 15 item 8). Instead the
 * connection waits only `lockWaitMs` per attempt, and `run` retries a busy operation
 * asynchronously, with the loop free between attempts, until `busyBudgetMs` has passed. The wait is
 * in real time, not the injected Clock's: the lock is held by another process in real time.
 */
export interface BusyPolicy {
  /** Total time an operation may keep retrying on a held lock before failing with store_busy. */
  busyBudgetMs: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export { busyBackoffMs } from "./async-context.ts";
import { busyBackoffMs } from "./async-context.ts";

export function createContext(
  db: DatabaseSync,
  clock: Clock,
  logger: StoreLogger,
  onTransaction: ((event: TransactionEvent) => void) | undefined,
  isClosed: () => boolean,
  busy: BusyPolicy = { busyBudgetMs: 0 },
  gate?: SqliteGate,
): StoreContext {
  const tx = <T>(label: string, fn: () => T, items = 1): T => {
    // An area not yet on the async interface must not start a transaction inside one that is.
    if (gate?.held) throw new Error(`${label}: a transaction is already open on the store's connection`);
    // IMMEDIATE takes the write lock up front, so busy_timeout applies at BEGIN rather than
    // failing mid-transaction on lock upgrade (sqlite.org/lang_transaction.html).
    db.exec("BEGIN IMMEDIATE");
    let out: T;
    try {
      out = fn();
      db.exec("COMMIT");
    } catch (e) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw e;
    }
    onTransaction?.({ label, items });
    return out;
  };
  const run = async <T>(operation: string, fn: () => T): Promise<T> => {
    const deadline = performance.now() + busy.busyBudgetMs;
    for (let attempt = 0; ; attempt++) {
      if (isClosed()) throw new StoreError(StoreErrorCode.Closed, operation, `${operation}: the store is closed`);
      while (gate?.held) await gate.idle();
      try {
        return fn();
      } catch (e) {
        const err = toStoreError(operation, e);
        // A transaction that met a held lock failed at BEGIN IMMEDIATE and was rolled back: retrying is safe.
        if (err.code !== StoreErrorCode.Busy || performance.now() >= deadline) throw err;
        if (attempt === 0) logger.debug({ operation }, "database locked by another connection; retrying");
        await realSleep(busyBackoffMs(attempt));
      }
    }
  };
  return { db, clock, logger, tx, run, isClosed };
}

// ---- Matter scope ----------------------------------------------------------------------------

/**
 * The scope clause, bound as the named parameter `:scope`: one prepared statement serves "all
 * matters" (NULL) and any list (a JSON array; [] matches nothing).
 */
export const SCOPE_SQL = (column: string) => `(:scope IS NULL OR ${column} IN (SELECT value FROM json_each(:scope)))`;

export function scopeParam(scope: MatterScope | undefined): string | null {
  return scope?.matters === undefined ? null : JSON.stringify(scope.matters);
}

// ---- Keys ------------------------------------------------------------------------------------

/** Rows about one case in one channel (case threads, snoozes): the WHERE clause and its parameters. */
export const CHANNEL_CASE_KEY = "team_id = :team AND channel_id = :channel AND court = :court AND docket = :docket";
export const channelCaseParams = (k: { teamId: string; channelId: string; court: string; docket: string }) =>
  ({ team: k.teamId, channel: k.channelId, court: k.court, docket: k.docket });

// ---- Validation ------------------------------------------------------------------------------

/** client_matter of a link: 1 to 50 characters (spec, Limits). */
export function checkMatter(operation: string, clientMatter: string): void {
  if (typeof clientMatter !== "string" || clientMatter.length < 1 || [...clientMatter].length > 50) {
    throw new StoreError(StoreErrorCode.InvalidInput, operation, `${operation}: client_matter must be 1 to 50 characters`);
  }
}

export function checkLimit(operation: string, limit: number, max = 1000): number {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new StoreError(StoreErrorCode.InvalidInput, operation, `${operation}: limit must be a non-negative integer`);
  }
  return Math.min(limit, max);
}

/** Dollars to integer micro-dollars, so that sums are exact. */
export const toMicros = (usd: number | undefined): number | null => (usd === undefined ? null : Math.round(usd * 1e6));
export const fromMicros = (micros: number): number => micros / 1e6;

// ---- Rows ------------------------------------------------------------------------------------

export type { Row } from "../sql/statement.ts";
export { int, oneOf, optInt, optText, text } from "../sql/rows.ts";

/** `changes` of a run() as a number (node:sqlite may hand back a bigint). */
export const changes = (r: { changes: number | bigint }): number => Number(r.changes);
export const rowId = (r: { lastInsertRowid: number | bigint }): number => Number(r.lastInsertRowid);
