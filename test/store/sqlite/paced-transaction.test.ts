/**
 * node:sqlite answers synchronously, so a transaction of many statements (a long docket's court
 * dates, stored for each channel) once held the event loop for its whole length: a 100,000-entry
 * push kept Slack requests waiting for seconds. A transaction now gives the loop a turn between
 * statements every TX_SLICE_MS, while statements from outside it still wait at the gate.
 */
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { createSqliteContext } from "../../../src/store/sqlite/async-context.ts";
import { createGate, createStatementCache, TX_SLICE_MS } from "../../../src/store/sqlite/driver.ts";
import { statement } from "../../../src/store/sql/statement.ts";
import { systemClock } from "../../../src/clock.ts";

function open() {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
  const ctx = createSqliteContext({
    db, prepare: createStatementCache(db), gate: createGate(), clock: systemClock,
    logger: { debug() {}, info() {}, warn() {}, error() {} } as never, isClosed: () => false, busyBudgetMs: 1_000,
  });
  return ctx;
}

const insert = statement("INSERT INTO t (v) VALUES (:v)");
const count = statement("SELECT count(*) AS n FROM t");

describe("a long SQLite transaction", () => {
  it("lets the event loop run between its statements, and statements outside it wait for its commit", async () => {
    const ctx = open();
    const turns: number[] = [];
    let inserted = 0;
    let outside: number | undefined;
    const tick = () => {
      turns.push(inserted);
      if (inserted < 20_000) setImmediate(tick);
    };
    setImmediate(tick);
    const started = performance.now();
    const tx = ctx.tx("bulk", async (db) => {
      // Runs at least a few slices long, whatever the machine's speed.
      while (inserted < 20_000 || performance.now() - started < 4 * TX_SLICE_MS) {
        await db.run(insert, { v: "x".repeat(100) });
        inserted++;
        if (inserted === 1) void ctx.db.get(count).then((r) => void (outside = Number(r!.n)));
      }
    });
    await tx;
    // The loop had turns while the transaction ran (not only before it started or after it ended)…
    expect(turns.some((n) => n > 0 && n < inserted)).toBe(true);
    // …and the read from outside, asked mid-transaction, saw it whole: after its commit.
    await new Promise((r) => setImmediate(r));
    expect(outside).toBe(inserted);
  });

  it("runs a statement from outside as soon as the transaction under way ends, not behind the ones queued after it", async () => {
    const ctx = open();
    const order: string[] = [];
    const slow = (name: string) => ctx.tx(name, async (db) => {
      const started = performance.now();
      while (performance.now() - started < 3 * TX_SLICE_MS) await db.run(insert, { v: name });
      order.push(name);
    });
    // Three transactions queue (twenty channels storing court dates at once), then a Slack
    // request's read arrives: it waits for tx1 only; tx2 and tx3 keep their order.
    const txs = [slow("tx1"), slow("tx2"), slow("tx3")];
    await new Promise((r) => setImmediate(r));
    const read = ctx.db.get(count).then(() => void order.push("read"));
    await Promise.all([...txs, read]);
    expect(order).toEqual(["tx1", "read", "tx2", "tx3"]);
  });
});
