/**
 * Migration 23 gives each stored Q&A answer what it read (a question's expected price is read
 * from earlier answers of the same kind, qa/expected-price.ts): answers stored before read what
 * their thread reads, the docket when the thread says none (threads bound before migration 7).
 */
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { expect, it } from "vitest";
import { migratePg, PG_MIGRATIONS } from "../../src/store/postgres/migrate.ts";
import { migrate, MIGRATIONS } from "../../src/store/sqlite/migrate.ts";
import { describeStores, TEST_DATABASE_URL, type StoreKind } from "./contract/stores.ts";
import { TEAM } from "./helpers.ts";

const BEFORE = MIGRATIONS.findIndex((m) => m.name === "a Q&A answer keeps what it read");

async function buildAt22(kind: StoreKind, at: string): Promise<void> {
  if (kind.name === "SQLite") {
    const db = new DatabaseSync(at);
    migrate(db, MIGRATIONS.slice(0, BEFORE));
    db.close();
    return;
  }
  const pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, options: `-c search_path=${at}` });
  try {
    await migratePg(pool, { schema: at, now: () => 0, migrations: PG_MIGRATIONS.slice(0, BEFORE) });
  } finally {
    await pool.end();
  }
}

describeStores("migration 23 on a database with Q&A answers", (kind) => {
  it("gives each old answer its thread's kind (the docket when none), and prices are read per kind", async () => {
    expect(BEFORE).toBeGreaterThan(0);
    const at = kind.fresh();
    await buildAt22(kind, at);
    const threads: [string, string][] = [["1.1", "'both'"], ["1.2", "NULL"], ["1.3", "'documents'"]];
    for (const [ts, target] of threads) {
      await kind.sql(at, `INSERT INTO qa_threads (team_id, channel_id, thread_ts, court, docket, client_matter, created_by, created_at, target)
        VALUES ('${TEAM}', 'C1', '${ts}', 'nysd', '1:23-cv-01234', 'ACME-001', 'U1', 0, ${target})`);
    }
    const turns: [string, number | null][] = [["1.1", 54_700], ["1.2", 21_000], ["1.1", 61_000], ["1.3", 40_000], ["1.2", null]];
    for (const [ts, micros] of turns) {
      await kind.sql(at, `INSERT INTO qa_turns (team_id, channel_id, thread_ts, question, answer, providers, price_micros, relevant_entries, asked_by, at)
        VALUES ('${TEAM}', 'C1', '${ts}', 'q', 'a', '[]', ${micros ?? "NULL"}, '[]', 'U1', 0)`);
    }
    const { store } = await kind.open({ at });
    try {
      expect(await kind.sql(at, "SELECT target FROM qa_turns ORDER BY id")).toEqual(["both", "docket", "both", "documents", "docket"].map((target) => ({ target })));
      expect(await store.recentAnswerPrices({ teamId: TEAM, target: "both", limit: 20 })).toEqual([0.061, 0.0547]);
      expect(await store.recentAnswerPrices({ teamId: TEAM, target: "docket", limit: 20 })).toEqual([0.021]);
      expect(await store.recentAnswerPrices({ teamId: TEAM, target: "documents", limit: 20 })).toEqual([0.04]);
    } finally {
      await store.close();
    }
  });
});
