/**
 * Where a figure's bot keeps its store (bench/lib/bench-store.ts): a SQLite file in the run's
 * scratch directory, or a PostgreSQL schema of its own that the bot reaches through DATABASE_URL
 * and that is gone after the run.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { benchDatabase, SQLITE_STORE, storeLabel } from "../../bench/lib/bench-store.ts";

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim();

describe("a figure's store", () => {
  it("on SQLite is a file named for the run in the scratch directory", async () => {
    const db = await benchDatabase(SQLITE_STORE, "/tmp/bench-scratch", "slash-3");
    expect(db.database).toBe("/tmp/bench-scratch/slash-3.db");
    await db.drop();
    expect(storeLabel(SQLITE_STORE)).toBe("SQLite");
    expect(storeLabel({ kind: "postgres", baseUrl: "postgres://x" })).toBe("PostgreSQL, 1 replica");
  });

  it.skipIf(!TEST_DATABASE_URL)("on PostgreSQL is a fresh schema the bot's DATABASE_URL selects, dropped after (set TEST_DATABASE_URL)", async () => {
    const db = await benchDatabase({ kind: "postgres", baseUrl: TEST_DATABASE_URL! }, "/unused", "push-ack-1");
    const schemaOf = async (url: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query<{ s: string }>("SELECT current_schema() AS s")).rows[0]?.s ?? null;
      } finally {
        await c.end();
      }
    };
    const schema = await schemaOf(db.database);
    expect(schema).toMatch(/^bench_\d+_push_ack_1_\d+$/);
    await db.drop();
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    try {
      const left = await c.query("SELECT 1 FROM information_schema.schemata WHERE schema_name = $1", [schema]);
      expect(left.rowCount).toBe(0);
    } finally {
      await c.end();
    }
  });
});
