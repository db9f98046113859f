/**
 * A database as a store left it before one migration (a SQLite file, or a PostgreSQL schema): every
 * migration before the one named, run by today's migrator, for the tests of what that migration
 * reads from rows stored before it (migration-00NN.test.ts).
 */
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { migratePg, PG_MIGRATIONS } from "../../src/store/postgres/migrate.ts";
import { migrate, MIGRATIONS } from "../../src/store/sqlite/migrate.ts";
import { TEST_DATABASE_URL, type StoreKind } from "./contract/stores.ts";

/** Where migration `name` is in the list (both dialects list the same migrations in one order); -1 when none. */
export const migrationIndex = (name: string): number => MIGRATIONS.findIndex((m) => m.name === name);

export async function migrateBefore(kind: StoreKind, at: string, name: string): Promise<void> {
  const before = migrationIndex(name);
  if (before <= 0) throw new Error(`no migration named "${name}"`);
  if (kind.name === "SQLite") {
    const db = new DatabaseSync(at);
    try {
      migrate(db, MIGRATIONS.slice(0, before));
    } finally {
      db.close();
    }
    return;
  }
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, options: `-c search_path=${at}` });
  try {
    await migratePg(pool, { schema: at, now: () => 0, migrations: PG_MIGRATIONS.slice(0, before) });
  } finally {
    await pool.end();
  }
}
