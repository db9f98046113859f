/**
 * The Store contract runs on every implementation (issue 17 items 1 and 4): a suite written once
 * with `describeStores(name, (kind) => …)` runs on SQLite always and on PostgreSQL when
 * TEST_DATABASE_URL is set (CI's .ci/run sets it when it can reach 127.0.0.1:5432); without it a
 * skipped test says so, so a plain clone still passes. SQLite internals (pragmas, user_version,
 * WAL files, a held file lock) are tested in their own files, not here.
 *
 * Each PostgreSQL store gets its own schema (dropped after the suite), so files run in parallel.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, describe, it } from "vitest";
import type { TransactionEvent } from "../../../src/store/sqlite/context.ts";
import type { StoreLogger } from "../../../src/store/sqlite/context.ts";
import { openPostgresStore } from "../../../src/store/postgres/postgres-store.ts";
import { storeTypes } from "../../../src/store/postgres/types.ts";
import { openSqliteStore } from "../../../src/store/sqlite/sqlite-store.ts";
import type { Store } from "../../../src/store/store.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

export interface ContractOpenOptions {
  clock?: FakeClock | undefined;
  logger?: StoreLogger | undefined;
  pushBatch?: { maxBatch?: number; maxWaitMs?: number } | undefined;
  onTransaction?: ((event: TransactionEvent) => void) | undefined;
  /** A database from `fresh()` to open (again); default: a new one that is never reopened. */
  at?: string | undefined;
}

export interface Opened {
  store: Store;
  clock: FakeClock;
  transactions: TransactionEvent[];
}

export interface StoreKind {
  readonly name: "SQLite" | "PostgreSQL";
  /** A new empty database that can be opened more than once and read with `sql` (a file; a schema). */
  fresh(): string;
  /** Opens a store on a fake clock, recording every committed transaction. */
  open(options?: ContractOpenOptions): Promise<Opened>;
  /** Runs one statement on database `at` through a connection of its own (what another process would see). */
  sql(at: string, text: string): Promise<Record<string, unknown>[]>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/**
 * TEST_DATABASE_URL for stores under test: commits skip the WAL flush (synchronous_commit=off).
 * What a test can see is unchanged (a commit is visible to every connection once it returns); only
 * a server crash could lose the last commits, and nothing here crashes the server. Each fresh schema
 * runs a dozen migrations, and flushing each of them made the PostgreSQL suite several times slower.
 */
export function testStoreUrl(url: string): string {
  const u = new URL(url);
  const given = u.searchParams.get("options");
  u.searchParams.set("options", `${given ? `${given} ` : ""}-c synchronous_commit=off`);
  return u.toString();
}

/** Every store opened by a suite, closed after it (close is idempotent), then its databases removed. */
function tracker() {
  const stores: Store[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const s of stores) await s.close().catch(() => undefined);
    for (const c of cleanups) await c();
  });
  return { stores, cleanups };
}

function record(options: ContractOpenOptions) {
  const clock = options.clock ?? new FakeClock();
  const transactions: TransactionEvent[] = [];
  const onTransaction = (e: TransactionEvent) => {
    transactions.push(e);
    options.onTransaction?.(e);
  };
  return { clock, transactions, onTransaction };
}

function sqliteKind(): StoreKind {
  const t = tracker();
  let dir: string | undefined;
  let n = 0;
  return {
    name: "SQLite",
    fresh() {
      if (dir === undefined) {
        const made = mkdtempSync(join(tmpdir(), "docketbot-contract-"));
        dir = made;
        t.cleanups.push(() => rmSync(made, { recursive: true, force: true }));
      }
      return join(dir, `store-${++n}.db`);
    },
    async open(options = {}) {
      const { clock, transactions, onTransaction } = record(options);
      const store = await openSqliteStore({
        path: options.at ?? ":memory:", clock, logger: options.logger, pushBatch: options.pushBatch, onTransaction,
      });
      t.stores.push(store);
      return { store, clock, transactions };
    },
    async sql(at, text) {
      const db = new DatabaseSync(at);
      try {
        return db.prepare(text).all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    },
  };
}

function postgresKind(url: string): StoreKind {
  const t = tracker();
  const schemas: string[] = [];
  const admin = new pg.Pool({ connectionString: url, max: 2, types: storeTypes });
  const storeUrl = testStoreUrl(url);
  t.cleanups.push(async () => {
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });
  const fresh = () => {
    const schema = `test_${process.pid}_${schemas.length + 1}_${Math.random().toString(36).slice(2, 8)}`;
    schemas.push(schema);
    return schema;
  };
  return {
    name: "PostgreSQL",
    fresh,
    async open(options = {}) {
      const { clock, transactions, onTransaction } = record(options);
      const store = await openPostgresStore({
        connectionString: storeUrl, schema: options.at ?? fresh(), clock, logger: options.logger,
        pushBatch: options.pushBatch, onTransaction, maxConnections: 4,
      });
      t.stores.push(store);
      return { store, clock, transactions };
    },
    async sql(at, text) {
      const client = await admin.connect();
      try {
        await client.query(`SET search_path TO ${at}`);
        return (await client.query(text)).rows as Record<string, unknown>[];
      } finally {
        await client.query("RESET search_path").catch(() => undefined);
        client.release();
      }
    },
  };
}

/** Registers `body` once per store: `name [SQLite]`, and `name [PostgreSQL]` (or its skip notice). */
export function describeStores(name: string, body: (kind: StoreKind) => void): void {
  describe(`${name} [SQLite]`, () => body(sqliteKind()));
  if (TEST_DATABASE_URL === undefined) {
    describe(`${name} [PostgreSQL]`, () => {
      it.skip("PostgreSQL contract tests skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them", () => {});
    });
    return;
  }
  const url = TEST_DATABASE_URL;
  describe(`${name} [PostgreSQL]`, () => body(postgresKind(url)));
}
