/**
 * A push keeps the case or search it names (target_court, target_docket, target_q), as intake's
 * one parse read it: routing and a subscription's catch-up match subscriptions on those columns and
 * never read a body (a 100,000-entry docket push is 13 MB, kept in parts), nor does a requeue. A
 * caller that does not say what the push names has it read from the body.
 */
import { afterEach, expect, it } from "vitest";
import { PART_CHARS } from "../../src/store/areas/push-bodies.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B, TEAM } from "./helpers.ts";

const CASE = { court: "nysd", docket: "1:23-cv-01234" };

/** A docket push of about `mb` MB for `matter`, naming CASE, entry numbers from `from`. */
function bigPush(mb: number, matter: string, from = 0) {
  const n = Math.ceil((mb * 1_000_000) / 100);
  const entries = Array.from({ length: n }, (_, i) => ({ date: "3/4/2026", number: String(from + i + 1), contents: `ORDER ${from + i} ${"x".repeat(50)}` }));
  return JSON.stringify({ push_type: "docket", client_matter: matter, ...CASE, docket_report: entries, parties: [] });
}

describeStores("what a push names", ({ open, fresh, sql }) => {
  let s: Opened;
  afterEach(async () => s.store.close());

  const deliveredTo = async (id: number) =>
    (await s.store.listDeliveries({})).filter((d) => d.pushId === id).map((d) => `${d.channelId}:${d.clientMatter}`).sort();
  const statementsOf = async (work: () => Promise<unknown>) => {
    const before = s.store.sqlCounts().statements;
    await work();
    return s.store.sqlCounts().statements - before;
  };

  it("is kept beside the push, as given or read from the body, quarantined or not", async () => {
    const at = fresh();
    s = await open({ at });
    const docket = JSON.stringify({ push_type: "docket", client_matter: "ACME-001", ...CASE, docket_report: [] });
    const search = JSON.stringify({ push_type: "search_results", client_matter: "ACME-001", q: "  widget  ", search_results: [] });
    await s.store.storePush({ body: docket, receivedAt: 1, pushType: "docket", clientMatter: "ACME-001" });
    await s.store.storePush({ body: search, receivedAt: 2, pushType: "search_results", clientMatter: "ACME-001", target: { q: "  widget  " } });
    await s.store.storePush({ body: '{"push_type":"new_case","client_matter":"ACME-001"}', receivedAt: 3, pushType: "new_case", clientMatter: "ACME-001", target: null });
    await s.store.storePush({ body: docket.replace("ACME-001", "ACME-002"), receivedAt: 4, quarantineReason: "schema: x" });
    expect(await sql(at, "SELECT target_court, target_docket, target_q FROM pushes ORDER BY id")).toEqual([
      { target_court: "nysd", target_docket: "1:23-cv-01234", target_q: null },
      { target_court: null, target_docket: null, target_q: "widget" },
      { target_court: null, target_docket: null, target_q: null },
      { target_court: "nysd", target_docket: "1:23-cv-01234", target_q: null },
    ]);
  });

  it("stores a push whose case is named with characters no database column takes (a NUL), as the body says otherwise", async () => {
    const at = fresh();
    s = await open({ at });
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    const body = JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: "ny\u0000sd", docket: "1:23-cv-1\u0000", docket_report: [] });
    expect(body).toContain("\\u0000");
    const r = await s.store.storePush({ body, receivedAt: 1, pushType: "docket", clientMatter: "ACME-001" });
    expect(r).toMatchObject({ routing: "routed", deliveries: 1 });
    expect((await s.store.getPush(r.id))?.body).toBe(body);
    expect(await sql(at, "SELECT target_court, target_docket FROM pushes")).toEqual([{ target_court: "ny\uFFFDsd", target_docket: "1:23-cv-1\uFFFD" }]);
  });

  it("routes a big push to its case's subscribers and catches a matter up without reading any body", async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await s.store.linkMatter({ ...C_B, clientMatter: "IP-007", linkedBy: "U1" });
    const sub = (matter: string, channel: typeof C_A) => s.store.subscribe({ ...channel, clientMatter: matter, target: CASE, frequency: "daily", userId: "U2" });
    await sub("ACME-001", C_A);
    await sub("IP-007", C_B);
    await s.store.unsubscribe({ ...C_A, clientMatter: "ACME-001", target: CASE, userId: "U2" });
    const endedAt = s.clock.now();
    await s.clock.advance(1_000);

    // Three pushes of three parts each, told what they name as intake tells the store.
    const ids: number[] = [];
    for (const n of [0, 1, 2]) {
      const body = bigPush(2.5, "IP-007", n * 30_000);
      expect(body.length).toBeGreaterThan(2 * PART_CHARS);
      const r = await s.store.storePush({ body, receivedAt: n, pushType: "docket", clientMatter: "IP-007", target: CASE });
      expect(r).toMatchObject({ routing: "routed", deliveries: 1 });
      ids.push(r.id);
    }
    await sub("ACME-001", C_A);
    // Reading the pushes' bodies would be three statements a push (one a part): the catch-up is a
    // read of the routed pushes' targets and an insert per push it concerns, in one transaction.
    const cost = await statementsOf(async () => {
      expect(await s.store.deliverMissed({ teamId: TEAM, clientMatter: "ACME-001", target: { court: "S.D.N.Y.", docket: "1:23-cv-1234" }, since: endedAt }))
        .toEqual({ pushes: 3, deliveries: 3 });
    });
    expect(cost).toBeLessThanOrEqual(3 + 1 + ids.length);
    for (const id of ids) expect(await deliveredTo(id)).toEqual(["C0A:ACME-001", "C0B:IP-007"]);
  });

  it("a requeued push is routed by what it was stored naming, its body not read again", async () => {
    const at = fresh();
    s = await open({ at });
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await s.store.linkMatter({ ...C_B, clientMatter: "IP-007", linkedBy: "U1" });
    await s.store.subscribe({ ...C_B, clientMatter: "IP-007", target: { q: "widget" }, frequency: "daily", userId: "U2" });
    const body = JSON.stringify({ push_type: "search_results", client_matter: "ACME-001", q: "widget", search_results: [{ bad: true }] });
    const q = await s.store.storePush({ body, receivedAt: 1, quarantineReason: "schema: search_results.0.court: required", target: { q: "widget" } });
    // A big quarantined body: three parts, none of them read by the requeue.
    const big = bigPush(2.5, "ACME-001");
    const bq = await s.store.storePush({ body: big, receivedAt: 2, quarantineReason: "schema: x", target: null });
    expect(await s.store.requeueQuarantined(q.id, { pushType: "search_results", clientMatter: "ACME-001" })).toMatchObject({ routing: "routed", deliveries: 2 });
    expect(await deliveredTo(q.id)).toEqual(["C0A:ACME-001", "C0B:IP-007"]);
    // Stored naming nothing (as intake was told), it goes by its matter alone, in a few statements.
    const cost = await statementsOf(async () => {
      expect(await s.store.requeueQuarantined(bq.id, { pushType: "docket", clientMatter: "ACME-001" })).toMatchObject({ routing: "routed", deliveries: 1 });
    });
    expect(cost).toBeLessThanOrEqual(8);
    expect(await deliveredTo(bq.id)).toEqual(["C0A:ACME-001"]);
    expect(await sql(at, "SELECT target_q FROM pushes ORDER BY id")).toEqual([{ target_q: "widget" }, { target_q: null }]);
  });
});
