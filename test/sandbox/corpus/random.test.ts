import { describe, expect, it } from "vitest";
import { createRng, hashSeed } from "../../../sandbox/docket-service/corpus/random.ts";

const draw = (seed: number | string, n = 20): number[] => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng.next());
};

describe("createRng", () => {
  it("repeats exactly for the same seed and differs for another", () => {
    expect(draw(7)).toEqual(draw(7));
    expect(draw("seed")).toEqual(draw("seed"));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("stays in range", () => {
    const rng = createRng(1);
    for (let i = 0; i < 2_000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = rng.int(3, 5);
      expect([3, 4, 5]).toContain(n);
    }
    expect(rng.int(9, 9)).toBe(9);
  });

  it("forks streams that depend on the label, not on draws made before", () => {
    const a = createRng(5);
    const b = createRng(5);
    b.next();
    b.next();
    expect(a.fork("x").next()).toBe(b.fork("x").next());
    expect(a.fork("x").next()).not.toBe(a.fork("y").next());
  });

  it("weighted picks follow the weights and never pick a zero weight", () => {
    const rng = createRng(3);
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 3_000; i++) counts[rng.weighted([["a", 1], ["b", 3], ["c", 0]] as const)]++;
    expect(counts.c).toBe(0);
    expect(counts.b).toBeGreaterThan(counts.a * 2);
  });

  it("shuffles without losing items and leaves the input alone", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const out = createRng(11).shuffle(items);
    expect(out.slice().sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(createRng(11).sample(items, 3)).toHaveLength(3);
    expect(() => createRng(1).pick([])).toThrow(RangeError);
  });

  it("hashes strings stably", () => {
    expect(hashSeed("abc")).toBe(hashSeed("abc"));
    expect(hashSeed("abc")).not.toBe(hashSeed("abd"));
  });
});
