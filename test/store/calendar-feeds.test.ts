import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStoreError } from "../../src/store/errors.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { TEAM } from "./helpers.ts";

const hash = (c: string) => c.repeat(64);

describeStores("calendar feed tokens (migration 12)", ({ open }) => {
  let o: Opened;
  beforeEach(async () => {
    o = await open();
  });
  afterEach(async () => {
    await o.store.close();
  });

  it("keeps one live feed per matter: a new one revokes the old in the same transaction", async () => {
    const { feed: first } = await o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", tokenHash: hash("a"), userId: "U1" });
    expect(first).toMatchObject({ teamId: TEAM, clientMatter: "ACME-001", createdBy: "U1", revokedAt: undefined });
    expect((await o.store.calendarFeedByHash(hash("a")))?.id).toBe(first.id);
    await o.clock.advance(1000);
    const { feed: second, replaced } = await o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", tokenHash: hash("b"), userId: "U2" });
    expect(replaced).toMatchObject({ id: first.id, revokedBy: "U2", revokedAt: o.clock.now() });
    expect(await o.store.calendarFeedByHash(hash("a"))).toBeUndefined();
    expect((await o.store.calendarFeedByHash(hash("b")))?.id).toBe(second.id);
    expect((await o.store.calendarFeedsOf(TEAM, ["ACME-001", "IP-007"])).map((f) => f.id)).toEqual([second.id]);
    expect(await o.store.calendarFeedsOf("T0OTHER", ["ACME-001"])).toEqual([]);
  });

  it("revokes, recording who and when; a revoked or unknown hash finds nothing", async () => {
    await o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", tokenHash: hash("c"), userId: "U1" });
    const revoked = await o.store.revokeCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", userId: "U3" });
    expect(revoked).toMatchObject({ revokedBy: "U3", revokedAt: o.clock.now() });
    expect(await o.store.calendarFeedByHash(hash("c"))).toBeUndefined();
    expect(await o.store.revokeCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", userId: "U3" })).toBeUndefined();
    expect(await o.store.calendarFeedByHash("not a hash")).toBeUndefined();
  });

  it("shows in the matter's audit trail: who made and who revoked a feed URL, and when, never another matter's", async () => {
    await o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", tokenHash: hash("e"), userId: "U1" });
    await o.clock.advance(1000);
    await o.store.revokeCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", userId: "U2" });
    await o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "IP-007", tokenHash: hash("f"), userId: "U3" });
    const log = await o.store.auditLog(TEAM, { matters: ["ACME-001"] });
    expect(log.map((e) => [e.action, e.userId, e.clientMatter, e.channelId, e.at - log.at(-1)!.at])).toEqual([
      ["feed_revoked", "U2", "ACME-001", "", 1000],
      ["feed_made", "U1", "ACME-001", "", 0],
    ]);
    expect(new Set(log.map((e) => e.key)).size).toBe(2);
    expect(await o.store.auditLog("T0OTHER", { matters: ["ACME-001"] })).toEqual([]);
  });

  it("refuses a hash that is not 64 hex digits and a hash used before", async () => {
    await expect(o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", tokenHash: "abc", userId: "U1" })).rejects.toSatisfy(isStoreError);
    await o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "ACME-001", tokenHash: hash("d"), userId: "U1" });
    await expect(o.store.createCalendarFeed({ teamId: TEAM, clientMatter: "IP-007", tokenHash: hash("d"), userId: "U1" })).rejects.toThrow();
  });
});
