/**
 * extractMentions, one phrase form at a time (issue 16, item 1): what real dockets say, in short
 * hand-written entries. The real dockets themselves are measured in measure.test.ts.
 */
import { describe, expect, it } from "vitest";
import { extractMentions } from "../../../src/court/deadlines/extract.ts";
import type { CourtDateMention } from "../../../src/court/deadlines/court-date.ts";

const entry = (contents: string, date = "1/2/2025", number?: string) => ({ contents, date, ...(number ? { number } : {}) });
const read = (text: string) => extractMentions(entry(text), 0);
const brief = (ms: CourtDateMention[]) =>
  ms.map((m) => `${m.key} ${m.date}${m.time ? ` ${m.time}` : ""}${m.cancels ? " cancels" : ""}`);

describe("deadlines: 'X due (by) DATE'", () => {
  it.each([
    ["Set/Reset Deadlines as to 45 MOTION to Dismiss: Responses due by 1/13/2025. Replies due by 1/27/2025.", ["deadline:responses 2025-01-13", "deadline:replies 2025-01-27"]],
    ["SUMMONS Returned Executed. ACME INC. served on 2/12/2024, answer due 3/4/2024. (Doe, Jane)", ["deadline:answer 2024-03-04"]],
    ["Expert Reports due by 12/8/2026. Rebuttal Expert Reports due by 1/7/2027.", ["deadline:expert-reports 2026-12-08", "deadline:rebuttal-expert-reports 2027-01-07"]],
    ["SCHEDULING ORDER: Discovery due by 3/1/2025. Fact Discovery due by 2/1/2025. Dispositive Motions due by 4/15/2025.", ["deadline:discovery 2025-03-01", "deadline:fact-discovery 2025-02-01", "deadline:dispositive-motions 2025-04-15"]],
    ["Redaction Request due 1/2/2024. Redacted Transcript Deadline set for 1/12/2024. Release of Transcript Restriction set for 3/11/2024.", ["deadline:redaction-request 2024-01-02", "deadline:redacted-transcript 2024-01-12", "deadline:release-transcript-restriction 2024-03-11"]],
    ["Redaction Request to Transcription Agency due, but not filed, by 6/1/2023.", ["deadline:redaction-request-transcription-agency 2023-06-01"]],
    ["Statement - Form 22A Due: 8/26/2009.", ["deadline:statement-form-22a 2009-08-26"]],
    ["Last Day to File Claims 3/11/96", ["deadline:last-day-file-claims 1996-03-11"]],
  ])("%s", (text, expected) => {
    const ms = read(text);
    expect(brief(ms)).toEqual(expected);
    for (const m of ms) expect(m).toMatchObject({ kind: "deadline" }), expect(m.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe("titles", () => {
  it("titles a deadline as a reader says it: the filing and 'due', or the docket's own words", () => {
    const text =
      "Expert Reports due by 12/8/2026. Redacted Transcript Deadline set for 1/3/2027. Plaintiffs shall file their opening brief by 2/27/2027.";
    expect(read(text).map((m) => m.title)).toEqual(["Expert Reports due", "Redacted Transcript Deadline", "File their opening brief"]);
  });
});

describe("deadlines an order's sentences set (lower confidence)", () => {
  it.each([
    ["Plaintiffs shall file their opening brief by February 27, 2024. Defendants' response shall be filed by March 12, 2024.", ["2024-02-27", "2024-03-12"]],
    ["TEXT ORDER: By March 14, 2024, the parties shall file a joint letter informing the Court.", ["2024-03-14"]],
    ["No later than July 24, 2023, the parties shall file a joint letter.", ["2023-07-24"]],
    ["Motion to extend the time to file a response is granted and the time is extended to and including July 1, 2022.", ["2022-07-01"]],
    ["ORDER granting Motion for Leave to File. Defendant may have until November 7, 2008, to file a responsive brief.", ["2008-11-07"]],
    ["Defendant's Motions are to be filed by August 30, 2004", ["2004-08-30"]],
  ])("%s", (text, expected) => {
    const ms = read(text);
    expect(ms.map((m) => m.date)).toEqual(expected);
    for (const m of ms) expect(m.kind).toBe("deadline"), expect(m.confidence).toBeGreaterThanOrEqual(0.5);
  });
});

describe("hearings, conferences, trials: 'X set for DATE'", () => {
  it("reads the time, the courtroom and the judge", () => {
    const [m] = read("Status Conference set for 9/15/2025 10:00 AM in Courtroom 14A before Judge Jane Q. Roe. (abc)");
    expect(m).toMatchObject({
      key: "conference:status", kind: "conference", title: "Status Conference", date: "2025-09-15", time: "10:00",
      place: "Courtroom 14A", judge: "Judge Jane Q. Roe",
    });
    expect(m!.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    ["Motion Hearing set for 3/4/2025 02:00 PM in Courtroom 14A before Judge X.", "hearing:motion 2025-03-04 14:00", "hearing"],
    ["Jury Trial set for 6/26/2023 at 09:00 AM in Courtroom 12C.", "trial:jury 2023-06-26 09:00", "trial"],
    ["Final Pretrial Conference set for 5/26/2023 at 01:00 PM.", "conference:final-pretrial 2023-05-26 13:00", "conference"],
    ["ORDER TO SHOW CAUSE. Show Cause Hearing set for 12/16/2009 at 11:00 AM.", "hearing:show-cause 2009-12-16 11:00", "hearing"],
    ["Telephone Conference set for 10/19/2022 at 10:00 AM before Magistrate Judge Ona T. Wang.", "conference:telephone 2022-10-19 10:00", "conference"],
    ["Set/Reset Hearings: Status Conference set for 5/1/2025 09:00 AM.", "conference:status 2025-05-01 09:00", "conference"],
    ["Meeting of Creditors with 341(a) meeting to be held on 09/23/2009 at 09:00 AM at RM 3-110.", "hearing:341-meeting 2009-09-23 09:00", "hearing"],
    ["NOTICE of Hearing: set Arraignment for 10:15 10/27/03 before Magistrate Judge X.", "hearing:arraignment 2003-10-27 10:15", "hearing"],
    ["Notice of Motion ... Motion hearing set for 1:30 03/24/2005 KSC", "hearing:motion 2005-03-24 13:30", "hearing"],
    ["A status conference is scheduled for July 31, 2023, at 2:30 p.m. Please dial in.", "conference:status 2023-07-31 14:30", "conference"],
    ["On 5/8/2023 at 10:30 AM there shall be an Initial Scheduling Conference before Magistrate Judge X.", "conference:initial-scheduling 2023-05-08 10:30", "conference"],
  ])("%s", (text, expected, kind) => {
    const ms = read(text);
    expect(brief(ms)).toEqual([expected]);
    expect(ms[0]!.kind).toBe(kind);
  });

  it("reads a scheduling order that lists many dates", () => {
    const text =
      "CIVIL CASE MANAGEMENT PLAN AND SCHEDULING ORDER: Motions due by 10/29/2021. Responses due by 8/30/2021 Deposition due by 6/15/2021. " +
      "Fact Discovery due by 7/30/2021. Expert Discovery due by 9/29/2021. Status Conference set for 10/12/2021 at 04:00 PM before Judge Gregory H. Woods.";
    expect(brief(read(text))).toEqual([
      "deadline:motions 2021-10-29", "deadline:responses 2021-08-30", "deadline:deposition 2021-06-15",
      "deadline:fact-discovery 2021-07-30", "deadline:expert-discovery 2021-09-29", "conference:status 2021-10-12 16:00",
    ]);
  });
});

describe("moves and cancellations", () => {
  it("names only the new date of 'set for D1 is reset to D2', under the event's key", () => {
    expect(brief(read("Sentence With PSR set for 7/27/2012 is reset to 9/28/2012 09:00 AM in Courtroom 10."))).toEqual([
      "hearing:sentencing 2012-09-28 09:00",
    ]);
    expect(brief(read("Motion Hearing/Trial Setting set for 7/29/2011 is continued to 8/12/2011 11:00 AM before Judge X."))).toEqual([
      "hearing:motion-trial-setting 2011-08-12 11:00",
    ]);
  });

  it("keeps the key of a conference 'adjourned to' a new date", () => {
    expect(brief(read("TEXT ORDER: the status conference scheduled for July 31, 2023 is adjourned to October 30, 2023, at 3:00 p.m."))).toEqual([
      "conference:status 2023-10-30 15:00",
    ]);
    expect(brief(read("Status Conference reset for 6/1/2025 10:00 AM."))).toEqual(["conference:status 2025-06-01 10:00"]);
    expect(brief(read("Final Pretrial Conference has been continued from 12/27/2004 10:00:00 AM to 02/22/2005 10:00:00 AM"))).toEqual([
      "conference:final-pretrial 2005-02-22 10:00",
    ]);
  });

  it.each([
    ["ORDER: The Motion Hearing set for 3/4/2025 is VACATED.", "hearing:motion 2025-03-04 cancels"],
    ["the status conference currently scheduled for October 12, 2021 is adjourned sine die.", "conference:status 2021-10-12 cancels"],
    ["Status Conference set for 5/1/2025 is cancelled.", "conference:status 2025-05-01 cancels"],
    ["ORDER vacating Status Conference set for 5/1/2025.", "conference:status 2025-05-01 cancels"],
    ["Mediation Conference scheduled for 06/07/2021 was not held.", "conference:mediation 2021-06-07 cancels"],
  ])("%s", (text, expected) => {
    expect(brief(read(text))).toEqual([expected]);
  });

  it("cancels every date of 'X of D1 and Y set for D2 are vacated'", () => {
    const ms = read("Terminate Deadlines and Hearings: The motion filing deadline of 12/3/08 and the Jury trial set for 12/22/08 are vacated.");
    expect(brief(ms)).toEqual(["deadline:motion-filing 2008-12-03 cancels", "trial:jury 2008-12-22 cancels"]);
  });

  it("moves rather than cancels 'VACATED and RESET to'", () => {
    expect(brief(read("ORDER re Final Pretrial Conference set for 10/8/2008 at 4:00 PM is VACATED and RESET to 10/9/2008 at 04:00 PM."))).toEqual([
      "conference:final-pretrial 2008-10-09 16:00",
    ]);
  });
});

describe("dates that are not court dates", () => {
  it.each([
    ["filing and entry stamps", "COMPLAINT against ACME. (Filed on 1/2/2024) (Entered: 01/08/2007)"],
    ["an event already held", "Minute Entry: Motion Hearing held on 6/10/2011. Status Conference held on 2/27/2009."],
    ["signing and service", "ORDER granting motion. Signed by Judge X on 1/3/2024. Served on 1/4/2024. Modified on 1/5/2024."],
    ["a date of birth", "Defendant DOB: 1/2/1980. Date of birth 3/4/1975."],
    ["a document date", "LETTER addressed to Judge X dated October 1, 2021 re: discovery. Certificate of service dated 05/13/2020."],
    ["a request not yet granted", "LETTER MOTION to Adjourn Conference scheduled for Friday, September 23, 2022 addressed to Judge X."],
    ["a voided entry", "ENTERED IN ERROR. Redaction Request due 4/4/2022. Redacted Transcript Deadline set for 4/14/2022."],
    ["a relative deadline", "Optional Reply Brief due 21 days after service of Answering Brief."],
  ])("%s", (_, text) => {
    expect(read(text).filter((m) => m.confidence >= 0.5)).toEqual([]);
  });

  it("gives a merely mentioned hearing less than the calendar's confidence", () => {
    const ms = read("DECORUM ORDER re: the Motion Hearing on September 25, 2009. Signed by Judge X on 9/21/09.");
    expect(ms.every((m) => m.confidence < 0.5)).toBe(true);
  });
});

describe("the source it names", () => {
  it("gives the entry's number, date and index", () => {
    const [m] = extractMentions(entry("Responses due by 1/13/2025.", "12/30/2024", "45"), 7);
    expect(m!.source).toEqual({ entryNumber: "45", entryDate: "2024-12-30", entryIndex: 7 });
  });

  it("reads description when contents is empty, and nothing from an entry of the wrong shape", () => {
    expect(brief(extractMentions({ description: "Answer due 3/4/2024", date: "2024-02-12" }, 0))).toEqual(["deadline:answer 2024-03-04"]);
    expect(extractMentions({ contents: 42, date: null, number: {} } as never, 0)).toEqual([]);
  });
});
