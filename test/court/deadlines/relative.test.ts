/**
 * Issue 23, item 4: relative deadlines ("within fourteen days", "one week before the conference",
 * "no later than 30 days after the close of fact discovery"), year-less dates ("the 8/11 ptc") and
 * a correction in a later sentence of the same entry. Each row: the entry's text, its date, the
 * expected date, and the rule that gives it. Periods are counted by src/court/rules/count.ts under
 * FRCP 6(a)(1) (forward: exclude the trigger day, count every day, roll a weekend or legal holiday
 * forward) and 6(a)(5) (backward: "continuing to count backward", rolling to the day before).
 */
import { describe, expect, it } from "vitest";
import type { CourtDateMention } from "../../../src/court/deadlines/court-date.ts";
import { effectsOfEntry } from "../../../src/court/deadlines/effect.ts";
import { extractCourtDates, extractMentions } from "../../../src/court/deadlines/extract.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";

const calendar = createHolidayCalendar();
const entry = (contents: string, date: string, number = "12") => ({ contents, date, number });
const read = (text: string, date: string, state?: string) => extractMentions(entry(text, date), 0, { calendar, ...(state ? { state } : {}) });
const computedOf = (ms: CourtDateMention[]) => ms.filter((m) => m.computed);

type Row = [text: string, entryDate: string, expected: string, rule: RegExp];

const FROM_ENTRY: Row[] = [
  ["ORDER: Defendant shall produce the documents responsive to Request No. 4 within fourteen days.", "3/1/2024", "2024-03-15", /6\(a\)\(1\)/],
  ["ORDER FILED. Within 7 days of this order, Petitioner must file 6 copies of the brief in paper format.", "4/4/2022", "2022-04-11", /6\(a\)\(1\)/],
  // Thursday 11/28/2024 is Thanksgiving: the period runs to Friday (6(a)(1)(C), 6(a)(6)(A)).
  ["ORDER: Plaintiff shall file an amended complaint within 14 days of this Order.", "11/14/2024", "2024-11-29", /6\(a\)\(6\)\(A\)|6\(a\)\(1\)\(C\)/],
  // 30 days from 1/11/2008 is Sunday 2/10: Monday 2/11 (6(a)(1)(C)).
  ["CLERK'S NOTICE re completion of In Forma Pauperis affidavit or payment of filing fee due within 30 days.", "1/11/2008", "2008-02-11", /6\(a\)\(1\)\(C\)/],
  ["ORDER that w/i 20 days from entry of this Order guardian ad litem advise this Court whether his petition is now moot.", "7/26/2005", "2005-08-15", /6\(a\)\(1\)/],
  // "from entry of this Order": the day it was entered (07/27), not signed (7/26): 6(a)(1)(A).
  ["ORDER that w/i 20 days from entry of this Order guardian ad litem advise this Court. Signed by Judge Lacy Thornburg on 7/26/05. (Entered: 07/27/2005)", "7/26/2005", "2005-08-16", /6\(a\)\(1\)/],
  ["ORDER that on or before 15 days from entry of this Order, govt. shall respond as to the necessity of a hearing.", "7/28/2005", "2005-08-12", /6\(a\)\(1\)/],
  ["Motion for Relief from Stay with Notice of Opportunity for Hearing. If a response or objection is filed - DUE: 14 days from today, a hearing will be held on DATE: 2/17/2010, TIME: 9:30 a.m.", "1/21/2010", "2010-02-04", /6\(a\)\(1\)/],
  ["Notice of Opportunity for Hearing. If a response or objection is filed DUE:15 days after the date of this Notice a hearing will be held on DATE:1/27/10, TIME: 9:30 am", "1/6/2010", "2010-01-21", /6\(a\)\(1\)/],
];

describe("issue 23.4: periods counted from the entry's date", () => {
  it.each(FROM_ENTRY)("%s (entered %s) → %s", (text, date, expected, rule) => {
    const found = computedOf(read(text, date));
    expect(found.map((m) => m.date)).toEqual([expected]);
    const m = found[0]!;
    expect(m.kind).toBe("deadline");
    expect(m.computed!.rule).toMatch(rule);
    expect(m.computed!.anchor).toMatchObject({ kind: "entry", source: { entryNumber: "12" } });
    expect(m.computed!.note).toMatch(/computed from entry 12/);
  });
});

