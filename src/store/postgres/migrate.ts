/**
 * Runs the migrations (migrations.ts) against one schema, versioned in its schema_migrations table.
 * Replicas starting at once must migrate once (issue 17 item 1): the whole run holds a session
 * advisory lock on (migrate, schema), so the first replica applies every missing migration while
 * the others wait, then find nothing left to do. Each migration runs in its own transaction with
 * its row in schema_migrations (DDL is transactional in PostgreSQL), so a failed one leaves
 * neither tables nor version behind. If the process dies, the session ends and the lock with it.
 */
import type { Pool, PoolClient } from "pg";
import { StoreError, StoreErrorCode } from "../errors.ts";
import { LOCK_CLASS } from "./locks.ts";
import { PG_MIGRATIONS, type PgMigration } from "./migrations.ts";

export interface PgMigrationReport {
  from: number;
  to: number;
  applied: string[];
}

/** A schema name we quote ourselves: plain lower-case identifiers only (no quoting games). */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function version(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ v: number | null }>("SELECT max(version) AS v FROM schema_migrations");
  return rows[0]?.v ?? 0;
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
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const latest = migrations.length;
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
      const from = await version(client);
      if (from > latest) {
        throw new StoreError(
          StoreErrorCode.NewerSchema,
          "open",
          `the database schema ${target} is at version ${from}, newer than this build knows (${latest}); run a newer docketbot or restore a backup`,
        );
      }
      const applied: string[] = [];
      for (const m of migrations) {
        if (m.version <= from) continue;
        await client.query("BEGIN");
        try {
          await client.query(m.sql);
          await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
            m.version, m.name, options.now(),
          ]);
          await client.query("COMMIT");
          applied.push(m.name);
        } catch (e) {
          await client.query("ROLLBACK");
          throw new StoreError(StoreErrorCode.Failed, "open", `migration ${m.version} (${m.name}) failed: ${String(e)}`, e);
        }
      }
      return { from, to: await version(client), applied };
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
