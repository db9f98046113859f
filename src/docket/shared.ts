/**
 * What several replicas share of the docket service (issue 17 item 3), as ports the composition
 * root fills from the store when a database is shared (PostgreSQL); one process needs neither.
 *
 * - SharedBudget: one endpoint's rate budget for the whole deployment. The local strict window
 *   (rate-limiter.ts) still admits first (its bounded queue and FIFO stay); then a start slot is
 *   taken in the shared budget, so that N replicas never spend N times the rate in any window.
 * - SharedToken: one login token for every replica, renewed by one of them at a time (spec,
 *   Authentication: "Reuse one token for many calls"), so a fleet restart is not a login storm.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Endpoint } from "./endpoints.ts";
import type { RateLimit, RateLimiter } from "./rate-limiter.ts";

export interface SharedBudget {
  /** Takes one start slot of `key` if the window allows; else how long to wait before asking again. */
  take(key: string, rate: { limit: number; windowMs: number }): Promise<{ admitted: true } | { admitted: false; retryInMs: number }>;
}

export interface SharedSessionToken {
  token: string;
  renewsAt: number;
}

export interface SharedToken {
  /** The deployment's current token, if any. */
  read(): Promise<SharedSessionToken | undefined>;
  /**
   * One replica at a time: if the stored token is still `stale` (or there is none), runs `login`
   * and stores its token; otherwise returns the token another replica stored meanwhile.
   */
  renew(stale: string | undefined, login: () => Promise<SharedSessionToken>): Promise<SharedSessionToken>;
}

/** Each endpoint's local limiter, then its slot in the shared budget (waiting in real time, as p-queue does). */
export function withSharedBudget(
  local: Readonly<Record<Endpoint, RateLimiter>>,
  rates: Readonly<Record<Endpoint, RateLimit>>,
  budget: SharedBudget,
): Readonly<Record<Endpoint, RateLimiter>> {
  const out = {} as Record<Endpoint, RateLimiter>;
  for (const endpoint of Object.keys(local) as Endpoint[]) {
    const limiter = local[endpoint];
    out[endpoint] = {
      async acquire(signal) {
        await limiter.acquire(signal);
        for (;;) {
          const slot = await budget.take(endpoint, rates[endpoint]);
          if (slot.admitted) return;
          await sleep(Math.max(1, slot.retryInMs), undefined, { signal });
        }
      },
      get queued() {
        return limiter.queued;
      },
    };
  }
  return Object.freeze(out);
}
