/**
 * Subscriptions, their routing and the audit trail (issue 13): a push reaches its tag's channels
 * and every subscribed matter's, under each channel's own matter; a matter that unsubscribed stops
 * getting the case while the service's tracker still carries its tag.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { filing } from "./filing-input.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B, TEAM, pushInput } from "./helpers.ts";

const CASE = { court: "nysd", docket: "1:23-cv-01234" };
const SAME_CASE = { court: "S.D.N.Y.", docket: "1:23-cv-1234" };
describeStores("tracking subscriptions and the audit trail", ({ open }) => {
  let s: Opened;

  beforeEach(async () => {
    s = await open();
    await s.store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await s.store.linkMatter({ ...C_B, clientMatter: "IP-007", linkedBy: "U1" });
  });
  afterEach(() => s.store.close());

  const sub = (matter: string, channel: typeof C_A, frequency = "daily", target: object = CASE) =>
    s.store.subscribe({ ...channel, clientMatter: matter, target: target as typeof CASE, frequency, userId: "U2" });
  const deliveredTo = async (id: number) =>
    (await s.store.listDeliveries({})).filter((d) => d.pushId === id).map((d) => `${d.channelId}:${d.clientMatter}`).sort();

  describe("subscriptions", () => {
    it("keeps one per matter and case, however the case is written, and says what it was", async () => {
      const first = await sub("ACME-001", C_A, "daily");
      expect(first.previousFrequency).toBeUndefined();
      const again = await sub("ACME-001", C_A, "weekly", SAME_CASE);
      expect(again.previousFrequency).toBe("daily");
      expect(again.subscription.id).toBe(first.subscription.id);
      await sub("IP-007", C_B, "realtime");
      expect((await s.store.subscribersOf(SAME_CASE)).map((x) => [x.clientMatter, x.frequency])).toEqual([["ACME-001", "weekly"], ["IP-007", "realtime"]]);
      expect((await s.store.subscriptionsOf(TEAM, ["IP-007"])).map((x) => x.clientMatter)).toEqual(["IP-007"]);
    });

    it("ends and reopens, and audits each change with who, where and which matter", async () => {
      await sub("ACME-001", C_A, "daily");
      await sub("ACME-001", C_A, "weekly");
      await sub("ACME-001", C_A, "weekly"); // no change, no event
      expect(await s.store.unsubscribe({ ...C_A, clientMatter: "ACME-001", target: CASE, userId: "U3" })).toBeDefined();
      expect(await s.store.unsubscribe({ ...C_A, clientMatter: "ACME-001", target: CASE, userId: "U3" })).toBeUndefined();
      expect(await s.store.subscribersOf(CASE)).toEqual([]);
      await sub("IP-007", C_B, "daily");
      const log = await s.store.auditLog(TEAM, { matters: ["ACME-001"] });
      expect(log.map((e) => [e.action, e.userId, e.channelId, e.detail])).toEqual([
        ["untrack", "U3", "C0A", undefined],
        ["frequency", "U2", "C0A", "daily → weekly"],
        ["track", "U2", "C0A", "daily"],
        ["link", "U1", "C0A", undefined],
      ]);
      expect(log[0]!.target).toEqual(CASE);
      // Another matter's events stay behind its wall.
      expect((await s.store.auditLog(TEAM, { matters: ["IP-007"] })).map((e) => [e.action, e.clientMatter])).toEqual([["track", "IP-007"], ["link", "IP-007"]]);
    });
  });

  describe("the audit view", () => {
    it("includes filing sign-off actions (issue 12) beside tracking and link events, newest first, within the scope", async () => {
      await sub("ACME-001", C_A, "daily");
      await s.clock.advance(1000);
      const [f] = await s.store.recordFilings([filing(7)]);
      await s.store.setDocketed(f!.id, { userId: "U9", docketed: true });
      await s.clock.advance(1000);
      await s.store.setAssignee(f!.id, { userId: "U9", assignee: "U8" });
      await s.clock.advance(1000);
      await s.store.recordAudit({ ...C_A, clientMatter: "ACME-001", userId: "U1", action: "reconcile", target: CASE });
      const log = await s.store.auditLog(TEAM, { matters: ["ACME-001"] });
      expect(log.map((e) => [e.action, e.userId, e.entryNumber, e.assignee])).toEqual([
        ["reconcile", "U1", undefined, undefined],
        ["assigned", "U9", "7", "U8"],
        ["docketed", "U9", "7", undefined],
        ["track", "U2", undefined, undefined],
        ["link", "U1", undefined, undefined],
      ]);
      expect(log[1]!.target).toEqual({ court: "S.D.N.Y.", docket: "1:23-cv-01234" });
      expect(new Set(log.map((e) => e.key)).size).toBe(5);
      expect((await s.store.auditLog(TEAM, { matters: ["IP-007"] })).map((e) => e.action)).toEqual(["link"]);
      expect(await s.store.auditLog("T-OTHER", { matters: ["ACME-001"] })).toEqual([]);
    });
  });

  describe("routing with subscriptions", () => {
    it("sends a push to its tag's channels and to every subscribed matter's, each under its own matter", async () => {
      await sub("ACME-001", C_A);
      await sub("IP-007", C_B);
      const r = await s.store.storePush(pushInput("ACME-001", 1));
      expect(r.deliveries).toBe(2);
      expect(await deliveredTo(r.id)).toEqual(["C0A:ACME-001", "C0B:IP-007"]);
      // The outbox is told where the new work waits (a channel whose lane is at work needs no look).
      expect(r.channels).toEqual([C_A, C_B]);
    });

    it("stops a matter that unsubscribed, though the tracker still carries its tag; the other keeps it", async () => {
      await sub("ACME-001", C_A);
      await sub("IP-007", C_B);
      await s.store.unsubscribe({ ...C_A, clientMatter: "ACME-001", target: CASE, userId: "U2" });
      const r = await s.store.storePush(pushInput("ACME-001", 2));
      expect(await deliveredTo(r.id)).toEqual(["C0B:IP-007"]);
    });

    it("routes by client_matter alone a case nobody subscribed to (a tracker made elsewhere), and other cases untouched", async () => {
      await sub("IP-007", C_B, "daily", { court: "nysd", docket: "1:22-cv-00001" });
      const r = await s.store.storePush(pushInput("ACME-001", 3));
      expect(await deliveredTo(r.id)).toEqual(["C0A:ACME-001"]);
    });

    it("reaches a subscriber even when the tag's matter has no channel (the push stays held for it)", async () => {
      await sub("IP-007", C_B);
      const r = await s.store.storePush(pushInput("NOBODY-1", 4));
      expect(r.routing).toBe("held");
      expect(await deliveredTo(r.id)).toEqual(["C0B:IP-007"]);
    });

    it("routes a batch of pushes as it routes each alone, and every channel gets them in push order", async () => {
      await sub("ACME-001", C_A);
      await sub("IP-007", C_B);
      await sub("IP-007", C_B, "daily", { court: "ilnd", docket: "1:99-cv-1" });
      await s.store.unsubscribe({ ...C_B, clientMatter: "IP-007", target: { court: "ilnd", docket: "1:99-cv-1" }, userId: "U2" });
      const otherCase = (matter: string, n: number) =>
        ({ ...pushInput(matter, n), body: JSON.stringify({ push_type: "docket", client_matter: matter, court: "ilnd", docket: "1:99-cv-1", docket_report: [{ number: n }] }) });
      const search = { body: JSON.stringify({ push_type: "search_results", client_matter: "ACME-001", q: "nobody's", search_results: [] }), receivedAt: 1, pushType: "search_results", clientMatter: "ACME-001" };
      const inputs = [pushInput("ACME-001", 1), otherCase("IP-007", 2), pushInput("NOBODY-1", 3), search, otherCase("ACME-001", 5), pushInput("IP-007", 6)];
      s.transactions.length = 0;
      const r = await Promise.all(inputs.map((input) => s.store.storePush(input)));
      expect(s.transactions.filter((t) => t.label === "storePush")).toEqual([{ label: "storePush", items: 6 }]);
      expect(r.map((x) => [x.routing, x.deliveries])).toEqual([["routed", 2], ["routed", 0], ["held", 2], ["routed", 1], ["routed", 1], ["routed", 2]]);
      expect(await Promise.all(r.map((x) => deliveredTo(x.id)))).toEqual([
        ["C0A:ACME-001", "C0B:IP-007"], [], ["C0A:ACME-001", "C0B:IP-007"], ["C0A:ACME-001"], ["C0A:ACME-001"], ["C0A:ACME-001", "C0B:IP-007"],
      ]);
      const ids = r.map((x) => x.id);
      expect((await s.store.listDeliveries({ channel: C_A })).map((d) => ids.indexOf(d.pushId))).toEqual([0, 2, 3, 4, 5]);
      expect((await s.store.listDeliveries({ channel: C_B })).map((d) => ids.indexOf(d.pushId))).toEqual([0, 2, 5]);
    });

    it("routes a saved search's push to the search's subscribers", async () => {
      await sub("IP-007", C_B, "weekly", { q: "widget patent" });
      const body = JSON.stringify({ push_type: "search_results", client_matter: "ACME-001", q: "widget patent", search_results: [] });
      const r = await s.store.storePush({ body, receivedAt: 1, pushType: "search_results", clientMatter: "ACME-001" });
      expect(await deliveredTo(r.id)).toEqual(["C0A:ACME-001", "C0B:IP-007"]);
    });
  });

  describe("what a matter missed while its subscription was off (Undo)", () => {
    it("reopening says when it had ended; deliverMissed routes the case's pushes stored since to the matter's channels, once", async () => {
      await sub("ACME-001", C_A);
      await sub("IP-007", C_B);
      const before = await s.store.storePush(pushInput("IP-007", 1)); // both get it
      await s.clock.advance(1_000);
      await s.store.unsubscribe({ ...C_A, clientMatter: "ACME-001", target: CASE, userId: "U2" });
      const endedAt = s.clock.now();
      await s.clock.advance(1_000);
      const tagged = await s.store.storePush(pushInput("ACME-001", 2)); // its own tag: not to its channels any more
      const other = await s.store.storePush(pushInput("IP-007", 3));
      const otherCase = await s.store.storePush({ ...pushInput("IP-007", 4), body: JSON.stringify({ push_type: "docket", client_matter: "IP-007", court: "ilnd", docket: "1:99-cv-1", docket_report: [] }) });
      expect(await deliveredTo(tagged.id)).toEqual(["C0B:IP-007"]);
      expect(await deliveredTo(other.id)).toEqual(["C0B:IP-007"]);

      const again = await sub("ACME-001", C_A, "daily", SAME_CASE);
      expect(again.reopenedAfter).toBe(endedAt);
      expect(await s.store.deliverMissed({ teamId: TEAM, clientMatter: "ACME-001", target: SAME_CASE, since: endedAt })).toEqual({ pushes: 2, deliveries: 2 });
      expect(await deliveredTo(tagged.id)).toEqual(["C0A:ACME-001", "C0B:IP-007"]);
      expect(await deliveredTo(other.id)).toEqual(["C0A:ACME-001", "C0B:IP-007"]);
      expect(await deliveredTo(otherCase.id)).toEqual(["C0B:IP-007"]);
      expect(await deliveredTo(before.id)).toEqual(["C0A:ACME-001", "C0B:IP-007"]);
      // Twice is once.
      expect(await s.store.deliverMissed({ teamId: TEAM, clientMatter: "ACME-001", target: CASE, since: endedAt })).toEqual({ pushes: 0, deliveries: 0 });
      expect((await sub("ACME-001", C_A, "weekly")).reopenedAfter).toBeUndefined();
    });
  });
});
