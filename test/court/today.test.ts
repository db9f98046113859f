/**
 * One "today" (issue 23, item 5a): the reader's day in the reader's zone; a court's day ends at
 * midnight in the court's zone (FRCP 6(a)(4)(A)).
 */
import { describe, expect, it } from "vitest";
import { courtDayOver, courtToday, daysUntil, inDays, relativeDay, todayIn } from "../../src/court/today.ts";
import { dayInZone, endOfDayInZone, startOfDayInZone } from "../../src/court/zoned-day.ts";

const NY = "America/New_York";
const LA = "America/Los_Angeles";
// 1:30 a.m. in New York on Tue 3/5/2024, 10:30 p.m. Mon 3/4 in Los Angeles.
const NOW = Date.parse("2024-03-05T06:30:00Z");

describe("today for a reader", () => {
  it("is the day the reader's zone shows", () => {
    expect(todayIn(NY, NOW)).toBe("2024-03-05");
    expect(todayIn(LA, NOW)).toBe("2024-03-04");
    expect(todayIn("UTC", new Date(NOW))).toBe("2024-03-05");
  });
  it("counts 'in N days' from the reader's today", () => {
    expect(inDays(7, NY, NOW)).toBe("2024-03-12");
    expect(inDays(7, LA, NOW)).toBe("2024-03-11");
    expect(inDays(-1, NY, NOW)).toBe("2024-03-04");
  });
  it("says the same court day differently to readers in different zones", () => {
    expect(daysUntil("2024-03-06", NY, NOW)).toBe(1);
    expect(daysUntil("2024-03-06", LA, NOW)).toBe(2);
    expect(relativeDay("2024-03-06", NY, NOW)).toBe("tomorrow");
    expect(relativeDay("2024-03-06", LA, NOW)).toBe("in 2 days");
    expect(relativeDay("2024-03-05", NY, NOW)).toBe("today");
    expect(relativeDay("2024-03-04", NY, NOW)).toBe("yesterday");
    expect(relativeDay("2024-03-01", NY, NOW)).toBe("4 days ago");
  });
  it("crosses a DST change by calendar days, not 24-hour steps", () => {
    const beforeSpring = Date.parse("2024-03-09T17:00:00Z"); // Sat noon in New York
    expect(inDays(1, NY, beforeSpring)).toBe("2024-03-10");
    expect(daysUntil("2024-03-11", NY, beforeSpring)).toBe(2);
  });
  it("throws on an unknown zone rather than guessing", () => {
    expect(() => todayIn("Mars/Olympus", NOW)).toThrow(RangeError);
  });
});

describe("a court's day (6(a)(4)(A): ends at midnight in the court's zone)", () => {
  it("the court's own day", () => {
    expect(courtToday("nysd", NOW)).toBe("2024-03-05");
    expect(courtToday("cand", NOW)).toBe("2024-03-04");
    expect(courtToday("no such court", NOW)).toBeUndefined();
  });
  it("ends at Eastern midnight in S.D.N.Y. and Pacific midnight in N.D. Cal.", () => {
    expect(new Date(endOfDayInZone("2024-03-15", NY)).toISOString()).toBe("2024-03-16T04:00:00.000Z");
    expect(new Date(endOfDayInZone("2024-03-15", LA)).toISOString()).toBe("2024-03-16T07:00:00.000Z");
    expect(new Date(endOfDayInZone("2024-01-16", NY)).toISOString()).toBe("2024-01-17T05:00:00.000Z");
    expect(new Date(endOfDayInZone("2024-11-03", NY)).toISOString()).toBe("2024-11-04T05:00:00.000Z");
    expect(new Date(startOfDayInZone("2024-03-10", NY)).toISOString()).toBe("2024-03-10T05:00:00.000Z");
  });
  it("a Pacific court's day is not over when an Eastern reader's is", () => {
    const eleven = Date.parse("2024-03-06T07:59:00Z"); // 11:59 p.m. Tue 3/5 in San Francisco
    expect(courtDayOver("2024-03-05", "cand", NY, eleven)).toBe(false);
    expect(courtDayOver("2024-03-05", "cand", NY, Date.parse("2024-03-06T08:00:00Z"))).toBe(true);
    expect(courtDayOver("2024-03-05", "nysd", LA, eleven)).toBe(true);
    expect(dayInZone(eleven, NY)).toBe("2024-03-06");
  });
});
