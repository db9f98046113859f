/**
 * The Store on PostgreSQL through node-postgres (issue 17 item 1): the same interface, the same
 * semantics and the same contract tests as the SQLite store (test/store/contract/), so a deployment
 * chooses with DATABASE_URL alone.
 *
 * Durability: a write resolves after its COMMIT returned, which with synchronous_commit=on (the
 * default) means the commit record reached the WAL on disk. Times come from the injected Clock,
 * never from now() in SQL, so the FakeClock drives this store exactly as it drives SQLite's.
 *
 * `schema`: every connection's search_path is that schema, created and migrated at open; tests
 * give each store its own, and a deployment may keep docketbot out of `public`.
 *
 * Every area is the one both stores share (../areas/); what is PostgreSQL's own is the pool, the
 * routing advisory lock, LISTEN/NOTIFY for lanes and the token renewal under a lock (areas/index.ts).
 */
import pg from "pg";
import type { Clock } from "../../clock.ts";
import { createAreas, heartbeatHealth } from "../areas/index.ts";
import { inFlightIds } from "../areas/deliveries.ts";
import type { PushBatchOptions } from "../areas/pushes.ts";
import { StoreError, StoreErrorCode } from "../errors.ts";
import { createSqlCounter } from "../sql/counts.ts";
import type { Store } from "../store.ts";
import { connectionConfig } from "./connection.ts";
import { createPgContext, type StoreLogger, type TransactionEvent } from "./context.ts";
import { toPgStoreError } from "./errors.ts";
import { createPgLaneWake } from "./lanes.ts";
import { lockFees, lockRouting } from "./locks.ts";
import { migratePg, SCHEMA_NAME } from "./migrate.ts";
import { createPgTokenRenewal } from "./shared.ts";
import { dbOf } from "./sql.ts";
import { storeTypes } from "./types.ts";

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database (libpq's URI form). Never logged: it may hold a password. */
  connectionString: string;
  clock: Clock;
  logger?: StoreLogger | undefined;
  /** The schema to keep the tables in (created if missing); default: the server's search_path (public). */
  schema?: string | undefined;
  /** Connections in the pool at most (default 10). */
  maxConnections?: number | undefined;
  /** How long a call waits for a free connection before failing with store_busy (default 5 s). */
  connectTimeoutMs?: number | undefined;
  /** Group commit of pushes: at most `maxBatch` (256) per transaction, closed after `maxWaitMs` (0: end of the macrotask). */
  pushBatch?: PushBatchOptions | undefined;
  /** Called after every committed write transaction (tests count push batches with it). */
  onTransaction?: ((event: TransactionEvent) => void) | undefined;
}

export interface PostgresStore extends Store {
  readonly schema: string | undefined;
  readonly schemaVersion: number;
}

const silent: StoreLogger = { debug() {}, info() {}, warn() {}, error() {} };

export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const { clock, schema } = options;
  const logger = options.logger ?? silent;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new StoreError(StoreErrorCode.InvalidInput, "open", `schema ${JSON.stringify(schema)} is not a plain lower-case identifier`);
  }
  const pool = new pg.Pool({
    // search_path is set at connection start-up, so every statement of every connection sees the store's schema.
    ...connectionConfig(options.connectionString, schema),
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    types: storeTypes,
    application_name: "docketbot",
  });
  // An idle connection the server dropped (restart, failover) emits here; without a listener the
  // process would crash. The pool replaces it on the next checkout.
  pool.on("error", (err) => logger.warn({ err: { message: err.message, code: (err as { code?: unknown }).code } }, "idle database connection failed"));

  let schemaVersion: number;
  let atStartup: number[];
  try {
    const report = await migratePg(pool, { schema, now: () => clock.now() });
    if (report.applied.length > 0) logger.info({ schema, ...report }, "database schema migrated");
    schemaVersion = report.to;
    atStartup = await inFlightIds(dbOf(pool));
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw toPgStoreError("open", e);
  }

  let closed = false;
  const counter = createSqlCounter("postgres");
  const ctx = createPgContext({ pool, clock, logger, onTransaction: options.onTransaction, isClosed: () => closed, counter });
  const { flushPushes, heartbeat, ...areas } = createAreas(ctx, {
    // Many connections (and replicas): every transaction that routes takes the routing advisory lock.
    lockRouting,
    // Reservations of one matter's fees take turns across connections and replicas.
    lockFees,
    laneWake: createPgLaneWake(ctx, {
      connect: () => new pg.Client({ ...connectionConfig(options.connectionString, schema), types: storeTypes, application_name: "docketbot-wake" }),
    }),
    renewToken: createPgTokenRenewal(ctx),
    atStartup,
    pushBatch: options.pushBatch,
  });

  return {
    schema,
    schemaVersion,
    ...areas,
    sqlCounts: () => counter.snapshot(),

    // A real write in a transaction: proves the server is up, reachable and accepts writes
    // (a read-only standby after a failover would refuse it).
    health: () =>
      heartbeatHealth({ heartbeat }, {
        closed, detail: `writable; schema v${schemaVersion}; PostgreSQL${schema === undefined ? "" : ` schema ${schema}`}`,
        toError: (e) => toPgStoreError("health", e), warn: (err) => logger.warn({ err }, "database health check failed"),
      }),

    async close() {
      if (closed) return;
      closed = true;
      try {
        await flushPushes(); // the pushes already accepted are committed, then resolved
      } finally {
        await pool.end();
      }
    },
  };
}
