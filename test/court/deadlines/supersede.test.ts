/**
 * A docket's dates after every entry has spoken (issue 16, item 1): entries read oldest first
 * whatever order they arrive in, later mentions of a key superseding earlier ones (moved with
 * history, cancelled), the result sorted by date then time.
 */
import { describe, expect, it } from "vitest";
import { extractCourtDates } from "../../../src/court/deadlines/extract.ts";
import { chronological } from "../../../src/court/deadlines/entry-order.ts";
import { supersede } from "../../../src/court/deadlines/supersede.ts";
import type { CourtDateMention } from "../../../src/court/deadlines/court-date.ts";

const entry = (contents: string, date: string, number?: string) => ({ contents, date, ...(number ? { number } : {}) });

describe("chronological", () => {
  it("reads a newest-first list oldest first", () => {
    expect(chronological([entry("", "3/1/2025", "3"), entry("", "2/1/2025", "2"), entry("", "1/1/2025", "1")])).toEqual([2, 1, 0]);
  });

  it("orders one day's entries by number, an unnumbered entry just after the numbered one before it", () => {
    // Newest first, as the service sends: 12, (minute entry), 11, all on one day.
    const entries = [entry("", "5/1/2025", "12"), entry("", "5/1/2025"), entry("", "5/1/2025", "11"), entry("", "4/30/2025", "10")];
    expect(chronological(entries)).toEqual([3, 2, 1, 0]);
  });

  it("keeps an oldest-first list as it is, and survives entries without dates or of the wrong shape", () => {
    expect(chronological([entry("", "1/1/2025", "1"), entry("", "1/2/2025", "2")])).toEqual([0, 1]);
    expect(chronological([null, { date: 5 }, entry("", "1/1/2025")] as never)).toHaveLength(3);
  });
});

describe("extractCourtDates", () => {
  it("moves a conference a later entry resets, keeping the earlier date as history", () => {
    const dates = extractCourtDates([
      entry("NOTICE: Status Conference reset for 6/1/2025 10:00 AM.", "4/2/2025", "12"),
      entry("Status Conference set for 5/1/2025 09:00 AM.", "3/1/2025", "10"),
    ]);
    expect(dates).toHaveLength(1);
    expect(dates[0]).toMatchObject({ key: "conference:status", date: "2025-06-01", time: "10:00", status: "moved" });
    expect(dates[0]!.source).toEqual({ entryNumber: "12", entryDate: "2025-04-02", entryIndex: 0 });
    expect(dates[0]!.history).toEqual([
      {
        date: "2025-05-01", time: "09:00", source: { entryNumber: "10", entryDate: "2025-03-01", entryIndex: 1 },
        changedBy: { source: { entryNumber: "12", entryDate: "2025-04-02", entryIndex: 0 }, words: "reset for" },
      },
    ]);
  });

  it("keeps every earlier date, oldest first, across several moves", () => {
    const dates = extractCourtDates([
      entry("Jury Trial set for 1/23/2012 09:00 AM.", "11/8/2011", "40"),
      entry("Jury Trial continued to 4/2/2012 09:00 AM.", "1/10/2012", "44"),
      entry("Jury Trial rescheduled to 5/21/2012 09:00 AM.", "3/20/2012", "48"),
    ]);
    expect(dates).toHaveLength(1);
    expect(dates[0]).toMatchObject({ key: "trial:jury", date: "2012-05-21", status: "moved" });
    expect(dates[0]!.history.map((h) => h.date)).toEqual(["2012-01-23", "2012-04-02"]);
  });

  it("sets the next occurrence, not a move, when the earlier date had passed before the later entry", () => {
    const dates = extractCourtDates([
      entry("Status Conference set for 5/1/2025 09:00 AM.", "3/1/2025", "10"),
      entry("Status Conference set for 9/1/2025 09:00 AM.", "6/2/2025", "20"),
    ]);
    expect(dates).toMatchObject([{ key: "conference:status", date: "2025-09-01", status: "scheduled", history: [] }]);
  });

  it("cancels a hearing a later entry vacates, and an adjourned-sine-die conference", () => {
    const dates = extractCourtDates([
      entry("Motion Hearing set for 3/4/2025 10:00 AM. Status Conference set for 10/12/2025 at 04:00 PM.", "2/1/2025", "5"),
      entry("ORDER: The Motion Hearing set for 3/4/2025 is VACATED.", "2/20/2025", "9"),
      entry("The status conference currently scheduled for October 12, 2025 is adjourned sine die.", "3/1/2025", "11"),
    ]);
    expect(dates.map((d) => [d.key, d.date, d.time, d.status])).toEqual([
      ["hearing:motion", "2025-03-04", "10:00", "cancelled"],
      ["conference:status", "2025-10-12", "16:00", "cancelled"],
    ]);
  });

  it("moves an adjourned hearing with a new date rather than cancelling it", () => {
    const dates = extractCourtDates([
      entry("A status conference is scheduled for July 31, 2023, at 2:30 p.m.", "5/8/2023", "39"),
      entry("the status conference scheduled for July 31, 2023 is adjourned to October 30, 2023, at 3:00 p.m.", "7/25/2023", "46"),
    ]);
    expect(dates).toMatchObject([{ key: "conference:status", date: "2023-10-30", time: "15:00", status: "moved" }]);
  });

  it("cancels, by name, an event a later entry vacates without giving its date", () => {
    const dates = extractCourtDates([
      entry("Status Conference set for 9/15/2025 10:00 AM. Jury Trial set for 10/6/2025 09:00 AM.", "6/1/2025", "20"),
      entry("ORDER vacating Status Conference. The parties have settled; the Court will vacate the trial.", "7/1/2025", "25"),
    ]);
    expect(dates.map((d) => [d.key, d.status, d.source.entryNumber])).toEqual([
      ["conference:status", "cancelled", "25"],
      ["trial:jury", "cancelled", "25"],
    ]);
  });

  it("cancels nothing a motion only asks to vacate, nor a date already past", () => {
    const dates = extractCourtDates([
      entry("Status Conference set for 9/15/2025 10:00 AM. Motion Hearing set for 6/15/2025 10:00 AM.", "6/1/2025", "20"),
      entry("MOTION to Vacate Status Conference by Acme Inc.", "7/1/2025", "25"),
      entry("Motion Hearing is vacated.", "7/2/2025", "26"),
    ]);
    expect(dates.map((d) => [d.key, d.status])).toEqual([
      ["hearing:motion", "scheduled"],
      ["conference:status", "scheduled"],
    ]);
  });

  it("treats the case's one trial as one, however entries name it", () => {
    const dates = extractCourtDates([
      entry("Trial set for 1/20/2009 at 9:00 a.m. for 4 days.", "10/9/2008", "132"),
      entry("Jury Trial reset for 3/17/2009 at 09:00 AM.", "11/25/2008", "143"),
    ]);
    expect(dates).toMatchObject([{ key: "trial:jury", date: "2009-03-17", status: "moved", history: [{ date: "2009-01-20" }] }]);
  });

  it("returns dates sorted by date, then time, untimed first", () => {
    const dates = extractCourtDates([
      entry("Jury Trial set for 6/26/2023 at 09:00 AM. Final Pretrial Conference set for 5/26/2023 at 01:00 PM. Pretrial Order due by 5/26/2023.", "9/22/2022", "52"),
    ]);
    expect(dates.map((d) => `${d.date} ${d.time ?? "-"} ${d.key}`)).toEqual([
      "2023-05-26 - deadline:pretrial-order",
      "2023-05-26 13:00 conference:final-pretrial",
      "2023-06-26 09:00 trial:jury",
    ]);
  });

  it("leaves out mentions below the calendar's confidence, and never throws on junk", () => {
    expect(extractCourtDates([entry("DECORUM ORDER re: the Motion Hearing on September 25, 2009.", "9/21/2009")])).toEqual([]);
    expect(extractCourtDates([null, 5, "x", {}, { contents: ["a"] }] as never)).toEqual([]);
    expect(extractCourtDates("not a list" as never)).toEqual([]);
  });
});

