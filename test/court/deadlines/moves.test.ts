/**
 * Issue 23, item 3: a date moves only when an entry's text says so ("continued", "adjourned",
 * "rescheduled", "reset", "vacated", "postponed", "moved", "is now", "extended") and the earlier
 * event is identified unambiguously (its date, or the only one of its name still ahead). An
 * identical restatement is no move; otherwise both dates stay and the later one carries a
 * `conflict`. Every change carries its evidence: the entry and the words that made it a move.
 *
 * The three cases the issue reports are built like the real docket text they came from
 * (../shared/fixtures/real-dockets: casd_4, utd and njd_509180 transcripts' "Release of
 * Transcript Restriction set for …", S.D.N.Y. scheduling orders).
 */
import { describe, expect, it } from "vitest";
import type { CourtDate, CourtDateEntryInput } from "../../../src/court/deadlines/court-date.ts";
import { effectsOfEntry } from "../../../src/court/deadlines/effect.ts";
import { extractCourtDates, extractMentions } from "../../../src/court/deadlines/extract.ts";

const entry = (contents: string, date: string, number: string) => ({ contents, date, number });

/** The effect each entry has, read against the docket's dates (as an alert shows them). */
function effects(entries: CourtDateEntryInput[]) {
  const dates = extractCourtDates(entries);
  const byKey = new Map<string, CourtDate>(dates.map((d) => [d.key, d]));
  return { dates, of: (i: number) => effectsOfEntry(extractMentions(entries[i]!, i), byKey) };
}

const minute = (date: string) => `MINUTE ENTRY: Status Conference set for ${date} at 11:00 AM before Magistrate Judge Dana Lee.`;
const schedulingOrder = (conference: string) =>
  `CIVIL CASE MANAGEMENT PLAN AND SCHEDULING ORDER: Fact Discovery due by 3/2/2026. Expert Discovery due by 5/1/2026. ` +
  `Status Conference set for ${conference} at 10:00 AM in Courtroom 15A before Judge Dana Lee. SO ORDERED. (Signed by Judge Dana Lee on 10/20/2025)`;
const transcript = (held: string, filed: string, release: string) =>
  `NOTICE OF FILING OF OFFICIAL TRANSCRIPT of Proceedings (Status Conference) held on ${held}, before Judge Dana M. Sabraw. ` +
  `Court Reporter/Transcriber: Lee Ann Pence. Transcript may be viewed at the court public terminal or purchased through the Court ` +
  `Reporter/Transcriber before the deadline for Release of Transcript Restriction. If redaction is necessary, parties have seven calendar ` +
  `days from the file date of the Transcript to E-File the Notice of Intent to Request Redaction. Redacted Transcript Deadline set for ${filed}. ` +
  `Release of Transcript Restriction set for ${release}. (akr) (Entered: ${filed})`;

describe("issue 23.3: the three reported cases", () => {
  it("a second identical scheduling order restates the conference: it 'sets', never 'moves', it", () => {
    const entries = [
      entry(minute("11/18/2025"), "10/1/2025", "40"),
      entry(`ORDER: The Status Conference set for 11/18/2025 is adjourned to 12/9/2025 at 10:00 AM.`, "10/14/2025", "44"),
      entry(schedulingOrder("12/9/2025"), "10/20/2025", "45"),
      entry(schedulingOrder("12/9/2025"), "10/27/2025", "47"),
    ];
    const { dates, of } = effects(entries);
    const conference = dates.find((d) => d.kind === "conference")!;
    expect(conference).toMatchObject({ key: "conference:status", date: "2025-12-09", time: "10:00", status: "moved" });
    // The move is #44's, in its own words; the two scheduling orders only say it again.
    expect(conference.changedBy).toMatchObject({ source: { entryNumber: "44" }, words: expect.stringMatching(/adjourned to/i) });
    expect(conference.history.map((h) => h.date)).toEqual(["2025-11-18"]);
    expect(of(1)).toEqual([expect.objectContaining({ verb: "moves", date: "2025-12-09" })]);
    for (const i of [2, 3]) {
      const conferenceEffect = of(i).find((e) => e.kind === "conference")!;
      expect(conferenceEffect.verb, `entry ${i}`).toBe("sets");
      expect(conferenceEffect.restated, `entry ${i}`).toBe(true);
    }
  });

  it("a first scheduling order never adjourning the 12/16 conference keeps both dates and shows the conflict", () => {
    const entries = [entry(minute("12/16/2025"), "10/1/2025", "30"), entry(schedulingOrder("12/9/2025"), "10/20/2025", "33")];
    const { dates, of } = effects(entries);
    const conferences = dates.filter((d) => d.kind === "conference");
    expect(conferences.map((d) => [d.date, d.status, d.history.length])).toEqual([
      ["2025-12-09", "scheduled", 0],
      ["2025-12-16", "scheduled", 0],
    ]);
    const later = conferences.find((d) => d.date === "2025-12-09")!;
    expect(later.key).not.toBe("conference:status");
    expect(later.key).toMatch(/^conference:status-[a-z0-9-]+$/);
    expect(later.conflict).toMatchObject({ key: "conference:status", date: "2025-12-16", source: { entryNumber: "30" } });
    const e = of(1).find((x) => x.kind === "conference")!;
    expect(e.verb).toBe("sets");
    expect(e.conflict).toMatchObject({ date: "2025-12-16" });
  });

  it("three transcripts' release dates are three dates: none moves another", () => {
    const entries = [
      entry(transcript("9/8/2011", "9/19/2011", "12/19/2011"), "9/19/2011", "38"),
      entry(transcript("10/3/2011", "10/11/2011", "1/9/2012"), "10/11/2011", "41"),
      entry(transcript("11/7/2011", "11/8/2011", "2/6/2012"), "11/8/2011", "45"),
    ];
    const { dates, of } = effects(entries);
    const releases = dates.filter((d) => /release/.test(d.key));
    expect(releases.map((d) => [d.date, d.status, d.history.length, d.source.entryNumber])).toEqual([
      ["2011-12-19", "scheduled", 0, "38"],
      ["2012-01-09", "scheduled", 0, "41"],
      ["2012-02-06", "scheduled", 0, "45"],
    ]);
    expect(new Set(releases.map((d) => d.key)).size).toBe(3);
    // A transcript's own deadlines are its own: no conflict between two transcripts.
    for (const d of releases) expect(d.conflict).toBeUndefined();
    for (const i of [1, 2]) expect(of(i).map((x) => x.verb)).not.toContain("moves");
  });
});

