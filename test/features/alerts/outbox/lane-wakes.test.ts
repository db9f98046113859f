/**
 * A push for a channel whose lane is at work in this process is that lane's (dispatcher.ts
 * notify): the lane takes its channel's deliveries until none is due, and its end wakes the loop,
 * so the dispatcher does not read the store's heads again, nor announce to other replicas, once
 * per push. Everything is still posted, in order, on time; a channel without a lane here (or one
 * still claiming, which another replica may hold) is looked at as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AlertsStore } from "../../../../src/features/alerts/deps.ts";
import type { SqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import { ACME, IP, TEAM, deliveryIdOf, searchPush, startRig, type Rig } from "./helpers.ts";

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/**
 * The store as the outbox sees it, counting the dispatcher's reads and announcements;
 * `onNothingDue` runs when a lane finds its channel empty, `beforeClaim` before a lane's claim.
 */
function counting(hooks: { onNothingDue?: () => Promise<void>; beforeClaim?: () => Promise<void> } = {}) {
  const calls = new Map<string, number>();
  const wrap = (store: SqliteStore): AlertsStore =>
    new Proxy(store, {
      get(target, name: string) {
        const value = Reflect.get(target, name) as unknown;
        if (typeof value !== "function") return value;
        return async (...args: unknown[]) => {
          calls.set(name, (calls.get(name) ?? 0) + 1);
          if (name === "claimLane") await hooks.beforeClaim?.();
          const out = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          if (name === "nextDue" && out === undefined && hooks.onNothingDue) {
            const hook = hooks.onNothingDue;
            hooks.onNothingDue = undefined;
            await hook();
          }
          return out;
        };
      },
    }) as AlertsStore;
  return { calls, wrap, count: (name: string) => calls.get(name) ?? 0 };
}

const sentTo = async (r: Rig, channelId: string) => (await r.store.listDeliveries({ channel: { teamId: TEAM, channelId } })).map((d) => d.id);

describe("a push for a channel whose lane is at work here", () => {
  it("is left to that lane: no look at the heads, no announcement; all posted in order, a second apart", async () => {
    const c = counting();
    rig = await startRig({ wrapStore: c.wrap });
    await rig.link(ACME, "ACME-001");
    await rig.push(searchPush("ACME-001"));
    await rig.push(searchPush("ACME-001"));
    // Posted one, its lane waits a second to post the next: at work.
    await rig.until(() => rig!.posts(ACME).length === 1);
    const passes = c.count("dueChannels");
    const announced = c.count("announceWork");
    for (let i = 0; i < 10; i++) await rig.push(searchPush("ACME-001"));
    expect(c.count("dueChannels")).toBe(passes);
    expect(c.count("strandedChannels")).toBe(passes);
    expect(c.count("announceWork")).toBe(announced);
    await rig.drained();
    const posts = rig.posts(ACME);
    expect(posts.map(deliveryIdOf)).toEqual(await sentTo(rig, ACME));
    expect(posts).toHaveLength(12);
    for (let i = 1; i < posts.length; i++) expect(posts[i]!.at - posts[i - 1]!.at).toBe(1000);
  });

  it("a push that also waits in a channel without a lane here is looked at at once", async () => {
    const c = counting();
    rig = await startRig({ wrapStore: c.wrap });
    await rig.link(ACME, "ACME-001");
    await rig.link(IP, "IP-007");
    await rig.push(searchPush("ACME-001"));
    await rig.push(searchPush("ACME-001"));
    await rig.until(() => rig!.posts(ACME).length === 1);
    const passes = c.count("dueChannels");
    const at = rig.clock.now();
    await rig.push(searchPush("IP-007"));
    await rig.until(() => rig!.posts(IP).length === 1);
    expect(c.count("dueChannels")).toBeGreaterThan(passes);
    expect(rig.posts(IP)[0]!.at).toBe(at); // not a poll interval later
    await rig.drained();
  });

  it("the lane found its channel empty just before the push committed: the lane's end looks again, no poll interval later", async () => {
    let pushedAt = 0;
    const hooks = {
      // The lane read "nothing due" and is about to end, still working: the push commits and
      // notifies now, and is left to the lane.
      onNothingDue: async () => {
        pushedAt = rig!.clock.now();
        await rig!.push(searchPush("ACME-001"));
      },
    };
    const c = counting(hooks);
    rig = await startRig({ wrapStore: c.wrap });
    await rig.link(ACME, "ACME-001");
    await rig.push(searchPush("ACME-001"));
    await rig.until(() => rig!.posts(ACME).length === 2);
    expect(hooks.onNothingDue).toBeUndefined();
    const second = rig.posts(ACME)[1]!;
    expect(second.at - pushedAt).toBeLessThanOrEqual(1000); // paced, not left for the 5 s poll
    expect(rig.posts(ACME).map(deliveryIdOf)).toEqual(await sentTo(rig, ACME));
    await rig.drained();
  });

  it("a lane still claiming is no reason to keep quiet: the claim may go to another replica, which is told", async () => {
    let claimed!: () => void;
    const c = counting({ beforeClaim: () => new Promise<void>((r) => (claimed = r)) });
    rig = await startRig({ wrapStore: c.wrap });
    await rig.link(ACME, "ACME-001");
    await rig.push(searchPush("ACME-001"));
    await rig.until(() => c.count("claimLane") === 1);
    const announced = c.count("announceWork");
    try {
      await rig.push(searchPush("ACME-001"));
      expect(c.count("announceWork")).toBe(announced + 1);
    } finally {
      claimed();
    }
    await rig.drained();
    expect(rig.posts(ACME)).toHaveLength(2);
  });
});
