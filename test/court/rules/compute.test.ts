/**
 * Triggers read from entries, computed deadlines, and merging with stated dates (issue 23, 5.2-5.3).
 * Entry texts are shaped like the real dockets' (../shared/fixtures/real-dockets).
 */
import { describe, expect, it } from "vitest";
import { extractMentions } from "../../../src/court/deadlines/extract.ts";
import { computeDeadlines, mergeDeadlines, readTriggers } from "../../../src/court/rules/index.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";

const deps = { calendar: createHolidayCalendar() };
const at = (court: string, ...entries: { number?: string; date: string; contents: string }[]) =>
  computeDeadlines(entries, { court, docket: "1:24-cv-00001" }, deps);

describe("answers after service and waiver (FRCP 12(a)(1)(A))", () => {
  it("reads each defendant served and computes 21 days, no 6(d) days for Rule 4 service", () => {
    const r = at("nysd", { number: "9", date: "2/8/2021", contents: "SUMMONS RETURNED EXECUTED Summons and Complaint served. Hornblower Group, Inc. served on 1/19/2021, answer due 2/9/2021. Document filed by Lenny Molina." });
    expect(r.deadlines).toHaveLength(1);
    const d = r.deadlines[0]!;
    expect(d).toMatchObject({ label: "Answer due", date: "2021-02-09", party: "Hornblower Group, Inc.", computed: true, note: "computed — verify" });
    expect(d.rule.citation).toBe("Fed. R. Civ. P. 12(a)(1)(A)(i)");
    expect(d.trigger).toMatchObject({ entryNumber: "9", entryDate: "2021-02-08", eventDate: "2021-01-19" });
    expect(d.dueEndsAt).toBe("2021-02-10T05:00:00.000Z");
    expect(d.counting.plusThree).toBe(false);
  });
  it("counts 60 days from each waiver request", () => {
    const r = at("nysd", { date: "2/8/2021", contents: "WAIVER OF SERVICE RETURNED EXECUTED. Hornblower Cruises and Events, LLC waiver sent on 1/15/2021, answer due 3/16/2021; Hornblower New York, LLC waiver sent on 1/15/2021, answer due 3/16/2021." });
    expect(r.deadlines.map((d) => [d.party, d.date])).toEqual([["Hornblower Cruises and Events, LLC", "2021-03-16"], ["Hornblower New York, LLC", "2021-03-16"]]);
    expect(new Set(r.deadlines.map((d) => d.key)).size).toBe(2);
  });
  it("without the request date, counts from the entry date and says so", () => {
    const r = at("nysd", { date: "3/1/2024", contents: "WAIVER OF SERVICE Returned Executed by Jane Doe. Acme Corp." });
    expect(r.deadlines[0]!.date).toBe("2024-04-30");
    expect(r.deadlines[0]!.assumptions.join(" ")).toMatch(/does not say when the waiver request was sent/);
  });
  it("computes nothing for a warrant returned executed, a criminal docket, or a bankruptcy court", () => {
    expect(at("nysd", { date: "5/6/2013", contents: "Arrest Warrant Returned Executed as to Elias Torres on 5/3/2013." }).deadlines).toEqual([]);
    const summons = { date: "3/20/2023", contents: "SUMMONS Returned Executed by X. Y Inc. served on 3/13/2023, answer due 4/3/2023." };
    expect(computeDeadlines([summons], { court: "nysd", docket: "1:23-cr-00100" }, deps).deadlines).toEqual([]);
    expect(computeDeadlines([summons], { court: "nysb" }, deps).deadlines).toEqual([]);
  });
  it("gives no date for a trigger before the period's present form (20 days before Dec. 1, 2009)", () => {
    const r = at("nysd", { date: "10/27/2003", contents: "SUMMONS Returned Executed. Acme served on 9/10/2003, answer due 9/30/2003." });
    expect(r.deadlines).toEqual([]);
    expect(r.uncomputed[0]!.reason).toMatch(/2009-12-01/);
  });
});

