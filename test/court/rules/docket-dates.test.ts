/**
 * Issue 23: every date of a docket in one list: stated dates read with the court's holidays, the
 * rules' deadlines merged so the court's date wins, and deadlines met by later filings marked.
 */
import { describe, expect, it } from "vitest";
import { docketDates } from "../../../src/court/rules/index.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";

const holidays = createHolidayCalendar();
const ctx = { court: "nysd", docket: "1:24-cv-01234", holidays };

describe("docketDates", () => {
  it("counts a period on the court's holidays (FRCP 6(a)(1)(C)): Thanksgiving rolls the last day", () => {
    const [d] = docketDates([{ number: "30", date: "11/14/2024", contents: "ORDER: Plaintiff shall file an amended complaint within 14 days of this Order." }], ctx);
    expect(d).toMatchObject({ date: "2024-11-29", computed: { days: 14 } });
  });

  it("a rule's deadline the court states nothing for is a date of its own, computed — verify, with its rule and trigger", () => {
    const dates = docketDates([{ number: "9", date: "3/4/2024", contents: "SUMMONS Returned Executed. Acme Corp. served on 3/1/2024." }], ctx);
    expect(dates).toHaveLength(1);
    expect(dates[0]).toMatchObject({
      key: "computed:answer-after-service:9:0", kind: "deadline", date: "2024-03-22", status: "scheduled",
      byRule: { courtStates: false, citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)", note: "computed — verify", trigger: { entryNumber: "9", eventDate: "2024-03-01" } },
    });
  });

  it("the court's stated date wins; the rule's date and the difference travel with it", () => {
    const dates = docketDates([{ number: "9", date: "3/4/2024", contents: "SUMMONS Returned Executed. Acme Corp. served on 3/1/2024, answer due 3/25/2024." }], ctx);
    expect(dates.map((d) => [d.key, d.date])).toEqual([["deadline:answer", "2024-03-25"]]);
    expect(dates[0]!.byRule).toMatchObject({ courtStates: true, date: "2024-03-22", differenceDays: -3 });
  });

  it("a later filing of the paper by the party named meets the deadline (issue 23 item 2)", () => {
    const dates = docketDates([
      { number: "40", date: "11/2/2026", contents: "SCHEDULING ORDER: Appellee's brief due 12/14/2026." },
      { number: "48", date: "12/10/2026", contents: "BRIEF filed by Appellee Widget Inc. (Attachments: # 1 Exhibit)" },
    ], ctx);
    const brief = dates.find((d) => /brief/i.test(d.title));
    expect(brief?.met).toMatchObject({ source: { entryNumber: "48" }, words: expect.stringContaining("BRIEF filed by Appellee") });
  });

  it("a motion to extend the brief, or another party's brief, does not meet it", () => {
    const dates = docketDates([
      { number: "40", date: "11/2/2026", contents: "SCHEDULING ORDER: Appellee's brief due 12/14/2026." },
      { number: "44", date: "12/1/2026", contents: "MOTION for Extension of Time to File Brief filed by Appellee Widget Inc." },
      { number: "45", date: "12/2/2026", contents: "BRIEF filed by Appellant Acme Corp." },
    ], ctx);
    expect(dates.find((d) => /brief/i.test(d.title))?.met).toBeUndefined();
  });

  it("an opposition naming the motion meets the opposition the rule computed for it", () => {
    const dates = docketDates([
      { number: "20", date: "3/1/2024", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Acme Corp." },
      { number: "25", date: "3/14/2024", contents: "MEMORANDUM OF LAW in Opposition re 20 MOTION to Dismiss. Document filed by Jane Doe." },
    ], ctx);
    const opposition = dates.find((d) => d.key.startsWith("computed:opposition"));
    expect(opposition?.met?.source.entryNumber).toBe("25");
  });
});
