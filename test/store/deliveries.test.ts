import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_A2, C_B, pushInput } from "./helpers.ts";

const link = (s: Opened, channel: typeof C_A, clientMatter: string) =>
  s.store.linkMatter({ ...channel, clientMatter, linkedBy: "U_ADMIN" });

describeStores("routing and held pushes", ({ open, fresh, sql }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("a push becomes one pending delivery per linked channel, in the push's transaction", async () => {
    await link(s, C_A, "ACME-001");
    await link(s, C_A2, "ACME-001");
    s.transactions.length = 0;
    const r = await s.store.storePush(pushInput("ACME-001", 1));
    expect(r).toMatchObject({ routing: "routed", deliveries: 2, channels: [C_A, C_A2] });
    expect(s.transactions).toEqual([{ label: "storePush", items: 1 }]);
    const ds = await s.store.listDeliveries();
    expect(ds.map((d) => [d.channelId, d.state, d.attempts, d.pushId])).toEqual([
      ["C0A", "pending", 0, r.id],
      ["C0A2", "pending", 0, r.id],
    ]);
    expect(ds[0]).toMatchObject({ createdAt: s.clock.now(), queuedAt: s.clock.now(), nextAttemptAt: s.clock.now() });
  });

  it("pushes for a matter with no channel are held, and released on its first link with the count", async () => {
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await s.store.storePush(pushInput("ACME-001", i)));
    await s.store.storePush(pushInput("BETA-7", 1));
    expect(held.map((r) => r.routing)).toEqual(["held", "held", "held"]);
    expect(await s.store.pushStats({ matters: ["ACME-001"] })).toMatchObject({ held: 3 });
    expect(await s.store.listDeliveries()).toEqual([]);

    const linked = await link(s, C_A, "ACME-001");
    expect(linked.released).toEqual({ pushes: 3, deliveries: 3 });
    expect((await s.store.listDeliveries({ channel: C_A })).map((d) => d.pushId)).toEqual(held.map((r) => r.id));
    expect(await s.store.pushStats({ matters: ["ACME-001"] })).toMatchObject({ held: 0 });
    // BETA-7 is still waiting; ACME's second channel gets nothing old, only new pushes.
    expect(await s.store.pushStats({ matters: ["BETA-7"] })).toMatchObject({ held: 1 });
    expect((await link(s, C_A2, "ACME-001")).released).toEqual({ pushes: 0, deliveries: 0 });
    expect(await s.store.listDeliveries({ channel: C_A2 })).toEqual([]);
    expect(await s.store.releaseHeld("ACME-001")).toEqual({ pushes: 0, deliveries: 0 });
  });

  it("releaseHeld does nothing while the matter has no channel", async () => {
    await s.store.storePush(pushInput("ACME-001", 1));
    expect(await s.store.releaseHeld("ACME-001")).toEqual({ pushes: 0, deliveries: 0 });
    expect(await s.store.pushStats()).toMatchObject({ held: 1 });
  });

  it("a push that arrives while the link is being made is routed exactly once", async () => {
    const pushing = s.store.storePush(pushInput("ACME-001", 1)); // queued for the batch
    const linking = link(s, C_A, "ACME-001"); // on SQLite it commits first; on PostgreSQL either may
    const [pushed, linked] = await Promise.all([pushing, linking]);
    // Whichever committed first, the other saw it: the push's batch made the delivery, or the link released it.
    expect(pushed.deliveries + linked.released.deliveries).toBe(1);
    expect(linked.released.pushes).toBe(pushed.routing === "held" ? 1 : 0);
    expect(await s.store.listDeliveries()).toHaveLength(1);
  });
});