describe("motion oppositions and replies (local rules)", () => {
  const motion = { number: "20", date: "3/1/2024", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Acme Corp." };
  it("S.D.N.Y. / E.D.N.Y. Local Civ. R. 6.1(b): 14 days, then 7 after the opposition", () => {
    for (const court of ["nysd", "nyed"]) {
      const r = at(court, motion);
      expect(r.deadlines.map((d) => [d.label, d.date])).toEqual([["Opposition due", "2024-03-15"], ["Reply due", "2024-03-22"]]);
      expect(r.deadlines[1]!.assumptions.join(" ")).toMatch(/served on its last day/);
    }
  });
  it("N.D. Cal. Civ. L.R. 7-3: 14 days after filing, reply 7 days after the opposition was due; ends at Pacific midnight", () => {
    const r = at("cand", motion);
    expect(r.deadlines.map((d) => [d.label, d.date, d.rule.citation])).toEqual([
      ["Opposition due", "2024-03-15", "N.D. Cal. Civ. L.R. 7-3(a)"],
      ["Reply due", "2024-03-22", "N.D. Cal. Civ. L.R. 7-3(c)"],
    ]);
    expect(r.deadlines[0]!.dueEndsAt).toBe("2024-03-16T07:00:00.000Z");
  });
  it("N.D. Cal.: the opposition rolls past Cesar Chavez Day (6(a)(6)(C))", () => {
    expect(at("cand", { date: "3/17/2025", contents: "MOTION for Summary Judgment filed by Acme." }).deadlines[0]!.date).toBe("2025-04-01");
  });
  it("D. Del. LR 7.1.2(b): answering brief 14 days, reply brief 7", () => {
    expect(at("ded", motion).deadlines.map((d) => [d.label, d.date])).toEqual([["Answering brief due", "2024-03-15"], ["Reply brief due", "2024-03-22"]]);
  });
  it("C.D. Cal. L.R. 7-9, 7-10: counted back from the hearing the entry states", () => {
    const r = at("cacd", { date: "3/1/2024", contents: "MOTION to Dismiss Case filed by Acme. Motion set for hearing on 4/8/2024 at 10:00 AM before Judge X." });
    expect(r.deadlines.map((d) => [d.label, d.date])).toEqual([["Opposition due", "2024-03-18"], ["Reply due", "2024-03-25"]]);
  });
  it("C.D. Cal. without a hearing date: no computed date, and says why", () => {
    const r = at("cacd", motion);
    expect(r.deadlines).toEqual([]);
    expect(r.uncomputed.map((u) => u.label)).toEqual(["Opposition due", "Reply due"]);
  });
  it("adds 6(d)'s 3 days when the motion was served by mail", () => {
    expect(at("nysd", { date: "3/1/2024", contents: "MOTION to Dismiss filed by Acme. Served by first-class mail on pro se plaintiff." }).deadlines[0]!.date).toBe("2024-03-18");
  });
  it("computes nothing for joint, consent or discovery motions, or courts without a rule in the book", () => {
    expect(at("nysd", { date: "3/1/2024", contents: "JOINT MOTION for Extension of Time." }).deadlines).toEqual([]);
    expect(at("nysd", { date: "3/1/2024", contents: "MOTION to Compel discovery responses." }).deadlines).toEqual([]);
    expect(at("txsd", motion).deadlines).toEqual([]);
    expect(at("nysd", { date: "3/1/2024", contents: "LETTER MOTION to Adjourn Conference addressed to Judge X." }).deadlines).toEqual([]);
    expect(at("nysd", { date: "3/1/2024", contents: "COUNTER LETTER MOTION for Discovery." }).deadlines).toEqual([]);
    expect(at("cand", { date: "3/1/2024", contents: "MOTION for leave to appear in Pro Hac Vice (Filing fee $ 317)." }).deadlines).toEqual([]);
  });
});

describe("orders and judgments", () => {
  it("an order denying a motion to dismiss: answer 14 days after notice (12(a)(4)(A))", () => {
    const r = at("nysd", { date: "6/3/2024", contents: "OPINION AND ORDER: Defendant's motion to dismiss is DENIED. SO ORDERED." });
    expect(r.deadlines.map((d) => [d.label, d.date, d.rule.citation])).toEqual([["Answer due", "2024-06-17", "Fed. R. Civ. P. 12(a)(4)(A)"]]);
  });
  it("an order granting it, or denying it as moot, starts no answer period", () => {
    expect(at("nysd", { date: "6/3/2024", contents: "ORDER granting motion to dismiss." }).deadlines).toEqual([]);
    expect(at("nysd", { date: "6/3/2024", contents: "ORDER: the motion to dismiss is denied as moot." }).deadlines).toEqual([]);
  });
  it("a judgment: Rule 59 in 28 days, appeal in 30 (60 with the United States a party)", () => {
    const j = { number: "80", date: "6/21/2024", contents: "CLERK'S JUDGMENT in favor of defendant." };
    expect(at("nysd", j).deadlines.map((d) => [d.label, d.date])).toEqual([["Rule 59 motion due", "2024-07-19"], ["Notice of appeal due", "2024-07-22"]]);
    const us = computeDeadlines([j], { court: "nysd", unitedStatesParty: true }, deps).deadlines;
    expect(us[1]).toMatchObject({ date: "2024-08-20", rule: { citation: "Fed. R. App. P. 4(a)(1)(B)" } });
  });
  it("a judgment returned executed is a return, not a judgment", () => {
    expect(readTriggers({ date: "1/2/2024", contents: "Judgment Returned Executed as to X." }, 0)).toEqual([]);
  });
});

describe("mergeDeadlines", () => {
  const entry = { number: "5", date: "3/20/2023", contents: "SUMMONS Returned Executed by X. ANNORA PHARMA PRIVATE LIMITED served on 3/13/2023, answer due 4/3/2023." };
  const computed = at("ded", entry).deadlines;
  it("the court's stated date wins; equal dates merge into one row", () => {
    const merged = mergeDeadlines(extractMentions(entry, 0), computed);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ date: "2023-04-03", source: "court" });
    expect(merged[0]!.computed?.date).toBe("2023-04-03");
    expect(merged[0]!.differenceDays).toBeUndefined();
  });
  it("when they differ, both are kept with the difference in days", () => {
    const stated = extractMentions({ ...entry, contents: entry.contents.replace("4/3/2023", "4/10/2023") }, 0);
    const [m] = mergeDeadlines(stated, computed);
    expect(m).toMatchObject({ date: "2023-04-10", source: "court", differenceDays: -7 });
  });
  it("a computed date with nothing stated stands alone, marked computed", () => {
    const [m] = mergeDeadlines([], computed);
    expect(m).toMatchObject({ source: "computed", date: "2023-04-03", computed: { note: "computed — verify" } });
  });
  it("a later order's stated opposition date wins over the local rule's", () => {
    const motion = { number: "20", date: "3/1/2024", contents: "MOTION to Dismiss filed by Acme." };
    const order = { number: "21", date: "3/4/2024", contents: "ORDER: Opposition due by 3/29/2024. Reply due by 4/12/2024." };
    const stated = [order].flatMap((e) => extractMentions(e, 1));
    const merged = mergeDeadlines(stated, computeDeadlines([motion, order], { court: "nysd" }, deps).deadlines);
    expect(merged.map((m) => [m.source, m.date, m.differenceDays])).toEqual([["court", "2024-03-29", -14], ["court", "2024-04-12", -21]]);
  });
});
