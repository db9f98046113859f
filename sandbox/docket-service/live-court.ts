import { DAY_MS } from "./corpus/dates.ts";
import { createRng, hashSeed } from "./corpus/random.ts";
import type { EmuCase, EmuEntry } from "./corpus/types.ts";
import type { DemoFiling, Engines } from "./engines.ts";

/** At most this many entries appear between two pulls, however long the gap. */
const MAX_NEW_PER_PULL = 5;

/**
 * The courts behind the service: what a live pull would find. An active case gains one entry per
 * "activity period" (1 to 4 days, fixed per case by the seed) since the service last pulled it;
 * closed cases gain nothing. Everything is a pure function of (seed, case, cachedAt, now), so the
 * same run always reveals the same entries.
 */
export class LiveCourt {
  readonly #engines: Engines;
  readonly #seed: number;

  constructor(engines: Engines, seed: number) {
    this.#engines = engines;
    this.#seed = seed;
  }

  /** How many new entries a live pull at `now` would reveal. */
  pendingCount(k: EmuCase, now: number): number {
    if (!k.active) return 0;
    const elapsed = now - k.cachedAt;
    if (elapsed <= 0) return 0;
    const period = (1 + (hashSeed(`${this.#seed}|${k.court}|${k.docket}`) % 4)) * DAY_MS;
    return Math.min(MAX_NEW_PER_PULL, Math.floor(elapsed / period));
  }

  /** A live pull: appends what the court has and marks the case as pulled now. */
  pull(k: EmuCase, now: number): EmuEntry[] {
    const added = this.#append(k, now, this.pendingCount(k, now));
    k.cachedAt = Math.max(k.cachedAt, now);
    return added;
  }

  /**
   * The push scheduler's tick: the court docketed `count` entries just now and the service saw
   * them (with `script`: those demo filings).
   */
  generate(k: EmuCase, now: number, count = 1, script?: readonly DemoFiling[]): EmuEntry[] {
    const added = this.#append(k, now, script && script.length > 0 ? script.length : Math.max(1, count), script);
    k.cachedAt = Math.max(k.cachedAt, now);
    return added;
  }

  #append(k: EmuCase, now: number, count: number, script?: readonly DemoFiling[]): EmuEntry[] {
    if (count <= 0) return [];
    const rng = createRng(this.#seed).fork(`live|${k.court}|${k.docket}|${k.cachedAt}|${now}`);
    return script && script.length > 0 ? this.#engines.appendLiveEntries(k, rng, now, count, script) : this.#engines.appendLiveEntries(k, rng, now, count);
  }
}
