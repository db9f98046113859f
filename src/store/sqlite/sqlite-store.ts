/**
 * The Store on SQLite through Node's built-in node:sqlite (no native build): the areas written once
 * (../areas/) over one connection, behind the transaction gate (driver.ts).
 *
 * Durability (issue 5, Intake): journal_mode=WAL with synchronous=FULL, so a COMMIT has been
 * fsynced to the WAL before it returns (sqlite.org/pragma.html#pragma_synchronous); busy_timeout
 * for another process holding the lock; foreign_keys=ON.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../clock.ts";
import { createAreas, heartbeatHealth } from "../areas/index.ts";
import type { PushBatchOptions } from "../areas/pushes.ts";
import { inFlightIds } from "../areas/deliveries.ts";
import { StoreError, StoreErrorCode, toStoreError } from "../errors.ts";
import type { StoreLogger, TransactionEvent } from "../sql/context.ts";
import { createSqlCounter } from "../sql/counts.ts";
import { int, text } from "../sql/rows.ts";
import type { Store } from "../store.ts";
import { createSqliteContext } from "./async-context.ts";
import { createGate, createStatementCache } from "./driver.ts";
import { createLocalLaneWake, endLeasesAtOpen } from "./lanes.ts";
import { migrate, userVersion } from "./migrate.ts";
import { createLocalTokenRenewal } from "./shared.ts";

export interface SqliteStoreOptions {
  /** A file path, or ":memory:" (tests). The parent directory is created if missing. */
  path: string;
  clock: Clock;
  logger?: StoreLogger | undefined;
  /**
   * How long an operation keeps retrying, off the event loop, while another connection holds the
   * lock before failing with store_busy (default 5 s). See async-context.ts.
   */
  busyTimeoutMs?: number | undefined;
  /** How long one attempt waits for the lock ON the event loop (SQLite's busy_timeout; default 25 ms). */
  lockWaitMs?: number | undefined;
  /** Group commit of pushes: at most `maxBatch` (256) per transaction, closed after `maxWaitMs` (0: end of the macrotask). */
  pushBatch?: PushBatchOptions | undefined;
  /** Called after every committed write transaction (tests count push batches with it). */
  onTransaction?: ((event: TransactionEvent) => void) | undefined;
}

export interface SqlitePragmas {
  journalMode: string;
  /** 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
  synchronous: number;
  foreignKeys: boolean;
  /** The store's retry budget on a held lock (not a pragma: see BusyPolicy). */
  busyTimeoutMs: number;
  /** SQLite's busy_timeout: how long one attempt blocks waiting for the lock. */
  lockWaitMs: number;
}

export interface SqliteStore extends Store {
  readonly path: string;
  readonly schemaVersion: number;
  /** The connection's pragmas as SQLite reports them. */
  pragmas(): Promise<SqlitePragmas>;
}

const silent: StoreLogger = { debug() {}, info() {}, warn() {}, error() {} };
/** PRAGMA synchronous reads back 2 for FULL. */
export const SYNCHRONOUS_FULL = 2;

export async function openSqliteStore(options: SqliteStoreOptions): Promise<SqliteStore> {
  const { path, clock } = options;
  const logger = options.logger ?? silent;
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const lockWaitMs = Math.min(options.lockWaitMs ?? 25, busyTimeoutMs);
  const inMemory = path === ":memory:";
  let db: DatabaseSync;
  try {
    if (!inMemory) mkdirSync(dirname(resolve(path)), { recursive: true });
    db = new DatabaseSync(path, { timeout: lockWaitMs, enableForeignKeyConstraints: true });
  } catch (e) {
    throw toStoreError("open", e);
  }
  try {
    const mode = text(db.prepare("PRAGMA journal_mode = WAL").get() ?? {}, "journal_mode");
    if (!inMemory && mode.toLowerCase() !== "wal") {
      throw new StoreError(StoreErrorCode.Failed, "open", `could not switch ${path} to WAL (journal_mode is ${mode})`);
    }
    db.exec(`PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${Math.trunc(lockWaitMs)};`);
    const report = migrate(db);
    if (report.applied.length > 0) logger.info({ path, ...report }, "database schema migrated");
  } catch (e) {
    db.close();
    throw toStoreError("open", e);
  }

  let closed = false;
  const gate = createGate();
  const counter = createSqlCounter("sqlite");
  const ctx = createSqliteContext({
    db, prepare: createStatementCache(db), gate, clock, logger, onTransaction: options.onTransaction,
    isClosed: () => closed, busyBudgetMs: busyTimeoutMs, counter,
  });
  const schemaVersion = userVersion(db);

  let atStartup: number[];
  try {
    // What the previous process left in flight, read before this one claims anything; its leases end.
    atStartup = await inFlightIds(ctx.db);
    await endLeasesAtOpen(ctx.db);
  } catch (e) {
    db.close();
    throw toStoreError("open", e);
  }
  const { flushPushes, heartbeat, ...areas } = createAreas(ctx, {
    // One writer: BEGIN IMMEDIATE already orders every transaction that routes, so no routing lock.
    lockRouting: async () => {},
    // The same writer orders every reservation of a matter's fees.
    lockFees: async () => {},
    laneWake: createLocalLaneWake(ctx),
    renewToken: createLocalTokenRenewal(ctx),
    atStartup,
    pushBatch: options.pushBatch,
  });
  return {
    path,
    schemaVersion,
    ...areas,
    sqlCounts: () => counter.snapshot(),

    // A real write in a transaction: proves the file, its directory and the lock are usable.
    // Through run: a held lock is retried off the event loop, so /healthz's own timeout can fire.
    health: () =>
      heartbeatHealth({ heartbeat }, {
        closed, detail: `writable; schema v${schemaVersion}; ${inMemory ? "in memory" : "WAL"}`,
        toError: (e) => toStoreError("health", e), warn: (err) => logger.warn({ err }, "database health check failed"),
      }),

    pragmas: () =>
      ctx.run("pragmas", async () => {
        const one = (name: string) => db.prepare(`PRAGMA ${name}`).get() ?? {};
        return {
          journalMode: text(one("journal_mode"), "journal_mode"),
          synchronous: int(one("synchronous"), "synchronous"),
          foreignKeys: int(one("foreign_keys"), "foreign_keys") === 1,
          busyTimeoutMs,
          lockWaitMs: int(one("busy_timeout"), "timeout"),
        };
      }),

    async close() {
      if (closed) return;
      closed = true;
      try {
        await flushPushes(); // the pushes already accepted are committed, then resolved
      } finally {
        await gate.acquire(); // what was under way or queued before ends first
        db.close();
        gate.release(); // what queued since meets the closed store and fails

      }
    },
  };
}
