/**
 * The fee gate's `once` (fee-gate.ts): the same paid action for the same matter runs one at a time,
 * on any replica (the store's once keys), and is free again once its reservation ends. PACER
 * searches and court fees both go through it; these are the assertions the PACER feature's own
 * in-flight guard had, now held by the one gate.
 */
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { admitFee, type FeeAdmission } from "../../../src/features/budgets/fee-gate.ts";
import { openSqliteStore, type SqliteStore } from "../../../src/store/sqlite/sqlite-store.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { tempDir } from "../../store/helpers.ts";

const logger = pino({ level: "silent" });
const check = (once: string) => ({ teamId: "T1", clientMatter: "ACME-001", expected: 0.2, kind: "pacer", ref: "r1", cleared: "confirmed" as const, once });
const gate = (store: SqliteStore, clock: FakeClock) => (once: string) => admitFee({ store, clock, logger }, check(once));
const ran = (a: FeeAdmission) => (a.verdict === "run" ? a.reservation : undefined);

describe("the fee gate's once", () => {
  it("lets one run at a time per key; a different key runs; the key is free once the reservation ends", async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 29));
    const store = await openSqliteStore({ path: ":memory:", clock });
    try {
      const admit = gate(store, clock);
      const a = ran(await admit("a"));
      expect(a).toBeDefined();
      expect((await admit("a")).verdict).toBe("running");
      const b = ran(await admit("b"));
      expect(b).toBeDefined();
      await a!.spend(async () => undefined);
      const again = ran(await admit("a"));
      expect(again).toBeDefined();
      await again!.release();
      await b!.release();
    } finally {
      await store.close();
    }
  });

  it("across replicas: a second replica's gate over the same store refuses the running action (issue 17 item 3)", async () => {
    const tmp = tempDir();
    const clock = new FakeClock(Date.UTC(2026, 10, 29));
    const [one, two] = [await openSqliteStore({ path: tmp.file(), clock }), await openSqliteStore({ path: tmp.file(), clock })];
    try {
      const first = ran(await gate(one, clock)("k"));
      expect(first).toBeDefined();
      expect((await gate(two, clock)("k")).verdict).toBe("running");
      await first!.release();
      const second = ran(await gate(two, clock)("k"));
      expect(second).toBeDefined();
      await second!.release();
    } finally {
      await one.close();
      await two.close();
      tmp.cleanup();
    }
  });
});
