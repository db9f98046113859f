import type { Clock } from "../../src/clock.ts";
import type { Endpoint } from "./endpoints.ts";

export type RateLimits = Partial<Record<Endpoint, number>>;

/**
 * Spec Limits: best-practice rates are 60/min for search, 200/min for getdocket and 300/min for
 * getdocument. The spec states no rate for the others, so they get a generous 1000/min.
 */
export const DEFAULT_RATE_LIMITS: Record<Endpoint, number> = {
  login: 1000,
  search: 60,
  searchpacer: 1000,
  getdocket: 200,
  getdocument: 300,
  ask_docket: 1000,
  track: 1000,
};

const WINDOW_MS = 60_000;

/**
 * Per-user, per-endpoint sliding 60-second windows on the injected clock. A throttled request is
 * not counted, so a client that waits `Retry-After` seconds always gets through.
 */
export class RateLimiter {
  readonly #clock: Clock;
  readonly #limits: Record<Endpoint, number>;
  readonly #hits = new Map<string, number[]>();

  constructor(clock: Clock, limits: RateLimits = {}) {
    this.#clock = clock;
    this.#limits = { ...DEFAULT_RATE_LIMITS, ...limits };
  }

  /** Counts the request and returns 0, or returns the seconds to wait (the request is not counted). */
  take(user: string, endpoint: Endpoint): number {
    const now = this.#clock.now();
    const key = `${endpoint}\u0000${user}`;
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
    const limit = this.#limits[endpoint];
    if (hits.length >= limit) {
      this.#hits.set(key, hits);
      const oldest = hits[hits.length - limit] ?? now;
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    }
    hits.push(now);
    this.#hits.set(key, hits);
    return 0;
  }
}
