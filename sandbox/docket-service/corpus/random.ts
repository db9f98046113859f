/**
 * A small seeded PRNG for the emulator's corpus. Math.random is never used: the same seed must give
 * the same corpus byte for byte, on every machine and Node version (sfc32 uses only 32-bit integer
 * arithmetic, so there is no floating-point drift).
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Pick by weight: `[[value, weight], ...]`; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A shuffled copy (Fisher-Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[];
  chance(probability: number): boolean;
  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  /**
   * An independent stream derived from this generator's seed and a label, not from its position,
   * so adding a draw to one part of the corpus never shifts another part.
   */
  fork(label: string | number): Rng;
}

/** 32-bit FNV-1a over a string: turns labels and text seeds into integers. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  const base = typeof seed === "string" ? hashSeed(seed) : seed >>> 0;
  return sfc32Rng(base, String(seed));
}

function sfc32Rng(base: number, key: string): Rng {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = base >>> 0;
  const step = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up so nearby seeds diverge quickly.
  for (let i = 0; i < 15; i++) step();

  const rng: Rng = {
    next: step,
    int(min, max) {
      if (max <= min) return min;
      return min + Math.floor(step() * (max - min + 1));
    },
    pick(items) {
      if (items.length === 0) throw new RangeError("pick from an empty list");
      return items[Math.floor(step() * items.length)] as (typeof items)[number];
    },
    weighted(items) {
      let total = 0;
      for (const [, w] of items) total += Math.max(0, w);
      let roll = step() * total;
      for (const [value, w] of items) {
        roll -= Math.max(0, w);
        if (roll < 0) return value;
      }
      const last = items[items.length - 1];
      if (!last) throw new RangeError("weighted pick from an empty list");
      return last[0];
    },
    shuffle(items) {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(step() * (i + 1));
        const tmp = out[i] as (typeof out)[number];
        out[i] = out[j] as (typeof out)[number];
        out[j] = tmp;
      }
      return out;
    },
    chance(probability) {
      return step() < probability;
    },
    sample(items, count) {
      return rng.shuffle(items).slice(0, Math.max(0, count));
    },
    fork(label) {
      const childKey = `${key}/${label}`;
      return sfc32Rng(hashSeed(childKey) ^ base, childKey);
    },
  };
  return rng;
}
