/**
 * Issue 23: every date of a docket in one list: stated dates read with the court's holidays, the
 * rules' deadlines merged so the court's date wins, and deadlines met by later filings marked.
 */
import { describe, expect, it } from "vitest";
import { docketDates, filingsOf, metBy } from "../../../src/court/rules/index.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";
import { provenanceLines } from "../../../src/slack/blockkit/court-date.ts";

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

  // The service sends a docket newest first (observed-facts.md): an older entry's date for the same
  // purpose answers an older filing and never takes a newer one's place (sandbox QA: an old
  // "Responses due 1/13/2025" from #37 had replaced a new motion's opposition date, the old answer
  // date a new summons' answer date, so neither was upcoming anywhere).
  it("newest first: an older entry's date of the same purpose never covers a newer filing's deadline", () => {
    const newestFirst = [
      { number: "62", date: "11/23/2026", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Globex Corporation." },
      { number: "61", date: "11/23/2026", contents: "SUMMONS Returned Executed by Acme Widgets, Inc.. Globex Corporation served on 11/22/2026." },
      { number: "37", date: "12/30/2024", contents: "SCHEDULING ORDER: Responses due by 1/13/2025. Replies due by 1/27/2025." },
      { number: "19", date: "9/1/2023", contents: "SUMMONS Returned Executed. Widget Inc. served on 8/31/2023, answer due 9/21/2023." },
    ];
    const dates = docketDates(newestFirst, { ...ctx, docket: "1:23-cv-01234" });
    const own = (n: string) => dates.filter((d) => d.byRule?.trigger.entryNumber === n).map((d) => [d.title, d.date, d.byRule!.courtStates]);
    expect(own("62")).toEqual([["Opposition due", "2026-12-07", false], ["Reply due", "2026-12-14", false]]);
    expect(own("61")).toEqual([["Answer due (Globex Corporation)", "2026-12-14", false]]);
    // The reply runs from the opposition's computed day, which #62 never states: said as such.
    const reply = dates.find((d) => d.key.startsWith("computed:reply:62"))!;
    expect(reply.byRule!.trigger).toMatchObject({ eventDate: "2026-12-07", eventIs: "the opposition's computed due date" });
    expect(provenanceLines(reply)[0]).toBe("_Computed — verify:_ S.D.N.Y. &amp; E.D.N.Y. Local Civ. R. 6.1(b) from 12/7/2026, the opposition's computed due date for #62 filed 11/23/2026; not a date the court stated");
    // The old dates keep their own entries' rule (or none), not the new filings'.
    expect(dates.find((d) => d.date === "2025-01-13")?.byRule?.trigger.entryNumber).not.toBe("62");
    expect(dates.find((d) => d.date === "2023-09-21")?.byRule?.trigger.entryNumber).toBe("19");
    // The same docket oldest first reads the same.
    const oldestFirst = docketDates([...newestFirst].reverse(), { ...ctx, docket: "1:23-cv-01234" });
    const keys = (ds: typeof dates) => ds.map((d) => `${d.date} ${d.key}`).sort();
    expect(keys(oldestFirst)).toEqual(keys(dates));
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

  // Two entries of one day, one unnumbered (a minute entry): only the docket's own order says which
  // came later, whichever way the list runs; the list's position alone would say the opposite in a
  // newest-first list (observed-facts.md) and mark a deadline met by the paper filed before it.
  it("same day, an unnumbered entry: the docket's order, not the list's position, says which came later", () => {
    const order = { number: "40", date: "12/1/2026", contents: "SCHEDULING ORDER: Appellee's brief due 12/14/2026." };
    const briefAfter = { date: "12/1/2026", contents: "BRIEF filed by Appellee Widget Inc." };
    const metOf = (entries: object[]) => docketDates(entries as never, ctx).find((d) => /brief/i.test(d.title))?.met;
    const before = { number: "39", date: "11/30/2026", contents: "NOTICE of Appearance by Jane Roe on behalf of Widget Inc." };
    // Oldest first: #39, #40, then the brief (numberless, after #40 in docketing order).
    expect(metOf([before, order, briefAfter])?.words).toMatch(/^BRIEF filed by Appellee/);
    // The same docket newest first: the brief is still after #40.
    expect(metOf([briefAfter, order, before])?.words).toMatch(/^BRIEF filed by Appellee/);
    // A numberless brief docketed before the order that set the deadline (newest first: below it) never meets it.
    expect(metOf([order, briefAfter, before])).toBeUndefined();
    expect(metOf([before, briefAfter, order])).toBeUndefined();
    // A deadline stored from an earlier push against this push's filings: the two lists' positions
    // say nothing of each other, so a same-day numberless brief leaves it standing for the clerk.
    const stored = docketDates([order] as never, ctx).find((d) => /brief/i.test(d.title))!;
    expect(metBy(stored, filingsOf([briefAfter] as never))).toBeUndefined();
    expect(metBy(stored, filingsOf([{ ...briefAfter, number: "41" }] as never))?.source.entryNumber).toBe("41");
  });

  // A computed deadline's key names its trigger entry by number, or by date when it has none, so
  // the next version of the docket (newest first: every place shifted by the filings on top) stores
  // the same deadline under the same key rather than a second one beside it.
  it("a rule's deadline keeps its key when new filings are listed above an unnumbered trigger", () => {
    const motion = { date: "11/23/2026", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Globex Corporation." };
    const older = { number: "40", date: "11/2/2026", contents: "NOTICE of Appearance by Jane Roe on behalf of Globex Corporation." };
    const keys = (entries: object[]) => docketDates(entries as never, ctx).filter((d) => d.key.startsWith("computed:")).map((d) => d.key).sort();
    const before = keys([motion, older]);
    expect(before).toEqual(["computed:opposition:d2026-11-23:0", "computed:reply:d2026-11-23:0"]);
    const later = [
      { number: "42", date: "11/25/2026", contents: "NOTICE of Appearance by John Doe on behalf of Acme Corp." },
      { number: "41", date: "11/24/2026", contents: "CERTIFICATE OF SERVICE of Motion to Dismiss. Document filed by Globex Corporation." },
    ];
    expect(keys([...later, motion, older])).toEqual(before);
  });
});
