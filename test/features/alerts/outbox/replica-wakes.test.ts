/**
 * Wake-ups across replicas (wake-coalescing.ts): another replica's NOTIFYs start at most one pass
 * per wakeGapMs, a channel whose lane another replica holds is not tried again on every wake-up,
 * and our own announcements are single-flight. Against a store that counts its calls.
 */
import { afterEach, describe, expect, it } from "vitest";
import { pino } from "pino";
import { createOutbox, type Outbox } from "../../../../src/features/alerts/outbox/index.ts";
import type { AlertsStore } from "../../../../src/features/alerts/deps.ts";
import { FakeClock } from "../../../helpers/fake-clock.ts";

const CHANNEL = { teamId: "T1", channelId: "C1" };
const tick = () => new Promise<void>((r) => setImmediate(r));

function countingStore() {
  const calls = new Map<string, number>();
  let listener: (() => void) | undefined;
  let announceResolve: (() => void)[] = [];
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const impl: Record<string, (...args: unknown[]) => unknown> = {
    strandedChannels: async () => [],
    dueChannels: async () => [CHANNEL],
    nextWakeAt: async () => undefined,
    claimLane: async () => undefined, // another replica holds every lane
    onWork: async (l) => {
      listener = l as () => void;
      return async () => undefined;
    },
    announceWork: () => new Promise<void>((r) => announceResolve.push(r)),
  };
  const store = new Proxy({}, {
    get: (_, name: string) => (...args: unknown[]) => {
      count(name);
      return impl[name]?.(...args) ?? Promise.resolve(undefined);
    },
  }) as AlertsStore;
  return {
    store, calls,
    notifyFromAnotherReplica: () => listener?.(),
    finishAnnouncements: () => {
      const rs = announceResolve;
      announceResolve = [];
      rs.forEach((r) => r());
    },
  };
}

describe("wake-ups across replicas", () => {
  let outbox: Outbox | undefined;
  afterEach(async () => outbox?.stop());

  it("a burst of other replicas' NOTIFYs is one pass, and a lane held elsewhere is tried once per poll interval", async () => {
    const clock = new FakeClock();
    const s = countingStore();
    outbox = createOutbox({ store: s.store, slack: { dm: async () => undefined } as never, clock, logger: pino({ level: "silent" }), siteUrl: "https://site.example/" });
    await outbox.start();
    for (let i = 0; i < 20; i++) await tick();
    const passes = () => s.calls.get("dueChannels") ?? 0;
    expect(passes()).toBe(1);
    expect(s.calls.get("claimLane")).toBe(1);
    for (let i = 0; i < 100; i++) {
      s.notifyFromAnotherReplica();
      await tick();
    }
    expect(passes()).toBe(1); // within the gap: waiting for its end
    await clock.advance(100);
    for (let i = 0; i < 20; i++) await tick();
    expect(passes()).toBe(2);
    expect(s.calls.get("claimLane")).toBe(1); // held elsewhere: not tried again yet
    await clock.advance(5_000); // the poll: tried again, in case its holder died
    for (let i = 0; i < 20; i++) await tick();
    expect(s.calls.get("claimLane")).toBe(2);
  });

  it("announcements are single-flight: pushes stored while one is on its way share the next", async () => {
    const clock = new FakeClock();
    const s = countingStore();
    outbox = createOutbox({ store: s.store, slack: { dm: async () => undefined } as never, clock, logger: pino({ level: "silent" }), siteUrl: "https://site.example/" });
    for (let i = 0; i < 50; i++) outbox.notify();
    expect(s.calls.get("announceWork")).toBe(1);
    s.finishAnnouncements();
    await tick();
    expect(s.calls.get("announceWork")).toBe(2);
    s.finishAnnouncements();
    await tick();
    expect(s.calls.get("announceWork")).toBe(2);
  });
});
