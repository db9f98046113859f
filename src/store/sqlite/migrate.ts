/**
 * Runs the migrations (migrations.ts) against a database, versioned with `PRAGMA user_version`
 * (sqlite.org/pragma.html#pragma_user_version). Each runs in its own BEGIN IMMEDIATE transaction
 * together with its version bump, so a failed migration leaves neither tables nor version behind,
 * and re-opening an up-to-date file does nothing.
 */
import type { DatabaseSync } from "node:sqlite";
import { StoreError, StoreErrorCode } from "../errors.ts";
import { int } from "./context.ts";
import { MIGRATIONS, type Migration } from "./migrations.ts";

export function userVersion(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get();
  return row ? int(row, "user_version") : 0;
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: string[];
}

/** Brings the database up to the last migration; refuses a file from a newer build. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[] = MIGRATIONS): MigrationReport {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const latest = migrations.length;
  const from = userVersion(db);
  if (from > latest) {
    throw new StoreError(
      StoreErrorCode.NewerSchema,
      "open",
      `the database is at schema version ${from}, newer than this build knows (${latest}); run a newer docketbot or restore a backup`,
    );
  }
  const applied: string[] = [];
  for (const m of migrations) {
    if (m.version <= from) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      // Another process may have migrated between our read and the write lock.
      if (userVersion(db) >= m.version) {
        db.exec("ROLLBACK");
        continue;
      }
      db.exec(m.sql);
      db.exec(`PRAGMA user_version = ${m.version}`);
      db.exec("COMMIT");
      applied.push(m.name);
    } catch (e) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw new StoreError(StoreErrorCode.Failed, "open", `migration ${m.version} (${m.name}) failed: ${String(e)}`, e);
    }
  }
  return { from, to: userVersion(db), applied };
}