describe("issue 23.4: periods counted from a named event", () => {
  const rows: Row[] = [
    // Backward from Tue 12/9/2025: Tue 12/2 (6(a)(5)).
    ["Status Conference set for 12/9/2025 at 10:00 AM. The parties shall submit a joint letter one week before the conference.", "11/1/2025", "2025-12-02", /6\(a\)\(5\)/],
    // Three days before Tue 12/9/2025 is Saturday 12/6: backward, so Friday 12/5 (6(a)(5)).
    ["Status Conference set for 12/9/2025 at 10:00 AM. The parties shall file a joint status report three days before the status conference.", "11/1/2025", "2025-12-05", /6\(a\)\(5\)/],
    // 30 days after Monday 3/2/2026 is Wednesday 4/1/2026.
    ["Fact Discovery due by 3/2/2026. Expert reports shall be served no later than 30 days after the close of fact discovery.", "11/1/2025", "2026-04-01", /6\(a\)\(1\)/],
    ["NOTICE OF ORAL ARGUMENT on Monday, April 17, 2023- 09:30 A.M. - Courtroom 1. If you will be arguing, file the ACKNOWLEDGMENT OF HEARING NOTICE no later than 28 days before the hearing date.", "2/6/2023", "2023-03-20", /6\(a\)\(5\)/],
  ];
  it.each(rows)("%s (entered %s) → %s", (text, date, expected, rule) => {
    const found = computedOf(read(text, date));
    expect(found.map((m) => m.date)).toEqual([expected]);
    expect(found[0]!.computed!.rule).toMatch(rule);
    expect(found[0]!.computed!.anchor).toMatchObject({ kind: "event" });
  });

  it("reads an event set by an earlier entry, names that entry, and moves with it", () => {
    const entries = [
      entry("MINUTE ENTRY: Status Conference set for 12/9/2025 at 10:00 AM before Judge Dana Lee.", "10/1/2025", "30"),
      entry("ORDER: The parties shall submit a joint letter one week before the status conference.", "10/20/2025", "33"),
      entry("ORDER: The Status Conference set for 12/9/2025 is adjourned to 1/13/2026 at 10:00 AM.", "11/3/2025", "36"),
    ];
    const dates = extractCourtDates(entries, { calendar });
    const letter = dates.find((d) => d.kind === "deadline")!;
    expect(letter).toMatchObject({ date: "2026-01-06", status: "moved", history: [{ date: "2025-12-02" }] });
    // Counted again from the conference's new date, which #36 gave it.
    expect(letter.computed!.anchor).toMatchObject({ kind: "event", key: "conference:status", date: "2026-01-13", source: { entryNumber: "36" } });
    expect(letter.computed!.note).toMatch(/computed from entry 36/);
    expect(letter.changedBy).toMatchObject({ source: { entryNumber: "36" } });
    // Before the move, the letter's own entry "sets" it, computed from #30's conference.
    const before = extractCourtDates(entries.slice(0, 2), { calendar });
    expect(before.find((d) => d.kind === "deadline")).toMatchObject({ date: "2025-12-02", status: "scheduled", source: { entryNumber: "33" } });
    const byKey = new Map(before.map((d) => [d.key, d]));
    const computed = before.find((d) => d.kind === "deadline")!;
    expect(effectsOfEntry([{ ...computed, confidence: computed.confidence }], byKey)).toMatchObject([{ verb: "sets", date: "2025-12-02", computed: expect.stringMatching(/computed from entry 30/) }]);
  });

  it.each([
    // The court's own act, not the team's.
    ["A scheduling order will be sent by Notice of Electronic Filing (NEF) within two business days.", "9/6/2023"],
    // Business days are not FRCP 6(a) days; a permission is not a deadline.
    ["The parties may write to the Court within seven (7) business days if they wish to object.", "7/1/2024"],
    // No date to count from.
    ["A single, consolidated motion to seal shall be filed within 14 days following the completed briefing of the materials.", "2/27/2024"],
    ["Defendants' replies, if any, are due no later than seven days following the date of service of Plaintiff's oppositions.", "10/8/2021"],
    // Only asked for.
    ["LETTER MOTION requesting that the Court order Defendant to produce documents within fourteen days.", "3/1/2024"],
  ])("reads no period from: %s", (text, date) => {
    expect(computedOf(read(text, date))).toEqual([]);
  });

  it("leaves the period unread without a holiday calendar (no guessing at 6(a)(6))", () => {
    expect(computedOf(extractMentions(entry("ORDER: Defendant shall produce the documents within fourteen days.", "3/1/2024"), 0))).toEqual([]);
  });

  it("keeps the court's stated date when the entry states one for the same filing", () => {
    const ms = read("the Corporate Disclosure Statement should be filed within 15 days. Corporate Disclosure Statement Deadline set for 2/17/2009 as to Midwest.", "1/30/2009");
    expect(ms.map((m) => [m.date, !!m.computed])).toEqual([["2009-02-17", false]]);
  });
});

describe("issue 23.4: dates written without a year", () => {
  const rows: [text: string, entryDate: string, expected: string, kind: string][] = [
    ["whether a further extension is warranted will be one of the topics to be considered at the 8/11 ptc", "7/29/2003", "2003-08-11", "conference"],
    ["The parties shall file a brief joint letter on or before April 18 explaining which of these open motions should be resolved.", "4/15/2024", "2024-04-18", "deadline"],
    // The next 1/6 on or after 12/20/2024 is in 2025.
    ["ORDER: Status Conference set for 1/6 at 10:00 AM.", "12/20/2024", "2025-01-06", "conference"],
  ];
  it.each(rows)("%s (entered %s) → %s", (text, date, expected, kind) => {
    const ms = read(text, date);
    expect(ms.map((m) => [m.date, m.kind])).toEqual([[expected, kind]]);
    expect(ms[0]!.evidence?.join(" ")).toMatch(/no year written/);
  });

  it("reads no year-less date without the entry's date, nor a fraction or a 24/7", () => {
    expect(extractMentions({ contents: "Status Conference set for 1/6 at 10:00 AM." }, 0)).toEqual([]);
    expect(read("Hearing set for 24/7 monitoring; the 1/2 share is due.", "1/2/2025")).toEqual([]);
  });
});

describe("issue 23.4: a correction in a later sentence updates the same event", () => {
  it.each([
    ["Hearing scheduled for 5/2/2024 at 10:00 AM at Courtroom 3. (Attachments: # 1 Exhibit) (CORRECT HEARING TIME WILL BE 9:00 AM)", "2024-05-02", "09:00"],
    ["Motion Hearing set for 5/2/2024 at 10:00 AM. CORRECTED HEARING DATE: 5/3/2024.", "2024-05-03", "10:00"],
  ])("%s", (text, date, time) => {
    const ms = read(text, "4/1/2024");
    expect(ms.map((m) => [m.kind, m.date, m.time])).toEqual([["hearing", date, time]]);
    expect(ms[0]!.evidence?.join(" ")).toMatch(/CORRECT/);
  });
});
