/**
 * Issue 17 item 3 through the docket client's own pieces: sessions of several "replicas" over one
 * store share one token (one login, one renewal after a rejection), and limiters of several replicas
 * over one shared budget never start more than its limit in any window.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/clock.ts";
import { createRateLimiter } from "../../src/docket/rate-limiter.ts";
import { createSession } from "../../src/docket/session.ts";
import { withSharedBudget, type SharedBudget, type SharedToken } from "../../src/docket/shared.ts";
import { ENDPOINTS, type Endpoint } from "../../src/docket/endpoints.ts";
import { openSqliteStore, type SqliteStore } from "../../src/store/sqlite/sqlite-store.ts";

describe("docket state shared by replicas", () => {
  let store: SqliteStore;
  beforeEach(async () => {
    store = await openSqliteStore({ path: ":memory:", clock: systemClock });
  });
  afterEach(async () => store.close());

  it("three replicas' sessions log in once, and renew a rejected token once", async () => {
    const clock = systemClock; // the store's: renewal times are compared across the two
    let logins = 0;
    const shared: SharedToken = { read: () => store.readSharedToken("docket"), renew: (stale, login) => store.renewSharedToken("docket", stale, login) };
    const sessions = [1, 2, 3].map(() =>
      createSession({ clock, shared, login: async () => `tok-${++logins}` }),
    );
    const tokens = await Promise.all(sessions.flatMap((s) => [s.token(), s.token()]));
    expect(new Set(tokens)).toEqual(new Set(["tok-1"]));
    const renewed = await Promise.all(sessions.map((s) => s.renew("tok-1")));
    expect(renewed).toEqual(["tok-2", "tok-2", "tok-2"]);
    expect(logins).toBe(2);
  });

  it("two replicas' limiters over one budget start at most `limit` calls in any window", async () => {
    const rate = { limit: 2, windowMs: 150, maxQueue: 100 };
    const budget: SharedBudget = { take: (key, r) => store.takeRateSlot(key, r) };
    const replica = () => {
      const local = Object.fromEntries(ENDPOINTS.map((e) => [e, createRateLimiter(rate)])) as Record<Endpoint, ReturnType<typeof createRateLimiter>>;
      const rates = Object.fromEntries(ENDPOINTS.map((e) => [e, rate])) as Record<Endpoint, typeof rate>;
      return withSharedBudget(local, rates, budget);
    };
    const [a, b] = [replica(), replica()];
    const starts: number[] = [];
    await Promise.all([a, b, a, b, a, b].map(async (l) => {
      await l.search.acquire();
      starts.push(Date.now());
    }));
    starts.sort((x, y) => x - y);
    // Each replica alone would have let 2 + 2 through at once; together, 2 per window.
    for (let i = 2; i < starts.length; i++) expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(rate.windowMs - 1);
  });
});
