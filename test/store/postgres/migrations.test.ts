/**
 * PostgreSQL migrations (issue 17 item 1): replicas starting at once migrate once, under an
 * advisory lock; a re-open is a no-op; a newer schema is refused; a failing migration leaves
 * nothing behind. Needs TEST_DATABASE_URL (see ../contract/stores.ts); skipped with a notice without it.
 */
import { DatabaseSync } from "node:sqlite";
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../../src/logger.ts";
import { isStoreError, StoreErrorCode } from "../../../src/store/errors.ts";
import { migratePg } from "../../../src/store/postgres/migrate.ts";
import { PG_MIGRATIONS } from "../../../src/store/postgres/migrate.ts";
import { openPostgresStore } from "../../../src/store/postgres/postgres-store.ts";
import { storeTypes } from "../../../src/store/postgres/types.ts";
import { migrate } from "../../../src/store/sqlite/migrate.ts";
import { MIGRATIONS } from "../../../src/store/sqlite/migrate.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { TEST_DATABASE_URL } from "../contract/stores.ts";

function logLines() {
  const lines: { msg: string; applied?: string[]; to?: number }[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l) as (typeof lines)[number]);
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("PostgreSQL migrations", () => {
  it("are numbered 1…N with the SQLite migrations' names, so both stores mean the same by version N", () => {
    expect(PG_MIGRATIONS.map((m) => [m.version, m.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
  });
});

if (TEST_DATABASE_URL === undefined) describe("PostgreSQL migrations on a server", () => {
  it.skip("PostgreSQL migration tests skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them", () => {});
});

describe.runIf(TEST_DATABASE_URL !== undefined)("PostgreSQL migrations on a server", () => {
  const url = TEST_DATABASE_URL ?? "";
  const admin = new pg.Pool({ connectionString: url, max: 2, types: storeTypes });
  const schemas: string[] = [];
  const fresh = () => {
    const s = `test_migrate_${process.pid}_${schemas.length + 1}_${Math.random().toString(36).slice(2, 8)}`;
    schemas.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });
  const versions = async (schema: string) =>
    (await admin.query<{ version: number }>(`SELECT version FROM ${schema}.schema_migrations ORDER BY version`)).rows.map((r) => r.version);

  it("two replicas opening a fresh schema at once migrate it once; a re-open applies nothing", async () => {
    const schema = fresh();
    const clock = new FakeClock();
    const a = logLines();
    const b = logLines();
    const [first, second] = await Promise.all([
      openPostgresStore({ connectionString: url, schema, clock, logger: a.logger }),
      openPostgresStore({ connectionString: url, schema, clock, logger: b.logger }),
    ]);
    const migrated = [...a.lines, ...b.lines].filter((l) => l.msg === "database schema migrated");
    // One replica applied every migration while the other waited on the lock, then found none left.
    expect(migrated).toHaveLength(1);
    expect(migrated[0]).toMatchObject({ applied: PG_MIGRATIONS.map((m) => m.name), to: PG_MIGRATIONS.length });
    expect(await versions(schema)).toEqual(PG_MIGRATIONS.map((m) => m.version));
    expect([first.schemaVersion, second.schemaVersion]).toEqual([PG_MIGRATIONS.length, PG_MIGRATIONS.length]);
    // Both work on the one schema.
    await first.linkMatter({ teamId: "T1", channelId: "C1", clientMatter: "ACME-001", linkedBy: "U1" });
    expect((await second.mattersOfChannel({ teamId: "T1", channelId: "C1" })).map((l) => l.clientMatter)).toEqual(["ACME-001"]);
    await Promise.all([first.close(), second.close()]);

    const again = logLines();
    const third = await openPostgresStore({ connectionString: url, schema, clock, logger: again.logger });
    expect(again.lines.filter((l) => l.msg === "database schema migrated")).toEqual([]);
    expect(await third.mattersOfChannel({ teamId: "T1", channelId: "C1" })).toHaveLength(1);
    await third.close();
  });

  it("upgrades a schema left at an older version, applying only the missing migrations", async () => {
    const schema = fresh();
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    try {
      expect((await migratePg(pool, { schema, now: () => 1, migrations: PG_MIGRATIONS.slice(0, 2) })).applied).toHaveLength(2);
      const report = await migratePg(pool, { schema, now: () => 1 });
      expect(report).toEqual({ from: 2, to: PG_MIGRATIONS.length, applied: PG_MIGRATIONS.slice(2).map((m) => m.name) });
    } finally {
      await pool.end();
    }
  });

  it("a failing migration rolls back its statements and its version row", async () => {
    const schema = fresh();
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    try {
      const broken = [PG_MIGRATIONS[0]!, { version: 2, name: "broken", sql: "CREATE TABLE half_done (x integer); INSERT INTO nowhere VALUES (1);" }];
      const err = await migratePg(pool, { schema, now: () => 1, migrations: broken }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isStoreError(err) && err.code).toBe(StoreErrorCode.Failed);
      expect(await versions(schema)).toEqual([1]);
      const { rows } = await admin.query("SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'half_done'", [schema]);
      expect(rows).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it("builds the same tables with the same columns as the SQLite migrations (a port that forgot one fails here)", async () => {
    const schema = fresh();
    await (await openPostgresStore({ connectionString: url, schema, clock: new FakeClock() })).close();
    const { rows } = await admin.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name <> 'schema_migrations'",
      [schema],
    );
    const pgColumns = rows.map((r) => `${r.table_name}.${r.column_name}`).sort();

    const lite = new DatabaseSync(":memory:");
    migrate(lite);
    const tables = lite.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all().map((r) => String(r.name));
    const liteColumns = tables.flatMap((t) => lite.prepare(`PRAGMA table_info(${t})`).all().map((c) => `${t}.${String(c.name)}`)).sort();
    lite.close();
    expect(pgColumns).toEqual(liteColumns);
  });

  it("refuses a schema written by a newer build", async () => {
    const schema = fresh();
    await (await openPostgresStore({ connectionString: url, schema, clock: new FakeClock() })).close();
    await admin.query(`INSERT INTO ${schema}.schema_migrations (version, name, applied_at) VALUES ($1, 'from the future', 0)`, [
      PG_MIGRATIONS.length + 1,
    ]);
    const err = await openPostgresStore({ connectionString: url, schema, clock: new FakeClock() }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.NewerSchema);
  });
});
