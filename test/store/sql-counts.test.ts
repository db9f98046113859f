/**
 * What the store sends its database (src/store/sql/counts.ts): every statement counted where it
 * leaves the store, BEGIN and COMMIT included; on PostgreSQL each is a round trip, on SQLite none.
 */
import { afterEach, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B, pushInput } from "./helpers.ts";

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

describeStores("a group commit's statements", ({ open, name }) => {
  let s: Opened;
  afterEach(async () => s.store.close());

  /** The statements (and round trips) of storing `inputs` together, in one batch. */
  const batchCost = async (inputs: ReturnType<typeof pushInput>[]) => {
    const before = s.store.sqlCounts();
    s.transactions.length = 0;
    const results = await Promise.all(inputs.map((input) => s.store.storePush(input)));
    expect(s.transactions.filter((t) => t.label === "storePush")).toEqual([{ label: "storePush", items: inputs.length }]);
    const after = s.store.sqlCounts();
    return { results, statements: after.statements - before.statements, roundTrips: after.roundTrips - before.roundTrips };
  };

  // BEGIN, the routing lock (PostgreSQL's advisory lock; nothing to send on SQLite), which matters
  // have a channel, one INSERT of the pushes, one of their deliveries, COMMIT: not a few per push.
  // On PostgreSQL the lock goes with BEGIN in one round trip (postgres/sql.ts transactionDbOf).
  const AT_MOST = name === "PostgreSQL" ? 6 : 5;

  it(`stores a batch of 100 pushes in at most ${AT_MOST} statements and, on PostgreSQL, one round trip fewer`, async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    const cost = await batchCost(Array.from({ length: 100 }, (_, i) => pushInput(i % 3 === 0 ? "HELD-1" : "ACME-001", i)));
    expect(cost.results.filter((r) => r.deliveries === 1)).toHaveLength(66);
    expect(cost.statements).toBeLessThanOrEqual(AT_MOST);
    expect(cost.roundTrips).toBe(name === "PostgreSQL" ? cost.statements - 1 : 0);
  });

  it("one statement more when some were stored before, and one more when subscriptions exist", async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await s.store.linkMatter({ ...C_B, clientMatter: "IP-007", linkedBy: "U1" });
    await s.store.storePush(pushInput("ACME-001", 0));
    const again = await batchCost([pushInput("ACME-001", 0), ...Array.from({ length: 20 }, (_, i) => pushInput("ACME-001", i + 1))]);
    expect(again.results[0]!.duplicate).toBe(true);
    expect(again.statements).toBeLessThanOrEqual(AT_MOST + 1);
    await s.store.subscribe({ ...C_B, clientMatter: "IP-007", target: { court: "nysd", docket: "1:23-cv-01234" }, frequency: "daily", userId: "U2" });
    const subscribed = await batchCost(Array.from({ length: 20 }, (_, i) => pushInput("ACME-001", i + 100)));
    expect(subscribed.results.every((r) => r.deliveries === 2)).toBe(true);
    expect(subscribed.statements).toBeLessThanOrEqual(AT_MOST + 1);
    expect(subscribed.roundTrips).toBe(name === "PostgreSQL" ? subscribed.statements - 1 : 0);
  });
});
