/**
 * The Store on SQLite through Node's built-in node:sqlite (no native build). One connection, used
 * synchronously, so no two store operations interleave inside a transaction.
 *
 * Durability (issue 5, Intake): journal_mode=WAL with synchronous=FULL, so a COMMIT has been
 * fsynced to the WAL before it returns (sqlite.org/pragma.html#pragma_synchronous); busy_timeout
 * for another process holding the lock; foreign_keys=ON.
 */
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Clock } from "../../clock.ts";
import { StoreError, StoreErrorCode, toStoreError } from "../errors.ts";
import type { StoreHealth } from "../store.ts";
import type { Store } from "../store.ts";
import { createAlertSettings } from "./alert-settings.ts";
import { createCaseThreads } from "../areas/case-threads.ts";
import { createContext, int, text, type StoreLogger, type TransactionEvent } from "./context.ts";
import { createLanes } from "../areas/lanes.ts";
import { createLocalLaneWake, endLeasesAtOpen } from "./lanes.ts";
import { createOnce } from "./once.ts";
import { createShared } from "../areas/shared.ts";
import { createLocalTokenRenewal } from "./shared.ts";
import { createDeliveries, inFlightIds } from "../areas/deliveries.ts";
import { createDigestRuns } from "./digest-runs.ts";
import { createFilingSignOff } from "./filing-sign-off.ts";
import { createFilings } from "./filings.ts";
import { createMatters } from "../areas/matters.ts";
import { migrate, userVersion } from "./migrate.ts";
import { createPushes, type PushBatchOptions } from "../areas/pushes.ts";
import { createRecent } from "../areas/recent.ts";
import { createRouting } from "../areas/routing.ts";
import { createSnoozes } from "./snoozes.ts";
import { createSubscriptions } from "./subscriptions.ts";
import { createBudgets } from "./budgets.ts";
import { createCourtDateDesk } from "./court-date-desk.ts";
import { createCourtDates } from "./court-dates.ts";
import { createCalendarFeeds } from "./calendar-feeds.ts";
import { createThreads } from "../areas/threads.ts";
import { createSqliteContext } from "./async-context.ts";
import { createGate, createStatementCache } from "./driver.ts";
import { createUsage } from "./usage.ts";

export interface SqliteStoreOptions {
  /** A file path, or ":memory:" (tests). The parent directory is created if missing. */
  path: string;
  clock: Clock;
  logger?: StoreLogger | undefined;
  /**
   * How long an operation keeps retrying, off the event loop, while another connection holds the
   * lock before failing with store_busy (default 5 s). See context.ts, BusyPolicy.
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
  const ctx = createContext(db, clock, logger, options.onTransaction, () => closed, { busyBudgetMs: busyTimeoutMs }, gate);
  const actx = createSqliteContext({
    db, prepare: createStatementCache(db), gate, clock, logger, onTransaction: options.onTransaction,
    isClosed: () => closed, busyBudgetMs: busyTimeoutMs,
  });
  // One writer: BEGIN IMMEDIATE already orders every transaction that routes, so no routing lock.
  const routing = createRouting(async () => {});
  const { committer, ...pushArea } = createPushes(actx, routing, options.pushBatch);
  const heartbeat = db.prepare(`
    INSERT INTO heartbeat (id, beat_at, beats) VALUES (1, :now, 1)
    ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at, beats = beats + 1`);
  const schemaVersion = userVersion(db);

  let atStartup: number[];
  try {
    // What the previous process left in flight, read before this one claims anything; its leases end.
    atStartup = await inFlightIds(actx.db);
    await endLeasesAtOpen(actx.db);
  } catch (e) {
    db.close();
    throw toStoreError("open", e);
  }
  return {
    path,
    schemaVersion,
    ...createMatters(actx, routing),
    ...createThreads(actx),
    ...createUsage(ctx),
    ...createRecent(actx),
    ...pushArea,
    ...createDeliveries(actx, atStartup),
    ...createLanes(actx, createLocalLaneWake(actx)),
    ...createOnce(ctx),
    ...createShared(actx, createLocalTokenRenewal(actx)),
    ...createCaseThreads(actx),
    ...createFilings(ctx),
    ...createFilingSignOff(ctx),
    ...createAlertSettings(ctx),
    ...createSnoozes(ctx),
    ...createDigestRuns(ctx),
    ...createSubscriptions(ctx),
    ...createBudgets(ctx),
    ...createCourtDates(ctx),
    ...createCalendarFeeds(ctx),
    ...createCourtDateDesk(ctx),

    async health(): Promise<StoreHealth> {
      if (closed) return { ok: false, detail: "the store is closed" };
      try {
        // A real write in a transaction: proves the file, its directory and the lock are usable.
        // Through run: a held lock is retried off the event loop, so /healthz's own timeout can fire.
        await ctx.run("health", () => ctx.tx("health", () => heartbeat.run({ now: clock.now() })));
        return { ok: true, detail: `writable; schema v${schemaVersion}; ${inMemory ? "in memory" : "WAL"}` };
      } catch (e) {
        const err = toStoreError("health", e);
        logger.warn({ err }, "database health check failed");
        return { ok: false, detail: err.message };
      }
    },

    pragmas: () =>
      ctx.run("pragmas", () => {
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
        await committer.flush(); // the pushes already accepted are committed, then resolved
      } finally {
        while (gate.held) await gate.idle(); // a transaction under way ends first
        db.close();
      }
    },
  };
}