describe("issue 23.3: what makes a move, and its evidence", () => {
  it.each([
    ["Status Conference reset for 12/9/2025 10:00 AM.", /reset for/i],
    ["The status conference is now scheduled for December 9, 2025 at 10:00 a.m.", /is now/i],
    ["ORDER: the Status Conference is rescheduled to 12/9/2025 at 10:00 AM.", /rescheduled to/i],
    ["ORDER granting letter motion: the Status Conference is postponed to 12/9/2025 at 10:00 AM.", /postponed to/i],
    ["Status Conference has been continued from 11/18/2025 to 12/9/2025 at 10:00 AM.", /continued/i],
  ])("%s moves the one conference ahead, citing its words", (text, words) => {
    const dates = extractCourtDates([entry(minute("11/18/2025"), "10/1/2025", "40"), entry(text, "10/14/2025", "44")]);
    expect(dates).toHaveLength(1);
    expect(dates[0]).toMatchObject({ date: "2025-12-09", status: "moved", history: [{ date: "2025-11-18" }] });
    expect(dates[0]!.changedBy).toMatchObject({ source: { entryNumber: "44", entryDate: "2025-10-14" } });
    expect(dates[0]!.changedBy!.words).toMatch(words);
    // The earlier date keeps the evidence of what replaced it.
    expect(dates[0]!.history[0]!.changedBy).toMatchObject({ source: { entryNumber: "44" } });
  });

  it("a vacatur carries its entry and words, dated or not", () => {
    const dated = extractCourtDates([
      entry(minute("11/18/2025"), "10/1/2025", "40"),
      entry("ORDER: The Status Conference set for 11/18/2025 is VACATED.", "10/14/2025", "44"),
    ]);
    expect(dated[0]).toMatchObject({ status: "cancelled", changedBy: { source: { entryNumber: "44" }, words: expect.stringMatching(/VACATED/) } });
    const dateless = extractCourtDates([
      entry(minute("11/18/2025"), "10/1/2025", "40"),
      entry("ORDER vacating Status Conference. The parties have settled.", "10/14/2025", "44"),
    ]);
    expect(dateless[0]).toMatchObject({ status: "cancelled", changedBy: { source: { entryNumber: "44" }, words: expect.stringMatching(/vacating Status Conference/i) } });
  });

  it("a move that names the earlier date moves that one, of two conferences ahead", () => {
    const dates = extractCourtDates([
      entry(minute("12/16/2025"), "10/1/2025", "30"),
      entry(schedulingOrder("12/9/2025"), "10/20/2025", "33"),
      entry("ORDER: The status conference scheduled for December 16, 2025 is adjourned to January 6, 2026 at 11:00 a.m.", "11/3/2025", "36"),
    ]);
    const conferences = dates.filter((d) => d.kind === "conference").map((d) => [d.date, d.status, d.history.map((h) => h.date)]);
    expect(conferences).toEqual([
      ["2025-12-09", "scheduled", []],
      ["2026-01-06", "moved", ["2025-12-16"]],
    ]);
  });

  it("a move that does not say which of two conferences ahead it moves keeps all three, flagged", () => {
    const dates = extractCourtDates([
      entry(minute("12/16/2025"), "10/1/2025", "30"),
      entry(schedulingOrder("12/9/2025"), "10/20/2025", "33"),
      entry("NOTICE: Status Conference reset for 1/6/2026 at 11:00 AM.", "11/3/2025", "36"),
    ]);
    const conferences = dates.filter((d) => d.kind === "conference");
    expect(conferences.map((d) => d.date)).toEqual(["2025-12-09", "2025-12-16", "2026-01-06"]);
    expect(conferences.every((d) => d.status === "scheduled")).toBe(true);
    expect(conferences.find((d) => d.date === "2026-01-06")!.conflict).toBeDefined();
  });

  it("a date already passed is not in conflict with the next one set", () => {
    const dates = extractCourtDates([
      entry(minute("5/1/2025"), "3/1/2025", "10"),
      entry("Status Conference set for 9/1/2025 09:00 AM.", "6/2/2025", "20"),
    ]);
    expect(dates).toMatchObject([{ key: "conference:status", date: "2025-09-01", status: "scheduled", history: [] }]);
    expect(dates[0]!.conflict).toBeUndefined();
  });
});
