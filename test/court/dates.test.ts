import { describe, expect, it } from "vitest";
import { compareServiceDates, parseServiceDate, toPacerDate, toServiceDate } from "../../src/court/dates.ts";

describe("parseServiceDate", () => {
  it.each([
    ["1/5/2007", { year: 2007, month: 1, day: 5 }],
    ["01/05/2007", { year: 2007, month: 1, day: 5 }],
    ["12/31/1999", { year: 1999, month: 12, day: 31 }],
    ["2/29/2024", { year: 2024, month: 2, day: 29 }],
    [" 9/11/2002 ", { year: 2002, month: 9, day: 11 }],
    ["1/5/2007 10:30 AM", { year: 2007, month: 1, day: 5 }],
    ["2015-05-14", { year: 2015, month: 5, day: 14 }],
    ["2016-12-21T00:00:00", { year: 2016, month: 12, day: 21 }],
    ["2024-01-05T23:30:00-05:00", { year: 2024, month: 1, day: 5 }],
    ["2024-01-05T10:00:00.123Z", { year: 2024, month: 1, day: 5 }],
    ["2024-01-05 10:00", { year: 2024, month: 1, day: 5 }],
  ])("reads %j", (s, expected) => {
    expect(parseServiceDate(s)).toEqual(expected);
  });

  it.each([
    "",
    "garbage",
    "2/29/2023",
    "2/30/2024",
    "13/1/2024",
    "0/10/2024",
    "1/0/2024",
    "1/5/07",
    "1-5-2007",
    "2024-1-5",
    "2024-02-30",
    "1/5/2007 garbage",
    "2024-01-05Tnoon",
    "1/5/2007/1",
  ])("rejects %j", (s) => {
    expect(parseServiceDate(s)).toBeUndefined();
  });

  it("rejects non-strings", () => {
    expect(parseServiceDate(null)).toBeUndefined();
    expect(parseServiceDate(undefined)).toBeUndefined();
  });
});

describe("toServiceDate and toPacerDate", () => {
  it("pads as the service expects", () => {
    expect(toServiceDate({ year: 2007, month: 1, day: 5 })).toBe("01/05/2007");
    expect(toPacerDate({ year: 2007, month: 1, day: 5 })).toBe("2007-01-05");
    expect(toServiceDate({ year: 2024, month: 12, day: 31 })).toBe("12/31/2024");
  });

  it("reads a Date in UTC, whatever the host zone", () => {
    const lateUtc = new Date(Date.UTC(2024, 0, 5, 23, 59, 59));
    expect(toServiceDate(lateUtc)).toBe("01/05/2024");
    expect(toPacerDate(new Date(Date.UTC(2024, 1, 29)))).toBe("2024-02-29");
  });

  it("round-trips with parseServiceDate", () => {
    const d = parseServiceDate("7/4/1776")!;
    expect(parseServiceDate(toServiceDate(d))).toEqual(d);
    expect(parseServiceDate(toPacerDate(d))).toEqual(d);
  });

  it("throws on an impossible date", () => {
    expect(() => toServiceDate({ year: 2023, month: 2, day: 29 })).toThrow(RangeError);
    expect(() => toPacerDate({ year: 2024, month: 13, day: 1 })).toThrow(RangeError);
    expect(() => toPacerDate({ year: 2024, month: 1.5, day: 1 })).toThrow(RangeError);
    expect(() => toServiceDate(new Date("nope"))).toThrow(RangeError);
  });
});

describe("compareServiceDates", () => {
  it("orders across formats by calendar day", () => {
    expect(compareServiceDates("1/5/2007", "01/05/2007")).toBe(0);
    expect(compareServiceDates("1/5/2007", "2007-01-06")).toBe(-1);
    expect(compareServiceDates("12/1/2007", "2/1/2007")).toBe(1); // not string order
    expect(compareServiceDates("1/31/2007", "2/1/2007")).toBe(-1);
    expect(compareServiceDates({ year: 2008, month: 1, day: 1 }, "12/31/2007")).toBe(1);
  });

  it("puts missing or unreadable dates first and keeps them equal", () => {
    expect(compareServiceDates(undefined, "1/1/1900")).toBe(-1);
    expect(compareServiceDates("1/1/1900", null)).toBe(1);
    expect(compareServiceDates("garbage", undefined)).toBe(0);
    const sorted = ["3/1/2020", null, "1/15/2020", "bad", "2020-02-01"].sort(compareServiceDates);
    expect(sorted).toEqual([null, "bad", "1/15/2020", "2020-02-01", "3/1/2020"]);
  });
});
