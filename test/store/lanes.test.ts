/**
 * The lane desk (issue 17 item 2) on both stores: one holder per channel at a time, a fence that
 * grows with every claim and stops the writes of a holder whose lease was taken over, the channel's
 * last post kept for the next holder's pacing, and a dead holder's in-flight delivery resumed.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B, pushInput } from "./helpers.ts";

describeStores("outbox lanes", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await s.store.linkMatter({ ...C_B, clientMatter: "BETA-7", linkedBy: "U1" });
  });
  afterEach(async () => s.store.close());

  it("one holder at a time; a released or expired lease may be claimed, with a greater fence", async () => {
    const a = await s.store.claimLane(C_A, "r1", 10_000);
    expect(a).toMatchObject({ holder: "r1", takenOver: false, resumed: [] });
    expect(await s.store.claimLane(C_A, "r2", 10_000)).toBeUndefined();
    expect(await s.store.claimLane(C_B, "r2", 10_000)).toMatchObject({ holder: "r2" }); // other channels are free
    await s.store.releaseLane(C_A, a!);
    const b = await s.store.claimLane(C_A, "r2", 10_000);
    expect(b!.fence).toBeGreaterThan(a!.fence);
    expect(b!.takenOver).toBe(true);
    expect(await s.store.renewLane(C_A, a!, 10_000)).toBe(false); // the old fence is dead
    expect(await s.store.renewLane(C_A, b!, 10_000)).toBe(true);
    await s.clock.advance(9_999);
    expect(await s.store.claimLane(C_A, "r1", 10_000)).toBeUndefined();
    await s.clock.advance(1);
    const c = await s.store.claimLane(C_A, "r1", 10_000);
    expect(c!.fence).toBeGreaterThan(b!.fence);
    await s.store.releaseLane(C_A, b!); // a stale release changes nothing
    expect(await s.store.claimLane(C_A, "r2", 10_000)).toBeUndefined();
  });

  it("delivery writes are fenced: a holder taken over records nothing", async () => {
    await s.store.storePush(pushInput("ACME-001", 1));
    const [d] = await s.store.listDeliveries();
    const a = (await s.store.claimLane(C_A, "r1", 1_000))!;
    expect(await s.store.markInFlight(d!.id, a)).toBe(true);
    await s.clock.advance(1_000);
    expect(await s.store.strandedChannels()).toEqual([C_A]); // in flight, lease run out
    const b = (await s.store.claimLane(C_A, "r2", 1_000))!;
    // The claim put the dead holder's delivery back in the queue, attempts kept (so it is looked up).
    expect(b.resumed).toEqual([d!.id]);
    expect(await s.store.getDelivery(d!.id)).toMatchObject({ state: "pending", attempts: 1 });
    expect(await s.store.strandedChannels()).toEqual([]);
    expect(await s.store.markSent(d!.id, "1.000001", a)).toBe(false);
    expect(await s.store.markRetry(d!.id, { nextAttemptAt: 0, error: "x" }, a)).toBe(false);
    expect(await s.store.markDead(d!.id, "x", a)).toBe(false);
    expect(await s.store.markInFlight(d!.id, a)).toBe(false);
    expect(await s.store.getDelivery(d!.id)).toMatchObject({ state: "pending", attempts: 1 });
    expect(await s.store.markInFlight(d!.id, b)).toBe(true);
    expect(await s.store.markSent(d!.id, "1.000002", b)).toBe(true);
    expect(await s.store.getDelivery(d!.id)).toMatchObject({ state: "sent", slackTs: "1.000002" });
  });

  it("keeps the channel's last post for whoever holds the lane next", async () => {
    const a = (await s.store.claimLane(C_A, "r1", 5_000))!;
    expect(a.lastPostAt).toBeUndefined();
    const at = s.clock.now() + 123;
    expect(await s.store.renewLane(C_A, a, 5_000, at)).toBe(true);
    await s.store.releaseLane(C_A, a);
    expect(await s.store.claimLane(C_A, "r2", 5_000)).toMatchObject({ lastPostAt: at });
  });

  it("announceWork reaches every listener until it unsubscribes", async () => {
    let woken = 0;
    const stop = await s.store.onWork(() => woken++);
    const before = woken;
    await s.store.announceWork();
    await expect.poll(() => woken, { timeout: 5_000 }).toBeGreaterThan(before);
    await stop();
    const after = woken;
    await s.store.announceWork();
    await new Promise((r) => setTimeout(r, 100));
    expect(woken).toBe(after);
  });
});
