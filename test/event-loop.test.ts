/**
 * Taking turns of the event loop (src/event-loop.ts): tasks woken together each go on in a turn of
 * their own, in the order they asked, instead of all in the turn that woke them.
 */
import { describe, expect, it } from "vitest";
import { createTurnTaker } from "../src/event-loop.ts";

describe("createTurnTaker", () => {
  it("wakes one caller per turn, in the order asked", async () => {
    // A setImmediate chain counts turns: it ticks once in each.
    let turn = 0;
    let counting = true;
    const tick = () => {
      turn++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const turns = createTurnTaker();
    const woke: [number, number][] = [];
    await Promise.all([1, 2, 3, 4].map(async (n) => {
      await turns.take();
      woke.push([n, turn]);
    }));
    counting = false;
    expect(woke.map(([n]) => n)).toEqual([1, 2, 3, 4]);
    expect(new Set(woke.map(([, t]) => t)).size).toBe(4);
    // Later callers are not held back by the earlier ones once those are done.
    await turns.take();
  });
});
