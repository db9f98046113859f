import { afterEach, describe, expect, it } from "vitest";
import { isStoreError } from "../../src/store/errors.ts";
import { sha256Hex } from "../../src/store/areas/push-bodies.ts";
import { describeStores, type Opened, type StoreKind } from "./contract/stores.ts";
import { C_A, C_B, docketPush, pushInput } from "./helpers.ts";

describeStores("push intake", ({ open, fresh }) => {
  let s: Opened;
  afterEach(async () => s.store.close());

  it("stores the raw body with its SHA-256 and what the caller parsed", async () => {
    s = await open();
    const body = docketPush("ACME-001", 1);
    const r = await s.store.storePush({ body, receivedAt: 123, pushType: "docket", clientMatter: "ACME-001" });
    expect(r).toEqual({ id: r.id, duplicate: false, routing: "held", deliveries: 0, channels: [] });
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
    expect(first).toMatchObject({ duplicate: false, routing: "routed", deliveries: 1, channels: [C_A] });
    expect(again).toEqual({ id: first.id, duplicate: true, routing: "routed", deliveries: 0, channels: [] });
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
      id: q.id, duplicate: false, routing: "routed", deliveries: 1, channels: [C_B],
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

/** A trigger (made by another connection) refusing every push whose body holds "poison": a push the database refuses. */
async function refusePoison(kind: StoreKind, at: string): Promise<void> {
  await kind.sql(at, kind.name === "SQLite"
    ? "CREATE TRIGGER refuse_poison BEFORE INSERT ON pushes WHEN NEW.body LIKE '%poison%' BEGIN SELECT RAISE(ABORT, 'poisoned push'); END"
    : `CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.body LIKE '%poison%' THEN RAISE EXCEPTION 'poisoned push'; END IF; RETURN NEW; END $$;
       CREATE TRIGGER refuse_poison BEFORE INSERT ON pushes FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
}

const settle = <T>(p: Promise<T>) => p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));

describeStores("group commit", (kind) => {
  const { open, fresh } = kind;
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

  it("one batch with duplicates of each other and of a push stored before: each body is one row, one delivery", async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    const earlier = await s.store.storePush(pushInput("ACME-001", 0));
    s.transactions.length = 0;
    const inputs = [pushInput("ACME-001", 1), pushInput("ACME-001", 0), pushInput("HELD-9", 2), pushInput("ACME-001", 1), pushInput("HELD-9", 2), pushInput("ACME-001", 3)];
    const r = await Promise.all(inputs.map((input) => s.store.storePush(input)));
    expect(s.transactions.filter((t) => t.label === "storePush")).toEqual([{ label: "storePush", items: 6 }]);
    expect(r.map((x) => [x.duplicate, x.routing, x.deliveries])).toEqual([
      [false, "routed", 1], [true, "routed", 0], [false, "held", 0], [true, "routed", 0], [true, "held", 0], [false, "routed", 1],
    ]);
    expect(r[1]!.id).toBe(earlier.id);
    expect(r[3]!.id).toBe(r[0]!.id);
    expect(r[4]!.id).toBe(r[2]!.id);
    expect(r[0]!.id < r[2]!.id && r[2]!.id < r[5]!.id).toBe(true);
    expect(await s.store.pushStats()).toEqual({ stored: 4, held: 1, quarantined: 0 });
    expect((await s.store.listDeliveries({ channel: C_A })).map((d) => d.pushId)).toEqual([earlier.id, r[0]!.id, r[5]!.id]);
  });

  it("a push the database refuses fails alone: the rest of its batch is stored, duplicates and order kept", async () => {
    const at = fresh();
    s = await open({ at });
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await refusePoison(kind, at);
    s.transactions.length = 0;
    const poison = { ...pushInput("ACME-001", 2), body: docketPush("ACME-001", "poison") };
    const inputs = [pushInput("ACME-001", 1), poison, pushInput("ACME-001", 3), pushInput("ACME-001", 1), pushInput("ACME-001", 4)];
    const r = await Promise.all(inputs.map((input) => settle(s.store.storePush(input))));
    expect(r.map((x) => x.ok)).toEqual([true, false, true, true, true]);
    const failed = r[1]!;
    expect(!failed.ok && isStoreError(failed.error) && failed.error.operation).toBe("storePush");
    const ok = r.flatMap((x) => (x.ok ? [x.value] : []));
    expect(ok.map((x) => [x.duplicate, x.routing, x.deliveries])).toEqual([[false, "routed", 1], [false, "routed", 1], [true, "routed", 0], [false, "routed", 1]]);
    expect(ok[2]!.id).toBe(ok[0]!.id);
    // Committed once (the batch again, a push at a time, after the set-based try was rolled back).
    expect(s.transactions.filter((t) => t.label === "storePush")).toEqual([{ label: "storePush", items: 5 }]);
    expect(await s.store.pushStats()).toEqual({ stored: 3, held: 0, quarantined: 0 });
    expect((await s.store.listDeliveries({ channel: C_A })).map((d) => d.pushId)).toEqual([ok[0]!.id, ok[1]!.id, ok[3]!.id]);
    // The next batch goes set-based again.
    const next = await Promise.all([5, 6].map((n) => s.store.storePush(pushInput("ACME-001", n))));
    expect(next.map((x) => x.deliveries)).toEqual([1, 1]);
  });

  it("a push alone that the database refuses fails with a StoreError; the store goes on", async () => {
    const at = fresh();
    s = await open({ at });
    await refusePoison(kind, at);
    const failed = await settle(s.store.storePush({ ...pushInput("ACME-001", 2), body: docketPush("ACME-001", "poison") }));
    expect(!failed.ok && isStoreError(failed.error)).toBe(true);
    expect((await s.store.storePush(pushInput("ACME-001", 3))).duplicate).toBe(false);
  });

  if (kind.name === "PostgreSQL") {
    it("a body PostgreSQL's text cannot hold (NUL) fails alone in its batch", async () => {
      s = await open();
      const r = await Promise.all([pushInput("M", 1), { ...pushInput("M", 2), body: `${docketPush("M", 2)}\u0000` }, pushInput("M", 3)].map((input) => settle(s.store.storePush(input))));
      expect(r.map((x) => x.ok)).toEqual([true, false, true]);
      expect(await s.store.pushStats()).toEqual({ stored: 2, held: 2, quarantined: 0 });
    });
  }

  it("without a wait window, pushes in separate macrotasks get separate transactions", async () => {
    s = await open();
    await s.store.storePush(pushInput("M", 1));
    await s.store.storePush(pushInput("M", 2));
    expect(s.transactions.filter((t) => t.label === "storePush").map((t) => t.items)).toEqual([1, 1]);
  });
});
