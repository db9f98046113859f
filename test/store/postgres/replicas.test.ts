/**
 * Two stores on one PostgreSQL schema, as two replicas would be (issue 17 item 1): what the README
 * says is safe with several replicas today. Needs TEST_DATABASE_URL; skipped with a notice without it.
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgresStore, type PostgresStore } from "../../../src/store/postgres/postgres-store.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { TEST_DATABASE_URL, testStoreUrl } from "../contract/stores.ts";
import { C_A, C_B, pushInput } from "../helpers.ts";

if (TEST_DATABASE_URL === undefined) {
  describe("two replicas on one PostgreSQL schema", () => {
    it.skip("PostgreSQL replica tests skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them", () => {});
  });
} else {
  const url = TEST_DATABASE_URL;
  describe("two replicas on one PostgreSQL schema", () => {
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    const schemas: string[] = [];
    const opened: PostgresStore[] = [];
    afterAll(async () => {
      for (const s of opened) await s.close();
      for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
      await admin.end();
    });
    const replicas = async () => {
      const schema = `test_replicas_${process.pid}_${schemas.length + 1}_${Math.random().toString(36).slice(2, 8)}`;
      schemas.push(schema);
      const clock = new FakeClock();
      const a = await openPostgresStore({ connectionString: testStoreUrl(url), schema, clock, maxConnections: 4 });
      const b = await openPostgresStore({ connectionString: testStoreUrl(url), schema, clock, maxConnections: 4 });
      opened.push(a, b);
      return { a, b };
    };

    it("the same push resent to both at once is stored once: the other gets the duplicate", async () => {
      const { a, b } = await replicas();
      await a.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
      for (let n = 0; n < 10; n++) {
        const [ra, rb] = await Promise.all([a.storePush(pushInput("ACME-001", n)), b.storePush(pushInput("ACME-001", n))]);
        expect(ra.id).toBe(rb.id);
        expect([ra.duplicate, rb.duplicate].sort()).toEqual([false, true]);
      }
      expect(await a.pushStats()).toMatchObject({ stored: 10 });
      expect(await b.listDeliveries({ limit: 100 })).toHaveLength(10);
    });

    it("a push on one while the other links its matter is routed exactly once, whichever commits first", async () => {
      const { a, b } = await replicas();
      for (let n = 0; n < 10; n++) {
        const channel = { teamId: C_A.teamId, channelId: `C_RACE_${n}` };
        const [pushed, linked] = await Promise.all([
          a.storePush(pushInput(`RACE-${n}`, n)),
          b.linkMatter({ ...channel, clientMatter: `RACE-${n}`, linkedBy: "U1" }),
        ]);
        expect(pushed.deliveries + linked.released.deliveries).toBe(1);
        expect(await a.listDeliveries({ channel })).toHaveLength(1);
      }
      expect(await b.pushStats()).toMatchObject({ stored: 10, held: 0 });
    });

    it("one delivery claimed by both at once goes in flight once", async () => {
      const { a, b } = await replicas();
      await a.linkMatter({ ...C_B, clientMatter: "BETA-7", linkedBy: "U1" });
      for (let n = 0; n < 10; n++) await a.storePush(pushInput("BETA-7", n));
      for (const d of await a.listDeliveries({ limit: 100 })) {
        const claims = await Promise.all([a.markInFlight(d.id), b.markInFlight(d.id)]);
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await b.getDelivery(d.id)).toMatchObject({ state: "in_flight", attempts: 1 });
      }
    });

    it("a channel's lane claimed by both at once goes to one, and the other's stale writes are refused (issue 17 item 2)", async () => {
      const { a, b } = await replicas();
      await a.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
      await a.storePush(pushInput("ACME-001", 1));
      const [d] = await a.listDeliveries();
      for (let n = 0; n < 10; n++) {
        const claims = await Promise.all([a.claimLane(C_A, "ra", 60_000), b.claimLane(C_A, "rb", 60_000)]);
        const won = claims.filter((c) => c !== undefined);
        expect(won).toHaveLength(1);
        await (won[0]!.holder === "ra" ? a : b).releaseLane(C_A, won[0]!);
      }
      const first = (await a.claimLane(C_A, "ra", 60_000))!;
      expect(await a.markInFlight(d!.id, first)).toBe(true);
      await a.releaseLane(C_A, first);
      const second = (await b.claimLane(C_A, "rb", 60_000))!;
      expect(second.resumed).toEqual([d!.id]);
      const [late, now] = await Promise.all([a.markSent(d!.id, "1.1", first), b.markInFlight(d!.id, second)]);
      expect([late, now]).toEqual([false, true]);
    });

    it("an event claimed on both at once is handled by one (issue 17 item 3)", async () => {
      const { a, b } = await replicas();
      for (let n = 0; n < 20; n++) {
        const k = { scope: "qa-message", key: `C1:${n}` };
        const claims = await Promise.all([a.claimOnce(k, 60_000), b.claimOnce(k, 60_000)]);
        expect(claims.filter(Boolean)).toHaveLength(1);
      }
    });
  });
}