describeStores("outbox deliveries", ({ open, fresh, sql }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
    await link(s, C_A, "ACME-001");
    await link(s, C_B, "BETA-7");
  });
  afterEach(async () => s.store.close());

  it("one delivery per (push, channel): the database refuses a second", async () => {
    const at = fresh();
    const f = await open({ at });
    await link(f, C_A, "ACME-001");
    const { id } = await f.store.storePush(pushInput("ACME-001", 1));
    await expect(
      sql(at, `INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state, next_attempt_at,
                 created_at, queued_at, updated_at) VALUES (${id}, '${C_A.teamId}', '${C_A.channelId}', 'ACME-001', 'pending', 0, 0, 0, 0)`),
    ).rejects.toThrow(/unique/i);
    expect(await f.store.listDeliveries()).toHaveLength(1);
    await f.store.close();
  });

  it("is FIFO per channel: the head goes first, and a waiting head holds back only its channel", async () => {
    const a1 = await s.store.storePush(pushInput("ACME-001", 1));
    const b1 = await s.store.storePush(pushInput("BETA-7", 1));
    const a2 = await s.store.storePush(pushInput("ACME-001", 2));
    const now = s.clock.now();
    expect(await s.store.dueChannels()).toEqual([C_A, C_B]);

    const head = await s.store.nextDue(C_A);
    expect(head).toMatchObject({ pushId: a1.id, state: "pending", push: { pushType: "docket" } });
    expect(JSON.parse(head!.push.body)).toMatchObject({ client_matter: "ACME-001" });

    // 429 on A: A waits, B keeps flowing.
    expect(await s.store.markInFlight(head!.id)).toBe(true);
    expect(await s.store.nextDue(C_A)).toBeUndefined(); // in flight blocks the channel
    expect(await s.store.markRetry(head!.id, { nextAttemptAt: now + 30_000, error: "ratelimited" })).toBe(true);
    expect(await s.store.nextDue(C_A)).toBeUndefined(); // a2 must not overtake a1
    expect(await s.store.dueChannels()).toEqual([C_B]);
    expect((await s.store.nextDue(C_B))?.pushId).toBe(b1.id);
    expect(await s.store.nextWakeAt()).toBe(now); // B's head is due now

    const b = await s.store.nextDue(C_B);
    await s.store.markInFlight(b!.id);
    await s.store.markSent(b!.id, "1700000000.000100");
    expect(await s.store.nextWakeAt()).toBe(now + 30_000);

    await s.clock.advance(30_000);
    expect(await s.store.dueChannels()).toEqual([C_A]);
    const retried = await s.store.nextDue(C_A);
    expect(retried).toMatchObject({ id: head!.id, attempts: 1, lastError: "ratelimited" });
    await s.store.markInFlight(retried!.id);
    await s.store.markSent(retried!.id, "1700000000.000200");
    expect((await s.store.nextDue(C_A))?.pushId).toBe(a2.id);
  });

  it("walks the states: in_flight counts attempts; sent records ts and time; dead records the reason", async () => {
    await s.store.storePush(pushInput("ACME-001", 1));
    const d = (await s.store.nextDue(C_A))!;
    expect(await s.store.markInFlight(d.id)).toBe(true);
    expect(await s.store.markInFlight(d.id)).toBe(false); // already claimed
    await s.clock.advance(250);
    expect(await s.store.markSent(d.id, "1.2")).toBe(true);
    expect(await s.store.getDelivery(d.id)).toMatchObject({ state: "sent", attempts: 1, slackTs: "1.2", sentAt: s.clock.now() });
    expect(await s.store.markSent(d.id, "1.3")).toBe(false);
    expect(await s.store.markDead(d.id, "late")).toBe(false);
    expect(await s.store.markRetry(d.id, { nextAttemptAt: 0, error: "x" })).toBe(false);

    await s.store.storePush(pushInput("ACME-001", 2));
    const e = (await s.store.nextDue(C_A))!;
    await s.store.markInFlight(e.id);
    expect(await s.store.markDead(e.id, "channel_not_found")).toBe(true);
    expect(await s.store.getDelivery(e.id)).toMatchObject({ state: "dead", deadReason: "channel_not_found" });
    expect(await s.store.nextDue(C_A)).toBeUndefined(); // dead does not block the channel
  });

  it("retryDead (admin Retry) puts dead deliveries back at once with a fresh queue time", async () => {
    await s.store.storePush(pushInput("ACME-001", 1));
    const d = (await s.store.nextDue(C_A))!;
    await s.store.markInFlight(d.id);
    await s.store.markDead(d.id, "is_archived");
    await s.clock.advance(3_600_000);
    expect(await s.store.retryDead([d.id, 999_999], undefined, { ...C_A, userId: "U1" })).toBe(1);
    expect(await s.store.getDelivery(d.id)).toMatchObject({
      state: "pending", deadReason: undefined, attempts: 0, queuedAt: s.clock.now(), nextAttemptAt: s.clock.now(),
    });
    expect(await s.store.retryDead([d.id], undefined, { ...C_A, userId: "U1" })).toBe(0); // not dead any more
    expect((await s.store.nextDue(C_A))?.id).toBe(d.id);
  });

  it("counts per state per matter and the oldest pending age", async () => {
    const t0 = s.clock.now();
    await s.store.storePush(pushInput("ACME-001", 1));
    await s.clock.advance(10_000);
    await s.store.storePush(pushInput("ACME-001", 2));
    await s.store.storePush(pushInput("BETA-7", 1));
    const b = (await s.store.nextDue(C_B))!;
    await s.store.markInFlight(b.id);
    await s.store.markSent(b.id, "1.1");
    await s.clock.advance(5_000);

    expect(await s.store.outboxStats()).toEqual({
      byMatter: [
        { clientMatter: "ACME-001", pending: 2, inFlight: 0, sent: 0, dead: 0, dismissed: 0 },
        { clientMatter: "BETA-7", pending: 0, inFlight: 0, sent: 1, dead: 0, dismissed: 0 },
      ],
      oldestPendingAt: t0,
      oldestPendingAgeMs: 15_000,
    });
    expect(await s.store.outboxStats({ matters: ["BETA-7"] })).toMatchObject({ oldestPendingAt: undefined, oldestPendingAgeMs: undefined });
    expect((await s.store.listDeliveries({ state: "sent" })).map((d) => d.id)).toEqual([b.id]);
  });
});

