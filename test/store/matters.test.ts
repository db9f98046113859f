import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_A2, C_B, pushInput, TEAM } from "./helpers.ts";

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describeStores("matters", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("links a channel to several matters and a matter to several channels, with who and when", async () => {
    const first = await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U_ADMIN" });
    expect(first).toEqual({
      linked: true,
      link: { ...C_A, clientMatter: "ACME-001", linkedBy: "U_ADMIN", linkedAt: s.clock.now() },
      released: { pushes: 0, deliveries: 0 },
    });
    await s.clock.advance(1000);
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-002", linkedBy: "U_ADMIN" });
    await s.store.linkMatter({ ...C_A2, clientMatter: "ACME-001", linkedBy: "U_OTHER" });

    expect((await s.store.mattersOfChannel(C_A)).map((l) => l.clientMatter)).toEqual(["ACME-001", "ACME-002"]);
    expect((await s.store.channelsOfMatter("ACME-001")).map((l) => [l.channelId, l.linkedBy])).toEqual([
      ["C0A", "U_ADMIN"],
      ["C0A2", "U_OTHER"],
    ]);
    expect((await s.store.mattersOfChannels(TEAM, ["C0A2", "C0B"])).map((l) => l.clientMatter)).toEqual(["ACME-001"]);
    expect(await s.store.mattersOfChannel({ teamId: "T_OTHER", channelId: "C0A" })).toEqual([]);
  });

  it("linking twice changes nothing and keeps the first linker", async () => {
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    const again = await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U2" });
    expect(again.linked).toBe(false);
    expect(again.link.linkedBy).toBe("U1");
    expect(await s.store.mattersOfChannel(C_A)).toHaveLength(1);
  });

  it("unlinks", async () => {
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    expect(await s.store.unlinkMatter({ ...C_A, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" })).toEqual({ unlinked: true, cancelledDeliveries: 0 });
    expect(await s.store.unlinkMatter({ ...C_A, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" })).toEqual({ unlinked: false, cancelledDeliveries: 0 });
    expect(await s.store.mattersOfChannel(C_A)).toEqual([]);
  });

  it("a client_matter is 1 to 50 characters (spec, Limits)", async () => {
    await s.store.linkMatter({ ...C_A, clientMatter: "x".repeat(50), linkedBy: "U1" });
    for (const bad of ["", "x".repeat(51)]) {
      const err = await failure(s.store.linkMatter({ ...C_A, clientMatter: bad, linkedBy: "U1" }));
      expect(isStoreError(err) && err.code).toBe(StoreErrorCode.InvalidInput);
    }
    expect(await s.store.mattersOfChannel(C_A)).toHaveLength(1);
  });
});

describeStores("ethical walls: a channel of matter A never lists matter B's data", ({ open }) => {
  let s: Opened;
  const A = ["ACME-001"];
  beforeEach(async () => {
    s = await open();
    const { store } = s;
    await store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await store.linkMatter({ ...C_B, clientMatter: "BETA-7", linkedBy: "U1" });
    for (const [channel, matter] of [[C_A, "ACME-001"], [C_B, "BETA-7"]] as const) {
      await store.storePush(pushInput(matter, 1));
      await store.storePush({ body: `{"bad":"${matter}"}`, receivedAt: 1, clientMatter: matter, quarantineReason: "schema" });
      await store.bindThread({ ...channel, threadTs: "1.1", court: "nysd", docket: "1:23-cv-1", clientMatter: matter, createdBy: "U1" });
      await store.saveCaseThread({ ...channel, court: "nysd", docket: "1:23-cv-1", clientMatter: matter, rootTs: "9.9" });
      await store.recordUsage({ clientMatter: matter, endpoint: "getdocket", feeKind: "none", mayHaveIncurredFees: false, outcome: "ok" });
      await store.touchRecentCase({ teamId: TEAM, userId: "U1", court: "nysd", docket: `${matter}-case`, clientMatter: matter });
    }
  });
  afterEach(async () => s.store.close());

  it("deliveries are created only for the matter's own channels", async () => {
    expect((await s.store.listDeliveries()).map((d) => [d.channelId, d.clientMatter])).toEqual([
      ["C0A", "ACME-001"],
      ["C0B", "BETA-7"],
    ]);
  });

  it("every scoped read returns only matter A", async () => {
    const { store } = s;
    const scope = { matters: A };
    expect((await store.listDeliveries(scope)).map((d) => d.clientMatter)).toEqual(["ACME-001"]);
    expect((await store.outboxStats(scope)).byMatter.map((m) => m.clientMatter)).toEqual(["ACME-001"]);
    expect((await store.listQuarantined(scope)).map((p) => p.clientMatter)).toEqual(["ACME-001"]);
    expect(await store.pushStats(scope)).toEqual({ stored: 2, held: 0, quarantined: 1 });
    expect((await store.usageMonthToDate(A)).map((u) => u.clientMatter)).toEqual(["ACME-001"]);
    expect((await store.recentCases({ teamId: TEAM, userId: "U1" }, 10, scope)).map((r) => r.docket)).toEqual(["ACME-001-case"]);
    // B's thread and case thread, looked up from A's walls, do not exist.
    expect(await store.getThread({ ...C_B, threadTs: "1.1" }, scope)).toBeUndefined();
    expect(await store.getCaseThread({ ...C_B, court: "nysd", docket: "1:23-cv-1" }, scope)).toBeUndefined();
    expect(await store.getThread({ ...C_A, threadTs: "1.1" }, scope)).toMatchObject({ clientMatter: "ACME-001" });
  });

  it("a channel with no matter sees nothing (an empty scope matches nothing)", async () => {
    const { store } = s;
    const none = { matters: [] as string[] };
    expect(await store.listDeliveries(none)).toEqual([]);
    expect((await store.outboxStats(none)).byMatter).toEqual([]);
    expect(await store.listQuarantined(none)).toEqual([]);
    expect(await store.pushStats(none)).toEqual({ stored: 0, held: 0, quarantined: 0 });
    expect(await store.usageMonthToDate([])).toEqual([]);
    expect(await store.recentCases({ teamId: TEAM, userId: "U1" }, 10, none)).toEqual([]);
    expect(await store.getThread({ ...C_A, threadTs: "1.1" }, none)).toBeUndefined();
  });

  it("an admin's Retry from A's channel cannot revive B's dead deliveries", async () => {
    const { store } = s;
    const all = await store.listDeliveries();
    for (const d of all) await store.markDead(d.id, "channel_not_found");
    expect(await store.retryDead(all.map((d) => d.id), { matters: A }, { ...C_A, userId: "U1" })).toBe(1);
    expect((await store.listDeliveries({ state: "dead" })).map((d) => d.clientMatter)).toEqual(["BETA-7"]);
  });

  it("unlinking a matter cancels what was still queued for that channel, and it cannot be revived", async () => {
    const { store } = s;
    expect(await store.unlinkMatter({ ...C_A, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" })).toEqual({ unlinked: true, cancelledDeliveries: 1 });
    const [d] = await store.listDeliveries({ channel: C_A });
    expect(d).toMatchObject({ state: "dead", deadReason: "matter_unlinked" });
    expect(await store.nextDue(C_A)).toBeUndefined();
    expect(await store.retryDead([d!.id], undefined, { ...C_A, userId: "U1" })).toBe(0);
    // B is untouched.
    expect(await store.nextDue(C_B)).toMatchObject({ clientMatter: "BETA-7" });
  });

  it("a delivery in flight when its matter is unlinked goes dead instead of back to the queue", async () => {
    const { store } = s;
    const d = await store.nextDue(C_A);
    expect(await store.markInFlight(d!.id)).toBe(true);
    await store.unlinkMatter({ ...C_A, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" });
    expect(await store.markRetry(d!.id, { nextAttemptAt: 0, error: "timeout" })).toBe(false);
    expect(await store.getDelivery(d!.id)).toMatchObject({ state: "dead", deadReason: "matter_unlinked" });
  });
});
