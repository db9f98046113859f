/**
 * Dates and times as entry text writes them (src/court/deadlines/date-phrases.ts): numeric and
 * named forms, two-digit years, times after the date, and impossible days that are not dates.
 */
import { describe, expect, it } from "vitest";
import { findDates, readTimeAfter } from "../../../src/court/deadlines/date-phrases.ts";

const dates = (s: string) => findDates(s).map((d) => (d.time ? `${d.date} ${d.time}` : d.date));

describe("findDates", () => {
  it.each([
    ["Responses due by 1/13/2025.", "2025-01-13"],
    ["Docketing Statement due 02/10/2010.", "2010-02-10"],
    ["Arraignment set for 1/11/11 at 10:30 AM", "2011-01-11 10:30"],
    ["Calendar Call for 9:31 3/1/95", "1995-03-01"],
    ["scheduled for December 8, 2026, at 9:00 a.m.", "2026-12-08 09:00"],
    ["due Dec. 8, 2026", "2026-12-08"],
    ["set for Sept. 28, 2012", "2012-09-28"],
    ["on March 5th, 2024 at 2 p.m.", "2024-03-05 14:00"],
    ["set for 9/15/2025 10:00 AM before Judge X", "2025-09-15 10:00"],
    ["set for 02/22/2005 02:00:00 PM", "2005-02-22 14:00"],
    ["CONTINUED to 2/18/2005 @900amDAE", "2005-02-18 09:00"],
    ["due by 4/26/2010 at noon", "2010-04-26 12:00"],
  ])("%s", (text, expected) => {
    expect(dates(text)).toEqual([expected]);
  });

  it("reads several dates in order of position", () => {
    expect(dates("Expert Reports due by 12/8/2026. Rebuttal Expert Reports due by January 7, 2027.")).toEqual([
      "2026-12-08",
      "2027-01-07",
    ]);
  });

  it.each([
    ["impossible day", "set for 2/30/2024"],
    ["month 13", "due 13/1/2024"],
    ["zero date", "due 0/0/0000"],
    ["year out of range", "due 1/2/1850"],
    ["part of a longer number", "case 10/12/2024/5 and 110/12/2024"],
    ["named impossible day", "February 30, 2024"],
  ])("no date in a %s", (_, text) => {
    expect(dates(text)).toEqual([]);
  });
});

describe("readTimeAfter", () => {
  it.each([
    [" 10:00 AM in Courtroom", "10:00"],
    [", at 9:00 a.m.", "09:00"],
    [" at 12:30 p.m.", "12:30"],
    [" at 12:15 AM", "00:15"],
    [" 14:30", "14:30"],
    [" at noon", "12:00"],
  ])("%j", (text, time) => {
    expect(readTimeAfter(text)?.time).toBe(time);
  });

  it("reads no time from a bare number or an impossible hour", () => {
    expect(readTimeAfter(" 10 days later")).toBeUndefined();
    expect(readTimeAfter(" 13:00 PM")).toBeUndefined();
    expect(readTimeAfter(" 25:00")).toBeUndefined();
  });
});
