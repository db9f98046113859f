import { describe, expect, it } from "vitest";
import { digestPeriods, nextDue, previousDue } from "../../../../src/features/alerts/digest/schedule.ts";
import { localTimeToUtc } from "../../../../src/schedules/local-time.ts";

const NY = "America/New_York";
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const utc = (s: string) => Date.parse(s);

describe("digest schedule", () => {
  it("lists the configured periods", () => {
    expect(digestPeriods({ timeZone: NY })).toEqual([]);
    expect(digestPeriods({ timeZone: NY, dailyAt: "08:00" })).toEqual(["daily"]);
    expect(digestPeriods({ timeZone: NY, weeklyOn: 1 })).toEqual(["weekly"]);
    expect(digestPeriods({ timeZone: NY, dailyAt: "08:00", weeklyOn: 1 })).toEqual(["daily", "weekly"]);
  });

  it("daily: the local time in the channel's zone, today if still ahead, else tomorrow", () => {
    const s = { timeZone: NY, dailyAt: "09:00" };
    // 2026-11-23 is in EST (UTC-5): 09:00 local is 14:00Z.
    expect(iso(nextDue(s, "daily", utc("2026-11-23T13:59:59Z")))).toBe("2026-11-23T14:00:00.000Z");
    expect(iso(nextDue(s, "daily", utc("2026-11-23T14:00:00Z")))).toBe("2026-11-24T14:00:00.000Z");
    expect(iso(previousDue(s, "daily", utc("2026-11-23T14:00:00Z")))).toBe("2026-11-23T14:00:00.000Z");
    expect(iso(previousDue(s, "daily", utc("2026-11-23T13:59:59Z")))).toBe("2026-11-22T14:00:00.000Z");
    // Just after local midnight (05:00Z) the day is already the 23rd in New York.
    expect(iso(nextDue(s, "daily", utc("2026-11-23T04:30:00Z")))).toBe("2026-11-23T14:00:00.000Z");
    expect(iso(previousDue(s, "daily", utc("2026-11-23T04:30:00Z")))).toBe("2026-11-22T14:00:00.000Z");
    // Another zone, east of UTC: Tokyo (UTC+9) at 07:30 is 22:30Z the day before.
    expect(iso(nextDue({ timeZone: "Asia/Tokyo", dailyAt: "07:30" }, "daily", utc("2026-11-23T12:00:00Z")))).toBe("2026-11-23T22:30:00.000Z");
    expect(nextDue({ timeZone: NY }, "daily", 0)).toBeUndefined();
    expect(previousDue({ timeZone: NY, dailyAt: "09:00" }, "weekly", 0)).toBeUndefined();
  });

  it("weekly: on the chosen weekday at the daily time, or 09:00", () => {
    // 2026-11-23 is a Monday.
    const monday = { timeZone: NY, weeklyOn: 1 };
    expect(iso(nextDue(monday, "weekly", utc("2026-11-23T13:00:00Z")))).toBe("2026-11-23T14:00:00.000Z");
    expect(iso(nextDue(monday, "weekly", utc("2026-11-23T14:00:00Z")))).toBe("2026-11-30T14:00:00.000Z");
    expect(iso(previousDue(monday, "weekly", utc("2026-11-23T13:00:00Z")))).toBe("2026-11-16T14:00:00.000Z");
    const friday = { timeZone: NY, weeklyOn: 5, dailyAt: "17:30" };
    expect(iso(nextDue(friday, "weekly", utc("2026-11-23T13:00:00Z")))).toBe("2026-11-27T22:30:00.000Z");
    expect(iso(previousDue(friday, "weekly", utc("2026-11-23T13:00:00Z")))).toBe("2026-11-20T22:30:00.000Z");
    const sunday = { timeZone: NY, weeklyOn: 0, dailyAt: "08:00" };
    expect(iso(nextDue(sunday, "weekly", utc("2026-11-29T12:59:00Z")))).toBe("2026-11-29T13:00:00.000Z");
  });

  it("follows DST: the same local time on either side of a change", () => {
    const s = { timeZone: NY, dailyAt: "09:00" };
    // US clocks go forward on 2026-03-08 and back on 2026-11-01.
    expect(iso(nextDue(s, "daily", utc("2026-03-07T15:00:00Z")))).toBe("2026-03-08T13:00:00.000Z");
    expect(iso(nextDue(s, "daily", utc("2026-10-31T14:00:00Z")))).toBe("2026-11-01T14:00:00.000Z");
    // The day of the change is 23 or 25 hours long, and the digest still runs once that day.
    expect(nextDue(s, "daily", utc("2026-03-07T14:00:00Z"))! - utc("2026-03-07T14:00:00Z")).toBe(23 * 3_600_000);
    expect(nextDue(s, "daily", utc("2026-10-31T13:00:00Z"))! - utc("2026-10-31T13:00:00Z")).toBe(25 * 3_600_000);
  });

  it("a skipped wall time runs just past the jump; a repeated one runs once, at its first occurrence", () => {
    // 02:30 does not exist in New York on 2026-03-08: it runs at 03:30 EDT (07:30Z).
    expect(iso(localTimeToUtc({ y: 2026, m: 3, d: 8 }, "02:30", NY))).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 happens twice on 2026-11-01: first in EDT (05:30Z), then in EST (06:30Z).
    expect(iso(localTimeToUtc({ y: 2026, m: 11, d: 1 }, "01:30", NY))).toBe("2026-11-01T05:30:00.000Z");
    const s = { timeZone: NY, dailyAt: "01:30" };
    const first = nextDue(s, "daily", utc("2026-11-01T00:00:00Z"))!;
    expect(iso(first)).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(nextDue(s, "daily", first))).toBe("2026-11-02T06:30:00.000Z");
    expect(iso(previousDue(s, "daily", utc("2026-11-01T06:45:00Z")))).toBe("2026-11-01T05:30:00.000Z");
    // Europe moves on another day (2026-03-29): 02:15 in Paris skips to 03:15 CEST (01:15Z).
    expect(iso(localTimeToUtc({ y: 2026, m: 3, d: 29 }, "02:15", "Europe/Paris"))).toBe("2026-03-29T01:15:00.000Z");
  });

  it("previous and next agree: consecutive slots over a year, each one day apart in local time", () => {
    const s = { timeZone: "Europe/London", dailyAt: "00:30" };
    let t = utc("2026-01-01T00:00:00Z");
    for (let i = 0; i < 400; i++) {
      const next = nextDue(s, "daily", t)!;
      expect(previousDue(s, "daily", next)).toBe(next);
      expect(previousDue(s, "daily", next - 1)).toBe(i === 0 ? previousDue(s, "daily", t) : t);
      const gap = next - t;
      if (i > 0) expect([23, 24, 25].map((h) => h * 3_600_000)).toContain(gap);
      t = next;
    }
  });
});
