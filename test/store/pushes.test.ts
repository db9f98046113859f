import { afterEach, describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/store/sqlite/pushes.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B, docketPush, pushInput } from "./helpers.ts";

describeStores("push intake", ({ open, fresh }) => {
  let s: Opened;
  afterEach(async () => s.store.close());

  it("stores the raw body with its SHA-256 and what the caller parsed", async () => {
    s = await open();
    const body = docketPush("ACME-001", 1);
    const r = await s.store.storePush({ body, receivedAt: 123, pushType: "docket", clientMatter: "ACME-001" });
    expect(r).toEqual({ id: r.id, duplicate: false, routing: "held", deliveries: 0 });
    expect(await s.store.getPush(r.id)).toEqual({
      id: r.id,
      bodySha256: sha256Hex(body),
      body,
      receivedAt: 123,
      storedAt: s.clock.now(),
      pushType: "docket",
      clientMatter: "ACME-001",
      routing: "held",
      quarantineReason: undefined,
    });
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("the same body twice is one row: the second call returns its id with duplicate=true", async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    const first = await s.store.storePush(pushInput("ACME-001", 1));
    const again = await s.store.storePush({ ...pushInput("ACME-001", 1), receivedAt: 999 });
    expect(first).toMatchObject({ duplicate: false, routing: "routed", deliveries: 1 });
    expect(again).toEqual({ id: first.id, duplicate: true, routing: "routed", deliveries: 0 });
    expect(await s.store.pushStats()).toEqual({ stored: 1, held: 0, quarantined: 0 });
    expect(await s.store.listDeliveries()).toHaveLength(1);
    expect((await s.store.getPush(first.id))?.receivedAt).toBe(pushInput("M", 1).receivedAt);
  });

  it("a body differing by one byte is another push", async () => {
    s = await open();
    const body = docketPush("ACME-001", 1);
    const a = await s.store.storePush({ body, receivedAt: 1, clientMatter: "ACME-001" });
    const b = await s.store.storePush({ body: `${body} `, receivedAt: 1, clientMatter: "ACME-001" });
    const c = await s.store.storePush({ body: body.replace("Entry 1", "Entry 2"), receivedAt: 1, clientMatter: "ACME-001" });
    expect(new Set([a.id, b.id, c.id]).size).toBe(3);
    expect([a, b, c].map((r) => r.duplicate)).toEqual([false, false, false]);
    expect((await s.store.pushStats()).stored).toBe(3);
  });

  it("duplicates inside one batch: one row, the later calls are duplicates of it", async () => {
    s = await open();
    const results = await Promise.all([1, 2, 3].map(() => s.store.storePush(pushInput("ACME-001", 1))));
    expect(results.map((r) => r.duplicate)).toEqual([false, true, true]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(s.transactions.filter((t) => t.label === "storePush")).toEqual([{ label: "storePush", items: 3 }]);
  });

  it("keeps quarantined pushes with their reason, lists them for admins, never delivers them", async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    const bad = await s.store.storePush({
      body: '{"push_type":"docket","client_matter":"ACME-001"}',
      receivedAt: 5,
      pushType: "docket",
      clientMatter: "ACME-001",
      quarantineReason: "court: required",
    });
    const noMatter = await s.store.storePush({ body: "{not json", receivedAt: 6, quarantineReason: "not JSON" });
    expect(bad).toMatchObject({ duplicate: false, routing: "quarantined", deliveries: 0 });
    expect(await s.store.listDeliveries()).toHaveLength(0);

    const all = await s.store.listQuarantined();
    expect(all.map((p) => [p.id, p.quarantineReason])).toEqual([
      [noMatter.id, "not JSON"],
      [bad.id, "court: required"],
    ]);
    expect((await s.store.listQuarantined({ matters: ["ACME-001"] })).map((p) => p.id)).toEqual([bad.id]);
    expect(await s.store.listQuarantined({ matters: ["OTHER"] })).toEqual([]);
    expect((await s.store.listQuarantined({ limit: 1, beforeId: noMatter.id })).map((p) => p.id)).toEqual([bad.id]);
    expect(await s.store.pushStats({ matters: ["ACME-001"] })).toEqual({ stored: 1, held: 0, quarantined: 1 });
    expect(await s.store.pushStats()).toEqual({ stored: 2, held: 0, quarantined: 2 });
  });

  it("a quarantined push can be routed after a fix", async () => {
    s = await open();
    await s.store.linkMatter({ ...C_B, clientMatter: "BETA-7", linkedBy: "U1" });
    const q = await s.store.storePush({ body: '{"x":1}', receivedAt: 1, quarantineReason: "push_type: invalid" });
    expect(await s.store.requeueQuarantined(q.id, { pushType: "docket", clientMatter: "BETA-7" })).toEqual({
      id: q.id, duplicate: false, routing: "routed", deliveries: 1,
    });
    expect(await s.store.requeueQuarantined(q.id, { pushType: "docket", clientMatter: "BETA-7" })).toBeUndefined();
    expect((await s.store.listDeliveries({ channel: C_B })).map((d) => d.pushId)).toEqual([q.id]);
    expect((await s.store.getPush(q.id))?.quarantineReason).toBe("push_type: invalid");
  });

  it("a blank matter is valid but no channel can have it: held", async () => {
    s = await open();
    const r = await s.store.storePush({ body: docketPush("", 1), receivedAt: 1, pushType: "docket", clientMatter: "" });
    expect(r.routing).toBe("held");
    expect(await s.store.pushStats({ matters: [""] })).toEqual({ stored: 1, held: 1, quarantined: 0 });
  });
});

describeStores("group commit", ({ open, fresh }) => {
  let s: Opened;
  afterEach(async () => s.store.close());

  it("100 concurrent pushes commit in one transaction and all get distinct ids", async () => {
    s = await open({ at: fresh() });
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    s.transactions.length = 0;
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => s.store.storePush(pushInput("ACME-001", i))));
    const batches = s.transactions.filter((t) => t.label === "storePush");
    expect(batches.length).toBeLessThanOrEqual(3);
    expect(batches.reduce((n, t) => n + t.items, 0)).toBe(100);
    expect(new Set(results.map((r) => r.id)).size).toBe(100);
    expect(results.every((r) => !r.duplicate && r.deliveries === 1)).toBe(true);
    // Deliveries keep arrival order: FIFO per channel follows the order pushes were received.
    const deliveries = await s.store.listDeliveries({ channel: C_A, limit: 200 });
    expect(deliveries.map((d) => d.pushId)).toEqual(results.map((r) => r.id));
  });

  it("a batch holds at most maxBatch pushes", async () => {
    s = await open({ pushBatch: { maxBatch: 256 } });
    await Promise.all(Array.from({ length: 600 }, (_, i) => s.store.storePush(pushInput("M", i))));
    expect(s.transactions.filter((t) => t.label === "storePush").map((t) => t.items)).toEqual([256, 256, 88]);
  });

  it("pushes arriving in separate macrotasks within maxWaitMs share a transaction", async () => {
    s = await open({ pushBatch: { maxWaitMs: 20 } });
    const first = s.store.storePush(pushInput("M", 1));
    await new Promise((r) => setImmediate(r));
    const second = s.store.storePush(pushInput("M", 2));
    await Promise.all([first, second]);
    expect(s.transactions.filter((t) => t.label === "storePush")).toEqual([{ label: "storePush", items: 2 }]);
  });

  it("without a wait window, pushes in separate macrotasks get separate transactions", async () => {
    s = await open();
    await s.store.storePush(pushInput("M", 1));
    await s.store.storePush(pushInput("M", 2));
    expect(s.transactions.filter((t) => t.label === "storePush").map((t) => t.items)).toEqual([1, 1]);
  });
});
