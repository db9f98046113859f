/**
 * SQLite's side of the migrator (../migrate.ts): the migrations of ../migrations/sqlite/, the version
 * in `PRAGMA user_version` (sqlite.org/pragma.html#pragma_user_version), each migration in its own
 * BEGIN IMMEDIATE transaction together with its version bump. Another process opening the same file
 * may migrate it meanwhile: BEGIN IMMEDIATE takes the file's write lock, and the migrator reads the
 * version again under it, so a migration is never applied twice. Re-opening an up-to-date file does
 * nothing.
 */
import type { DatabaseSync } from "node:sqlite";
import { loadMigrations, migrateSync, type Migration, type MigrationHook, type MigrationReport } from "../migrate.ts";
import { int } from "../sql/rows.ts";

export type { Migration, MigrationReport };

/** The migrations of ../migrations/sqlite/, read once at start-up. */
export const MIGRATIONS: readonly Migration[] = loadMigrations("sqlite");

export function userVersion(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get();
  return row ? int(row, "user_version") : 0;
}

function sqliteHook(db: DatabaseSync): MigrationHook {
  return {
    version: () => userVersion(db),
    begin: () => db.exec("BEGIN IMMEDIATE"),
    exec: (sql) => db.exec(sql),
    record: (m) => db.exec(`PRAGMA user_version = ${Math.trunc(m.version)}`),
    commit: () => db.exec("COMMIT"),
    rollback: () => {
      if (db.isTransaction) db.exec("ROLLBACK");
    },
    describe: (version) => `the database is at schema version ${version}`,
  };
}

/** Brings the database up to the last migration; refuses a file from a newer build. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): MigrationReport {
  return migrateSync(sqliteHook(db), migrations);
}
