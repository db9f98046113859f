/**
 * What the store sends its database (src/store/sql/counts.ts): every statement counted where it
 * leaves the store, BEGIN and COMMIT included; on PostgreSQL each is a round trip, on SQLite none.
 */
import { afterEach, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";

describeStores("statements and round trips", ({ open, name }) => {
  let s: Opened;
  afterEach(async () => s.store.close());

  it("counts one statement outside a transaction, and BEGIN, the statement and COMMIT inside one", async () => {
    s = await open();
    const start = s.store.sqlCounts();
    expect(start.database).toBe(name === "PostgreSQL" ? "postgres" : "sqlite");
    await s.store.getPush(1);
    const one = s.store.sqlCounts();
    expect(one.statements - start.statements).toBe(1);
    await s.store.health(); // a heartbeat: one write in a transaction of its own
    const tx = s.store.sqlCounts();
    expect(tx.statements - one.statements).toBe(3);
    expect(tx.roundTrips - start.roundTrips).toBe(name === "PostgreSQL" ? 4 : 0);
  });
});