describe("supersede", () => {
  const m = (date: string, extra: Partial<CourtDateMention> = {}): CourtDateMention => ({
    key: "hearing:motion", kind: "hearing", title: "Motion Hearing", date, confidence: 0.95,
    source: { entryDate: "2025-01-01", entryIndex: 0 }, ...extra,
  });

  it("treats the same date said again as no move, keeping the time it had", () => {
    const [d] = supersede([m("2025-03-04", { time: "10:00" }), m("2025-03-04", { source: { entryDate: "2025-02-01", entryIndex: 1 } })]);
    expect(d).toMatchObject({ status: "scheduled", time: "10:00", history: [], source: { entryIndex: 1 } });
  });

  it("moves on a change of time alone when the text says so", () => {
    const [d] = supersede([m("2025-03-04", { time: "10:00" }), m("2025-03-04", { time: "13:30", change: { verb: "moves", words: "reset to" } })]);
    expect(d).toMatchObject({ status: "moved", time: "13:30", history: [{ date: "2025-03-04", time: "10:00" }] });
  });

  it("keeps both times, flagged, when the text does not say it moves (issue 23, item 3)", () => {
    const later = { time: "13:30", source: { entryNumber: "9", entryDate: "2025-02-01", entryIndex: 1 } };
    const ds = supersede([m("2025-03-04", { time: "10:00" }), m("2025-03-04", later)]);
    expect(ds.map((d) => [d.key, d.time, d.status])).toEqual([
      ["hearing:motion", "10:00", "scheduled"],
      ["hearing:motion-9", "13:30", "scheduled"],
    ]);
    expect(ds[1]!.conflict).toMatchObject({ key: "hearing:motion", time: "10:00" });
  });

  it("re-schedules a cancelled date set again, and keeps a cancellation of a date never set", () => {
    const [again] = supersede([m("2025-03-04"), m("2025-03-04", { cancels: true }), m("2025-03-04")]);
    expect(again!.status).toBe("scheduled");
    const [only] = supersede([m("2025-03-04", { cancels: true })]);
    expect(only).toMatchObject({ status: "cancelled", date: "2025-03-04" });
    expect(only).not.toHaveProperty("cancels");
  });
});