describeStores("crash recovery", ({ open, fresh, sql }) => {

  it("deliveries in flight when the store opens are listed for a history check, with their push", async () => {
    const at = fresh();
    const first = await open({ at });
    await link(first, C_A, "ACME-001");
    await link(first, C_B, "BETA-7");
    const pa = await first.store.storePush(pushInput("ACME-001", 1));
    await first.store.storePush(pushInput("BETA-7", 1));
    const a = (await first.store.nextDue(C_A))!;
    await first.store.markInFlight(a.id); // … and the process dies mid-post (never closed)
    expect(await first.store.inFlightAtStartup()).toEqual([]); // nothing was in flight at its own start

    const second = await open({ at });
    const found = await second.store.inFlightAtStartup();
    expect(found.map((d) => [d.id, d.state, d.attempts, d.pushId])).toEqual([[a.id, "in_flight", 1, pa.id]]);
    expect(found[0]!.push.body).toBe(pushInput("ACME-001", 1).body);
    // The channel is held until recovery decides: found in history → sent; not found → retry now.
    expect(await second.store.nextDue(C_A)).toBeUndefined();
    const b = (await second.store.nextDue(C_B))!;
    await second.store.markInFlight(b.id); // in flight in this process: not a crash leftover
    expect((await second.store.inFlightAtStartup()).map((d) => d.id)).toEqual([a.id]);

    await second.store.markSent(a.id, "1700000000.000300");
    expect(await second.store.inFlightAtStartup()).toEqual([]);
    await second.store.close();
    await first.store.close();
  });

  it("markInFlight refuses a delivery whose channel no longer has the matter", async () => {
    const at = fresh();
    const s = await open({ at });
    await link(s, C_A, "ACME-001");
    await s.store.storePush(pushInput("ACME-001", 1));
    const d = (await s.store.nextDue(C_A))!;
    // The link vanishes without the store's unlink (e.g. a manual fix through another connection).
    await sql(at, "DELETE FROM matter_links WHERE client_matter = 'ACME-001'");
    expect(await s.store.markInFlight(d.id)).toBe(false);
    expect(await s.store.getDelivery(d.id)).toMatchObject({ state: "dead", deadReason: "matter_unlinked" });
    await s.store.close();
  });
});

