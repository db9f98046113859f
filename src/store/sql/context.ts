/**
 * What every store area shares, whatever the database: the clock, the logger, the dialect, the
 * connection (`db`: each statement commits on its own), the transaction helper and the guard that
 * turns driver failures into StoreErrors. An area is written once against this (areas/), and each
 * database supplies it (sqlite/context.ts, postgres/context.ts).
 */
import type { Clock } from "../../clock.ts";
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { MatterScope } from "../records.ts";
import { text } from "./rows.ts";
import type { Db, Row } from "./statement.ts";

/** The subset of pino's Logger the store uses; a pino Logger fits. */
export interface StoreLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Reported after every committed write transaction: tests count them, metrics may too. */
export interface TransactionEvent {
  label: string;
  /** Items the transaction carried (the size of a push batch; 1 otherwise). */
  items: number;
}

/**
 * The few clauses whose SQL differs between the databases. Everything else an area writes is SQL
 * both speak (INSERT … ON CONFLICT, RETURNING, window functions, CTEs).
 */
export interface Dialect {
  readonly name: "sqlite" | "postgres";
  /**
   * "`column` is one of the list bound as `:param`": one prepared statement serves "all matters"
   * (a NULL list) and any list (an empty one matches nothing).
   */
  inList(column: string, param?: string): string;
  /** The value to bind for inList or inIntList: undefined → NULL (no restriction). */
  listParam(values: readonly (string | number)[] | undefined): unknown;
  /** inList for a list of integers (row ids). */
  inIntList(column: string, param?: string): string;
  /**
   * Locks the rows a SELECT in a transaction reads (of table alias `of`, when the query has
   * subqueries), so another connection's transaction waits for ours: " FOR UPDATE" on PostgreSQL,
   * nothing on SQLite, whose one writer already runs transactions one after another.
   */
  forUpdate(of?: string): string;
  /**
   * Appended to a SELECT in a transaction: locks the rows it read of table `alias` until the
   * transaction ends, so that a writer elsewhere waits for it (PostgreSQL's FOR SHARE OF). SQLite
   * has one writer, which BEGIN IMMEDIATE already holds: nothing to add.
   */
  forShareOf(alias: string): string;
  /**
   * Appended to a SELECT in a transaction: locks the rows it read for update, skipping rows another
   * transaction holds (PostgreSQL's FOR UPDATE SKIP LOCKED: two claims never wait on each other).
   * SQLite: nothing (its one writer already excludes every other).
   */
  readonly skipLocked: string;
  /**
   * After a table in FROM: use this index for it. SQLite's INDEXED BY (sqlite.org/lang_indexedby.html),
   * where the planner, without statistics, prefers an equality on a low-selectivity index to a
   * range seek that needs no sort; nothing on PostgreSQL, whose planner has statistics.
   */
  indexedBy(index: string): string;
  /** `expr` compared and ordered byte by byte (ISO dates, HH:MM times), whatever the collation. */
  bytewise(expr: string): string;
  /** The JSON array (as text) of `expr` over a group; NULL or '[]' when the group is empty. */
  jsonArrayAgg(expr: string): string;
  /** A string as a text column can hold it: PostgreSQL's text cannot hold NUL. Only ever compared, never decoded. */
  storableText(value: string): string;
  /**
   * A driver's failure as a StoreError (busy, invalid input, failed): what ctx.run does, for the
   * places that report a failure without throwing it (one push of a group commit).
   */
  storeError(operation: string, e: unknown): StoreError;
}

export interface StoreContext {
  readonly clock: Clock;
  readonly logger: StoreLogger;
  readonly dialect: Dialect;
  /** The connection: each statement on it commits on its own (autocommit). */
  readonly db: Db;
  /**
   * Runs `fn` in one transaction (rolled back if it throws) and reports the commit. Every statement
   * of the transaction goes through the `db` handed to `fn`, never ctx.db.
   */
  tx<T>(label: string, fn: (db: Db) => Promise<T>, items?: number): Promise<T>;
  /**
   * Runs `fn` as Store method `operation`: fails when closed; driver errors become StoreErrors. A
   * lock conflict (store_busy) is retried for a while: `fn` is one statement or one whole
   * transaction, which the database rolled back, so running it again is safe.
   */
  run<T>(operation: string, fn: () => Promise<T>): Promise<T>;
  isClosed(): boolean;
}

// ---- Matter scope ----------------------------------------------------------------------------

/** The scope clause on the parameter `:scope`: every matter when the scope has no list. */
export const scopeSql = (ctx: { dialect: Dialect }, column: string): string => ctx.dialect.inList(column, "scope");

export const scopeParam = (ctx: { dialect: Dialect }, scope: MatterScope | undefined): unknown =>
  ctx.dialect.listParam(scope?.matters);

// ---- Keys ------------------------------------------------------------------------------------

/** Rows about one case in one channel (case threads, snoozes): the WHERE clause and its parameters. */
export const CHANNEL_CASE_KEY = "team_id = :team AND channel_id = :channel AND court = :court AND docket = :docket";
export const channelCaseParams = (k: { teamId: string; channelId: string; court: string; docket: string }) =>
  ({ team: k.teamId, channel: k.channelId, court: k.court, docket: k.docket });

/** The key columns of such a row, and the matter it was made for, as a record's fields. */
export const channelCaseOf = (row: Row) => ({
  teamId: text(row, "team_id"),
  channelId: text(row, "channel_id"),
  court: text(row, "court"),
  docket: text(row, "docket"),
  clientMatter: text(row, "client_matter"),
});

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
