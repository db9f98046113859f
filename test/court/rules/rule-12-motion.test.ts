/**
 * A Rule 12 motion changes the time to answer (FRCP 12(a)(4)): "Unless the court sets a different
 * time, serving a motion under this rule alters these periods as follows: (A) if the court denies
 * the motion or postpones its disposition until trial, the responsive pleading must be served
 * within 14 days after notice of the court's action; or (B) if the court grants a motion for a
 * more definite statement, the responsive pleading must be served within 14 days after the more
 * definite statement is served." So once the party served moves under Rule 12 within its time, the
 * answer date computed from service (12(a)(1)(A)) is no longer its deadline: the date is withdrawn
 * the way a deadline a filing met is (../../../src/court/rules/met.ts), naming the motion and the
 * rule. Entries read like the sandbox's flagship case (Acme Widgets, Inc. v. Globex Corporation,
 * S.D.N.Y.: the demo pushes "Push a served summons" and "Push a motion") and the S.D.N.Y. dockets of
 * ../shared/fixtures/real-dockets. Each row cites the rule it follows.
 */
import { describe, expect, it } from "vitest";
import type { CourtDate } from "../../../src/court/deadlines/court-date.ts";
import { docketDates, filingsOf, metBy } from "../../../src/court/rules/index.ts";
import { rule12MotionOf } from "../../../src/court/rules/rule-12-motion.ts";
import { createHolidayCalendar } from "../../../src/holidays.ts";

const holidays = createHolidayCalendar();
type Entry = { number?: string; date: string; contents: string };

// "Push a served summons": served Sun 11/22/2026; 21 days is Sun 12/13, so Mon 12/14 (6(a)(1)(C)).
const SERVED: Entry = { number: "60", date: "11/23/2026", contents: "SUMMONS Returned Executed by Acme Widgets, Inc. Globex Corporation served on 11/22/2026. (Attachments: # 1 Affidavit of Service)" };
const SERVED_TWO: Entry = { number: "60", date: "11/23/2026", contents: "SUMMONS Returned Executed by Acme Widgets, Inc. Globex Corporation served on 11/22/2026; Initech LLC served on 11/22/2026. (Attachments: # 1 Affidavit of Service)" };
// "Push a motion": the sandbox's words for the defendant's motion.
const MTD: Entry = { number: "62", date: "11/30/2026", contents: "MOTION to Dismiss for Failure to State a Claim. Document filed by Globex Corporation. (Attachments: # 1 Memorandum of Law)" };
const by = (number: string, date: string, contents: string): Entry => ({ number, date, contents });

const answersOf = (entries: readonly Entry[], court = "nysd"): CourtDate[] =>
  docketDates(entries, { court, docket: "1:26-cv-04521", holidays }).filter((d) => d.byRule?.key.startsWith("computed:answer-after-"));
const answerOf = (entries: readonly Entry[], party = "Globex Corporation"): CourtDate | undefined =>
  answersOf(entries).find((d) => d.title.startsWith("Answer due (") && d.title.includes(party));

type Withdrawn = [why: string, entries: Entry[], motion: string, words: RegExp];

