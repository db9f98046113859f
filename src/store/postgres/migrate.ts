/**
 * PostgreSQL's side of the migrator (../migrate.ts): the migrations of ../migrations/postgres/,
 * the version in the schema's schema_migrations table (one row per applied migration). Replicas
 * starting at once must migrate once (issue 17 item 1): the whole run holds a session advisory lock
 * on (migrate, schema), so the first replica applies every missing migration while the others wait,
 * then find nothing left to do. Each migration runs in its own transaction with its row in
 * schema_migrations (DDL is transactional in PostgreSQL). If the process dies, the session ends and
 * the lock with it.
 */
import type { Pool, PoolClient } from "pg";
import { StoreError } from "../errors.ts";
import { checkNumbering, loadMigrations, migrateAsync, type Migration, type MigrationHook, type MigrationReport } from "../migrate.ts";
import { LOCK_CLASS } from "./locks.ts";

export type PgMigration = Migration;
export type PgMigrationReport = MigrationReport;

/** The migrations of ../migrations/postgres/, read once at start-up. */
export const PG_MIGRATIONS: readonly PgMigration[] = loadMigrations("postgres");

/** A schema name we quote ourselves: plain lower-case identifiers only (no quoting games). */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function pgHook(client: PoolClient, target: string, now: () => number): MigrationHook {
  const run = async (sql: string, values?: unknown[]) => {
    await client.query(sql, values);
  };
  return {
    version: async () => (await client.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations")).rows[0]?.v ?? 0,
    begin: () => run("BEGIN"),
    exec: (sql) => run(sql),
    record: (m) => run("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [m.version, m.name, now()]),
    commit: () => run("COMMIT"),
    rollback: () => run("ROLLBACK"),
    describe: (version) => `the database schema ${target} is at version ${version}`,
  };
}

/**
 * Brings `schema` (created if missing; undefined: the connection's current schema) up to the last
 * migration; refuses a schema from a newer build. `now` stamps applied_at (the injected clock).
 */
export async function migratePg(
  pool: Pool,
  options: { schema?: string | undefined; now: () => number; migrations?: readonly PgMigration[] },
): Promise<PgMigrationReport> {
  const migrations = options.migrations ?? PG_MIGRATIONS;
  checkNumbering(migrations);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Keyed by the name we were given: before CREATE SCHEMA, current_schema() may be NULL.
    const target = options.schema ?? (await client.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]?.s ?? "public";
    await client.query("SELECT pg_advisory_lock($1::int4, hashtext($2))", [LOCK_CLASS.migrate, target]);
    try {
      if (options.schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)`);
      return await migrateAsync(pgHook(client, target, options.now), migrations);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::int4, hashtext($2))", [LOCK_CLASS.migrate, target]);
    }
  } catch (e) {
    if (!(e instanceof StoreError)) broken = e instanceof Error ? e : new Error(String(e));
    throw e;
  } finally {
    client.release(broken);
  }
}