describeStores("parked deliveries: faults, Retry and Dismiss", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
    await link(s, C_A, "ACME-001");
  });
  afterEach(async () => s.store.close());

  it("markRetry counts faults (not Slack's transient failures); Retry starts them again", async () => {
    await s.store.storePush(pushInput("ACME-001", 1));
    const d = (await s.store.nextDue(C_A))!;
    expect(d.faults).toBe(0);
    await s.store.markInFlight(d.id);
    await s.store.markRetry(d.id, { nextAttemptAt: s.clock.now(), error: "chat.postMessage: http_503" });
    await s.store.markInFlight(d.id);
    await s.store.markRetry(d.id, { nextAttemptAt: s.clock.now(), error: "outbox: store_failed", fault: true });
    expect(await s.store.getDelivery(d.id)).toMatchObject({ state: "pending", attempts: 2, faults: 1, lastError: "outbox: store_failed" });
    await s.store.markInFlight(d.id);
    expect(await s.store.markDead(d.id, "store_failed", undefined, "recordFilings failed: NUL")).toBe(true);
    expect(await s.store.getDelivery(d.id)).toMatchObject({ state: "dead", deadReason: "store_failed", lastError: "recordFilings failed: NUL" });
    expect(await s.store.retryDead([d.id], undefined, { ...C_A, userId: "U2" })).toBe(1);
    expect(await s.store.getDelivery(d.id)).toMatchObject({ state: "pending", attempts: 0, faults: 0 });
  });

  it("dismissDead: only a parked delivery in scope, kept with who and when, in the audit trail; never moves again", async () => {
    await s.store.storePush(pushInput("ACME-001", 1));
    await s.store.storePush(pushInput("ACME-001", 2));
    const [a, b] = await s.store.listDeliveries({ channel: C_A });
    await s.store.markDead(a!.id, "internal_error");
    expect(await s.store.dismissDead([a!.id, b!.id], "U_ADMIN", { matters: ["BETA-7"] })).toBe(0); // the wall
    expect(await s.store.dismissDead([a!.id, b!.id], "U_ADMIN", { matters: ["ACME-001"] })).toBe(1); // b is pending
    expect(await s.store.getDelivery(a!.id)).toMatchObject({ state: "dismissed", dismissedBy: "U_ADMIN", dismissedAt: s.clock.now() });
    expect(await s.store.retryDead([a!.id], undefined, { ...C_A, userId: "U2" })).toBe(0);
    expect(await s.store.markInFlight(a!.id)).toBe(false);
    expect(await s.store.nextDue(C_A)).toMatchObject({ id: b!.id });
    expect((await s.store.outboxStats()).byMatter).toEqual([{ clientMatter: "ACME-001", pending: 1, inFlight: 0, sent: 0, dead: 0, dismissed: 1 }]);
    const audit = await s.store.auditLog(C_A.teamId, { matters: ["ACME-001"] });
    expect(audit.filter((e) => e.action === "alert_dismissed")).toEqual([
      expect.objectContaining({ userId: "U_ADMIN", channelId: C_A.channelId, clientMatter: "ACME-001", detail: `alert ${a!.id}: internal_error`, at: s.clock.now() }),
    ]);
  });
});