const WITHDRAWN: Withdrawn[] = [
  ["12(a)(4)(A): a 12(b)(6) motion to dismiss by the defendant served (the QA case)", [SERVED, MTD], "62",
    /^The Rule 12 motion \(#62\) changes the time to answer: 14 days after notice of the court's ruling on it, unless the court sets another time \(Fed\. R\. Civ\. P\. 12\(a\)\(4\)\(A\)\)$/],
  ["12(a)(4)(A): a 12(b)(2) motion, N.D. Cal. notice-of-motion style", [SERVED, by("62", "11/30/2026", "NOTICE OF MOTION AND MOTION to Dismiss for Lack of Personal Jurisdiction filed by Globex Corporation. Motion Hearing set for 1/14/2027 09:00 AM.")], "62", /12\(a\)\(4\)\(A\)/],
  ["12(a)(4)(A): a motion under 12(b)(1) and 12(b)(6) filed on behalf of the defendant by its counsel", [SERVED, by("62", "11/30/2026", "MOTION to Dismiss the Complaint Pursuant to Fed. R. Civ. P. 12(b)(1) and 12(b)(6) by Attorney Dana Whitfield on behalf of Globex Corporation.")], "62", /12\(a\)\(4\)\(A\)/],
  ["12(a)(4)(A): an S.D.N.Y. notice of motion under 12(b)(6)", [SERVED, by("62", "11/30/2026", "NOTICE OF MOTION to Dismiss the Complaint pursuant to Fed. R. Civ. P. 12(b)(6). Document filed by Globex Corporation.")], "62", /12\(a\)\(4\)\(A\)/],
  ["12(a)(4)(B): a motion for a more definite statement (12(e))", [SERVED, by("62", "11/30/2026", "MOTION for a More Definite Statement. Document filed by Globex Corporation.")], "62",
    /^The Rule 12 motion \(#62\) changes the time to answer: 14 days after the more definite statement is served if the court grants it, or after notice of its ruling otherwise, unless the court sets another time \(Fed\. R\. Civ\. P\. 12\(a\)\(4\)\)$/],
  ["12(a)(4)(A): a motion to strike the complaint under 12(f)", [SERVED, by("62", "11/30/2026", "MOTION to Strike Portions of the Complaint pursuant to Fed. R. Civ. P. 12(f). Document filed by Globex Corporation.")], "62", /12\(a\)\(4\)\(A\)/],
  ["12(a)(4)(A): a motion filed on the answer's last day is timely (6(a)(4)(A): the day ends at midnight)", [SERVED, by("64", "12/14/2026", MTD.contents)], "64", /\(#64\)/],
  ["12(a)(4)(A): a motion filed after service but before the return of service was docketed", [by("60", "11/30/2026", MTD.contents), by("61", "12/1/2026", SERVED.contents)], "60", /\(#60\)/],
];

/** `motion`: whether the last entry is a Rule 12 motion by its words (then the row tests who or when). */
type Stands = [why: string, entries: Entry[], motion: boolean];

const STANDS: Stands[] = [
  ["12(a)(4) alters the moving party's time only: another defendant's motion", [SERVED_TWO, by("62", "11/30/2026", "MOTION to Dismiss for Failure to State a Claim. Document filed by Initech LLC.")], true],
  ["whose motion it is cannot be told: the date stays (never withdrawn on a guess)", [SERVED, by("62", "11/30/2026", "MOTION to Dismiss for Failure to State a Claim. (Attachments: # 1 Memorandum of Law)")], true],
  ["a role word alone names no party: 'Defendant' may be any of them", [SERVED, by("62", "11/30/2026", "MOTION to Dismiss for Failure to State a Claim. Document filed by Defendant.")], true],
  ["a role word shared by two parties is not the party: Defendant Initech's motion, Defendant Globex's answer", [
    by("60", "11/23/2026", "SUMMONS Returned Executed by Acme Widgets, Inc. Defendant Globex Corporation served on 11/22/2026."),
    by("62", "11/30/2026", "MOTION to Dismiss for Failure to State a Claim. Document filed by Defendant Initech LLC."),
  ], true],
  ["the plaintiff's motion to dismiss counterclaims is not the defendant's Rule 12 motion", [SERVED, by("62", "11/30/2026", "MOTION to Dismiss Globex Corporation's Counterclaims. Document filed by Acme Widgets, Inc.")], false],
  ["a pre-motion letter (S.D.N.Y. individual practices) is not a motion served under Rule 12", [SERVED, by("62", "11/30/2026", "LETTER MOTION for Conference re: anticipated Motion to Dismiss addressed to Judge Analisa Torres from Dana Whitfield dated 11/30/2026. Document filed by Globex Corporation.")], false],
  ["a motion to extend the time to answer or move is not a Rule 12 motion (FRCP 6(b))", [SERVED, by("62", "11/30/2026", "MOTION for Extension of Time to File Answer or Otherwise Respond to the Complaint, including a Motion to Dismiss under Rule 12(b). Document filed by Globex Corporation.")], false],
  ["a motion to strike a declaration is not 12(f) (which strikes from a pleading)", [SERVED, by("62", "11/30/2026", "MOTION to Strike the Declaration of Jonathan Pemberton. Document filed by Globex Corporation.")], false],
  ["a partial motion to dismiss: courts differ on whether it extends the time to answer the other claims, so the date stays", [SERVED, by("62", "11/30/2026", "Partial MOTION to Dismiss Counts III and IV of the Complaint. Document filed by Globex Corporation.")], false],
  ["a motion to dismiss for failure to prosecute is Rule 41(b), not Rule 12", [SERVED, by("62", "11/30/2026", "MOTION to Dismiss for Lack of Prosecution under Fed. R. Civ. P. 41(b). Document filed by Globex Corporation.")], false],
  ["a memorandum in support is not the motion itself", [SERVED, by("63", "11/30/2026", "MEMORANDUM OF LAW in Support re 62 MOTION to Dismiss for Failure to State a Claim. Document filed by Globex Corporation.")], false],
  ["a notice of hearing naming the motion is not the motion (real docket: Notice of Hearing on (RE: related document(s) 37 Motion to Dismiss …))", [SERVED, by("63", "12/1/2026", "Notice of Hearing on (RE: related document(s) 62 Motion to Dismiss filed by Globex Corporation) Hearing to be held on 1/14/2027.")], false],
  ["a notice of supplemental authority about the motion is not the motion", [SERVED, by("63", "12/1/2026", "NOTICE of Supplemental Authority by Globex Corporation re 62 MOTION to Dismiss for Failure to State a Claim.")], false],
  ["12(a)(4) alters a running period: a motion before the service day does not", [SERVED, by("58", "11/20/2026", MTD.contents)], true],
];

describe("a Rule 12 motion withdraws the answer date computed from service (FRCP 12(a)(4))", () => {
  it("without a motion, the answer date of the QA case is Mon 12/14/2026, computed (12(a)(1)(A)(i))", () => {
    const answer = answerOf([SERVED]);
    expect(answer).toMatchObject({ date: "2026-12-14", byRule: { courtStates: false, citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)" } });
    expect(answer?.met).toBeUndefined();
  });

  it.each(WITHDRAWN)("%s", (_why, entries, motion, words) => {
    const answer = answerOf(entries);
    expect(answer).toBeDefined();
    expect(answer!.met).toMatchObject({ source: { entryNumber: motion }, words: expect.stringMatching(/MOTION/) });
    expect(answer!.met!.why).toMatch(words);
  });

  it.each(STANDS)("stands: %s", (_why, entries, motion) => {
    expect(rule12MotionOf(entries.at(-1)!.contents) !== undefined).toBe(motion);
    const answer = answerOf(entries);
    expect(answer).toBeDefined();
    expect(answer!.met).toBeUndefined();
  });

  it("12(a)(4) and 12(a)(1)(A)(ii): the 60-day answer after a waiver is withdrawn the same way", () => {
    const waiver = by("60", "11/9/2026", "WAIVER OF SERVICE Returned Executed by Acme Widgets, Inc. Globex Corporation waiver sent on 11/2/2026.");
    const answer = answerOf([waiver, by("62", "12/15/2026", MTD.contents)]);
    expect(answer).toMatchObject({ byRule: { citation: "Fed. R. Civ. P. 12(a)(1)(A)(ii)" }, met: { source: { entryNumber: "62" } } });
    expect(answer!.met!.why).toMatch(/Fed\. R\. Civ\. P\. 12\(a\)\(4\)\(A\)/);
  });

  it("two defendants of one name: Hornblower New York's motion leaves Hornblower Cruises and Events' date (the compute table's S.D.N.Y. parties)", () => {
    const answers = answersOf([
      by("60", "11/23/2026", "SUMMONS Returned Executed by Lenny Molina. Hornblower Cruises and Events, LLC served on 11/22/2026; Hornblower New York, LLC served on 11/22/2026."),
      by("62", "11/30/2026", "MOTION to Dismiss for Failure to State a Claim. Document filed by Hornblower New York, LLC."),
    ]);
    expect(answers.map((d) => [d.title, d.met?.source.entryNumber])).toEqual([["Answer due (Hornblower Cruises and Events, LLC)", undefined], ["Answer due (Hornblower New York, LLC)", "62"]]);
  });

  it("two defendants move together: each one's answer date is withdrawn", () => {
    const answers = answersOf([SERVED_TWO, by("62", "11/30/2026", "MOTION to Dismiss for Failure to State a Claim. Document filed by Globex Corporation, Initech LLC.")]);
    expect(answers.map((d) => [d.title, d.met?.source.entryNumber])).toEqual([["Answer due (Globex Corporation)", "62"], ["Answer due (Initech LLC)", "62"]]);
  });

  it("only the mover's date goes: Initech's motion withdraws Initech's answer date and leaves Globex's", () => {
    const answers = answersOf([SERVED_TWO, by("62", "11/30/2026", "MOTION to Dismiss for Failure to State a Claim. Document filed by Initech LLC.")]);
    expect(answers.map((d) => [d.title, d.met?.source.entryNumber])).toEqual([["Answer due (Globex Corporation)", undefined], ["Answer due (Initech LLC)", "62"]]);
  });

  it("the answer itself still meets the date, with no Rule 12 words (issue 23 item 2)", () => {
    const answer = answerOf([SERVED, by("63", "12/10/2026", "ANSWER to Complaint with Jury Demand. Document filed by Globex Corporation.")]);
    expect(answer?.met?.source.entryNumber).toBe("63");
    expect(answer?.met?.why).toBeUndefined();
  });

  it("issue 23 item 2 with the same care: Defendant Initech's answer does not meet Defendant Globex's date", () => {
    const answer = answerOf([
      by("60", "11/23/2026", "SUMMONS Returned Executed by Acme Widgets, Inc. Defendant Globex Corporation served on 11/22/2026."),
      by("63", "12/10/2026", "ANSWER to Complaint. Document filed by Defendant Initech LLC."),
    ]);
    expect(answer?.title).toBe("Answer due (Defendant Globex Corporation)");
    expect(answer?.met).toBeUndefined();
  });

  it("a date the court states is the court's word: a clerk's 'answer due' is not withdrawn (README: the court's date wins)", () => {
    const dates = docketDates([by("60", "11/23/2026", "SUMMONS RETURNED EXECUTED. Globex Corporation served on 11/22/2026, answer due 12/14/2026. Document filed by Acme Widgets, Inc."), MTD], { court: "nysd", docket: "1:26-cv-04521", holidays });
    const answer = dates.find((d) => d.key === "deadline:answer");
    expect(answer).toMatchObject({ date: "2026-12-14" });
    expect(answer?.met).toBeUndefined();
  });

  it("a later push's motion withdraws the stored date (metBy, the alert path); a motion after the answer date does not", () => {
    const [stored] = answersOf([SERVED]);
    expect(metBy(stored!, filingsOf([MTD]))).toMatchObject({ source: { entryNumber: "62" }, why: expect.stringContaining("12(a)(4)(A)") });
    expect(metBy(stored!, filingsOf([by("70", "12/15/2026", MTD.contents)]))).toBeUndefined();
  });

  it("12(a)(4)(A): after an order denying the motion, the new answer date is 14 days after it (Presidents' Day 2/15/2027 rolls it, 6(a)(1)(C))", () => {
    const order = by("75", "2/1/2027", "ORDER denying 62 Motion to Dismiss for Failure to State a Claim. Signed by Judge Analisa Torres on 2/1/2027.");
    const answers = answersOf([SERVED, MTD, order]);
    expect(answers.map((d) => [d.title, d.date, d.byRule?.citation, d.met])).toEqual([["Answer due", "2027-02-16", "Fed. R. Civ. P. 12(a)(4)(A)", undefined]]);
  });
});
