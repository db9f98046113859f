/**
 * Migration 23 gives each stored Q&A answer what it read (a question's expected price is read
 * from earlier answers of the same kind, qa/expected-price.ts): answers stored before read what
 * their thread reads, the docket when the thread says none (threads bound before migration 7).
 */
import { expect, it } from "vitest";
import { describeStores } from "./contract/stores.ts";
import { migrateBefore, migrationIndex } from "./migrated-before.ts";
import { TEAM } from "./helpers.ts";

const MIGRATION = "a Q&A answer keeps what it read";
const BEFORE = migrationIndex(MIGRATION);

describeStores("migration 23 on a database with Q&A answers", (kind) => {
  it("gives each old answer its thread's kind (the docket when none), and prices are read per kind", async () => {
    expect(BEFORE).toBeGreaterThan(0);
    const at = kind.fresh();
    await migrateBefore(kind, at, MIGRATION);
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
