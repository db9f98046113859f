/**
 * The delivery state machine (store/areas/delivery-states.ts) on both stores: random sequences of
 * the outbox's and the admins' writes, checked against the one transition table and against the
 * promises that must hold whatever the table says: nothing leaves sent or dismissed, a parked
 * delivery moves only by an admin (Retry, Dismiss), and a lane's head is never a parked delivery.
 */
import fc from "fast-check";
import { afterEach, beforeEach, expect, it } from "vitest";
import { nextState, TRANSITIONS, type TransitionName } from "../../src/store/areas/delivery-states.ts";
import type { ChannelRef, DeliveryState } from "../../src/store/store.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { TEAM, pushInput } from "./helpers.ts";

type Op = { name: Exclude<TransitionName, "unlink">; target: number };
const OPS: Op["name"][] = ["claim", "sent", "retry", "park", "resume", "revive", "dismiss"];
const ADMIN_MOVES: readonly TransitionName[] = ["revive", "dismiss"];
const FINAL: readonly DeliveryState[] = ["sent", "dismissed"];

describeStores("the delivery state machine", ({ open }) => {
  let s: Opened;
  let run = 0;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("the table: sent and dismissed are final, dead leaves only by an admin, only open states head a lane", () => {
    for (const [name, t] of Object.entries(TRANSITIONS)) {
      for (const f of t.from) expect(FINAL).not.toContain(f);
      if ((t.from as readonly string[]).includes("dead")) expect(ADMIN_MOVES).toContain(name);
    }
  });

  it("random sequences of transitions keep every promise, on this store", async () => {
    const op = fc.record({ name: fc.constantFrom(...OPS), target: fc.nat({ max: 5 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        run++;
        // Two channels of their own per run, three pushes each: six deliveries, three per lane.
        const channels: ChannelRef[] = [{ teamId: TEAM, channelId: `C${run}X` }, { teamId: TEAM, channelId: `C${run}Y` }];
        for (const c of channels) await s.store.linkMatter({ ...c, clientMatter: `M-${run}`, linkedBy: "U_ADMIN" });
        for (let i = 0; i < 3; i++) await s.store.storePush(pushInput(`M-${run}`, `${run}-${i}`));
        const ids: number[] = [];
        for (const c of channels) ids.push(...(await s.store.listDeliveries({ channel: c })).map((d) => d.id));
        expect(ids).toHaveLength(6);
        const model = new Map<number, DeliveryState>(ids.map((id) => [id, "pending"]));
        const channelOf = (id: number) => channels[ids.indexOf(id) < 3 ? 0 : 1]!;

        for (const { name, target } of ops) {
          const id = ids[target]!;
          const before = model.get(id)!;
          let moved: boolean;
          switch (name) {
            case "claim": moved = await s.store.markInFlight(id); break;
            case "sent": moved = await s.store.markSent(id, "1.0001"); break;
            case "retry": moved = await s.store.markRetry(id, { nextAttemptAt: s.clock.now(), error: "x: http_503" }); break;
            case "park": moved = await s.store.markDead(id, "internal_error"); break;
            case "revive": moved = (await s.store.retryDead([id], undefined, { teamId: "T0001", channelId: "C0A", userId: "U2" })) === 1; break;
            case "dismiss": moved = (await s.store.dismissDead([id], "U_ADMIN")) === 1; break;
            case "resume": {
              // A lane claim puts back everything its channel has in flight.
              const claim = await s.store.claimLane(channelOf(id), "holder", 0);
              expect(claim).toBeDefined();
              const mine = ids.filter((x) => channelOf(x) === channelOf(id));
              const resumed = mine.filter((x) => model.get(x) === "in_flight");
              expect([...claim!.resumed].sort()).toEqual(resumed.sort());
              for (const x of resumed) model.set(x, "pending");
              moved = resumed.includes(id);
              break;
            }
          }
          if (name !== "resume") {
            const expected = nextState(before, name);
            expect({ name, before, moved }).toEqual({ name, before, moved: expected !== undefined });
            if (expected) model.set(id, expected);
          }
          // The store agrees with the model, delivery by delivery.
          for (const x of ids) expect((await s.store.getDelivery(x))?.state).toBe(model.get(x));
          // Nothing leaves a final state; a parked one moves only by an admin.
          const after = model.get(id)!;
          if (FINAL.includes(before)) expect(after).toBe(before);
          if (before === "dead" && after !== "dead") expect(ADMIN_MOVES).toContain(name);
          // The lane's head: the oldest open delivery, never a parked (or finished) one.
          for (const c of channels) {
            const open = ids.filter((x) => channelOf(x) === c && (model.get(x) === "pending" || model.get(x) === "in_flight"));
            const head = await s.store.nextDue(c, Number.MAX_SAFE_INTEGER);
            if (head) {
              expect(head.state).toBe("pending");
              expect(head.id).toBe(open[0]);
            } else {
              expect(open.length === 0 || model.get(open[0]!) === "in_flight").toBe(true);
            }
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
