/** Issue 22 item 12, the pure parts: the per-URL token bucket, the ETag match, the feed's size bound. */
import { describe, expect, it } from "vitest";
import { boundedDates } from "../../../src/features/calendar/feed.ts";
import { matchesEtag } from "../../../src/features/calendar/feed-cache.ts";
import { createFeedRateLimit } from "../../../src/features/calendar/rate-limit.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

describe("the feed's token bucket", () => {
  it("allows the burst, then 429 with the seconds until the next token; refills on the clock; buckets are per key", async () => {
    const clock = new FakeClock();
    const limit = createFeedRateLimit(clock, { burst: 3, refillMs: 20_000 });
    expect([1, 2, 3].map(() => limit.take("a").ok)).toEqual([true, true, true]);
    expect(limit.take("a")).toEqual({ ok: false, retryAfterSeconds: 20 });
    expect(limit.take("b").ok).toBe(true);
    await clock.advance(15_000);
    expect(limit.take("a")).toEqual({ ok: false, retryAfterSeconds: 5 });
    await clock.advance(5_000);
    expect(limit.take("a").ok).toBe(true);
  });
});

describe("If-None-Match", () => {
  it("matches the ETag weakly, in a list, or *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("the feed's size bound", () => {
  const d = (date: string) => ({ date });
  it("keeps the upcoming dates first, then the latest past ones, soonest first", () => {
    const dates = ["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01"].map(d);
    expect(boundedDates(dates, "2026-03-15", 3).map((x) => x.date)).toEqual(["2026-03-01", "2026-04-01", "2026-05-01"]);
    expect(boundedDates(dates, "2026-01-15", 2).map((x) => x.date)).toEqual(["2026-02-01", "2026-03-01"]);
    expect(boundedDates(dates, "2027-01-01", 2).map((x) => x.date)).toEqual(["2026-04-01", "2026-05-01"]);
    expect(boundedDates(dates, "2026-01-15", 9)).toHaveLength(5);
  });
});
