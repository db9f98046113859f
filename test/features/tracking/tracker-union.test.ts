import { describe, expect, it } from "vitest";
import { lowers, mostFrequent, planTracker } from "../../../src/features/tracking/tracker-union.ts";
import type { Subscription } from "../../../src/store/store.ts";

const CASE = { court: "nysd", docket: "1:23-cv-01234" };
const sub = (clientMatter: string, frequency: string, at: number): Subscription => ({
  id: at, teamId: "T1", clientMatter, target: CASE, frequency, channelId: "C1", subscribedBy: "U1", subscribedAt: at, updatedAt: at,
});

describe("the service's tracker as the union of subscriptions", () => {
  it("orders frequencies as the spec lists them, most frequent first", () => {
    expect(mostFrequent(["weekly", "daily", "monthly"])).toBe("daily");
    expect(mostFrequent(["40x", "realtime"])).toBe("realtime");
    expect(lowers("daily", "weekly")).toBe(true);
    expect(lowers("daily", "realtime")).toBe(false);
    expect(lowers(undefined, "monthly")).toBe(false);
  });

  it("keeps the tag of a matter still subscribed, at the most frequent frequency", () => {
    const subs = [sub("A", "weekly", 1), sub("B", "daily", 2)];
    expect(planTracker(subs, { enabled: true, owner: "B", frequency: "weekly" })).toEqual({ kind: "enable", tag: "B", frequency: "daily" });
    expect(planTracker(subs, { enabled: true, owner: "B", frequency: "daily" })).toEqual({ kind: "leave" });
  });

  it("re-tags to the longest-standing subscriber when the tag's matter left", () => {
    expect(planTracker([sub("B", "weekly", 2)], { enabled: true, owner: "A", frequency: "daily" }, new Set(["A"]))).toEqual({ kind: "enable", tag: "B", frequency: "weekly" });
    expect(planTracker([sub("B", "weekly", 2), sub("C", "monthly", 3)], undefined)).toEqual({ kind: "enable", tag: "B", frequency: "weekly" });
  });

  it("stops the tracker when nobody is left, but leaves one made outside docketbot", () => {
    expect(planTracker([], { enabled: true, owner: "A", frequency: "daily" }, new Set(["A"]))).toEqual({ kind: "disable" });
    expect(planTracker([], { enabled: true, owner: "OUTSIDE", frequency: "daily" }, new Set(["A"]))).toEqual({ kind: "leave" });
    expect(planTracker([], { enabled: false, owner: "A" })).toEqual({ kind: "leave" });
    // A subscriber joining an outside tracker keeps its tag and counts its frequency.
    expect(planTracker([sub("B", "weekly", 2)], { enabled: true, owner: "OUTSIDE", frequency: "daily" })).toEqual({ kind: "leave" });
    expect(planTracker([sub("B", "daily", 2)], { enabled: true, owner: "OUTSIDE", frequency: "weekly" })).toEqual({ kind: "enable", tag: "OUTSIDE", frequency: "daily" });
  });
});
