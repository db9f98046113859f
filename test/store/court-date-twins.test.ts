/**
 * One event per real date (sandbox QA): the same hearing set again by a later entry, and the same
 * summons returned again, are one row whatever keys the readings give them (a push reads one
 * entry, the case view and read-now the whole docket; the rules key a deadline by its trigger
 * entry). The entries are the sandbox's own (sandbox/docket-service/corpus/live.ts, flagship.ts),
 * numbered as in the QA report. Two different dates of one name still both stand.
 */
import { afterEach, expect, it } from "vitest";
import type { CourtDate } from "../../src/court/deadlines/court-date.ts";
import { datesOfEntries } from "../../src/features/deadlines/ingest.ts";
import { createHolidayCalendar } from "../../src/holidays.ts";
import { docketDates } from "../../src/court/rules/index.ts";
import { describeStores, type Opened } from "./contract/stores.ts";

const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Widgets, Inc. v. Globex Corporation" };
const MATTER = "ACME-001";
const holidays = createHolidayCalendar();

const entry = (number: string, date: string, text: string) => ({ number, date, contents: `<span class='description'>${text}</span> entered ${date}.` });
const CONFERENCE_1216 = entry("54", "11/16/2026", "ORDER: A Status Conference is set for 12/16/2026 at 10:00 AM in Courtroom 15A, 500 Pearl Street, New York, NY before Judge Eleanor R. Whitcombe. The parties shall file a joint letter on the status of expert discovery one week before the conference. (Signed by Judge Eleanor R. Whitcombe on 11/16/2026) (ar)");
const scheduling = (number: string) => entry(number, "11/23/2026", "SCHEDULING ORDER: Status Conference set for 12/9/2026 at 10:00 AM in Courtroom 15A before Judge Eleanor R. Whitcombe. Joint Letter due by 12/7/2026. (Signed by Judge Eleanor R. Whitcombe on 11/23/2026) (egg)");
const summons = (number: string) => entry(number, "11/23/2026", "SUMMONS Returned Executed by Acme Widgets, Inc.. Globex Corporation served on 11/22/2026. (Attachments: # 1 Affidavit of Service)");
const motion = (number: string, what: string) => entry(number, "11/23/2026", `MOTION ${what}. Document filed by Globex Corporation. (Attachments: # 1 Memorandum of Law)`);

/** The dates of `entries` as the bot reads them: a push's own entries, or a whole docket. */
const read = (entries: ReturnType<typeof entry>[]): CourtDate[] => docketDates(entries, { court: CASE.court, docket: CASE.docket, holidays });

describeStores("one event per real date (court-date twins)", ({ open, fresh, sql }) => {
  let o: Opened;
  const record = (dates: readonly CourtDate[]) => o.store.recordCourtDates({ ...CASE, matters: [MATTER], dates });
  const listed = async () => (await o.store.courtDatesOfMatters([MATTER])).map((d) => [d.title, d.date, d.time ?? "", `#${d.source.entryNumber}`]);
  afterEach(() => o?.store.close());

  it("the same scheduling order docketed twice, read by pushes and then the whole docket: one conference row, its source the latest entry, its key kept", async () => {
    o = await open();
    await record(read([CONFERENCE_1216])); // read at once when tracked
    await record(read([scheduling("60")])); // the push of #60: a second status conference, both stand
    const first = (await o.store.courtDatesOfMatters([MATTER])).find((d) => d.date === "2026-12-09" && d.kind === "conference")!;
    await record(read([scheduling("69")])); // the push of #69
    await record(read([CONFERENCE_1216, scheduling("60"), scheduling("69")])); // the case view: the whole docket
    expect(await listed()).toEqual([
      ["Joint Letter due", "2026-12-07", "", "#69"],
      ["Status Conference", "2026-12-09", "10:00", "#69"],
      ["File a joint letter on the status", "2026-12-09", "", "#54"],
      ["Status Conference", "2026-12-16", "10:00", "#54"],
    ]);
    const rows = await o.store.courtDatesOfMatters([MATTER]);
    const conference = rows.find((d) => d.date === "2026-12-09" && d.kind === "conference")!;
    // The same row (its UID is made from its key): the earlier entry re-pointed to the later one.
    expect([conference.id, conference.key, conference.setBy?.entryNumber]).toEqual([first.id, first.key, "60"]);
    // Two different dates of one name still both stand, the conflict named.
    expect(conference.conflict).toMatchObject({ date: "2026-12-16" });
  });

  it("the whole docket read before the pushes arrive gives the same one row", async () => {
    o = await open();
    await record(read([CONFERENCE_1216, scheduling("60")]));
    await record(read([scheduling("69")]));
    await record(read([scheduling("60")]));
    const conferences = (await o.store.courtDatesOfMatters([MATTER])).filter((d) => d.kind === "conference");
    expect(conferences.map((d) => [d.date, d.source.entryNumber])).toEqual([["2026-12-09", "69"], ["2026-12-16", "54"]]);
  });

  it("the same summons returned three times: one computed answer date, pushed one by one or read together", async () => {
    o = await open();
    for (const n of ["61", "64", "66"]) await record(read([summons(n)]));
    await record(read([summons("61"), summons("64"), summons("66")]));
    const answers = (await o.store.courtDatesOfMatters([MATTER])).filter((d) => d.title.startsWith("Answer due"));
    expect(answers.map((d) => [d.title, d.date, d.source.entryNumber, d.byRule?.trigger.entryNumber])).toEqual([
      ["Answer due (Globex Corporation)", "2026-12-14", "66", "66"],
    ]);
  });

  it("two different motions filed the same day keep an opposition each; the same motion twice has one", async () => {
    o = await open();
    await record(read([motion("70", "to Dismiss for Failure to State a Claim"), motion("71", "to Dismiss for Failure to State a Claim"), motion("72", "for Summary Judgment")]));
    const oppositions = (await o.store.courtDatesOfMatters([MATTER])).filter((d) => d.title === "Opposition due");
    expect(oppositions.map((d) => d.byRule?.trigger.entryNumber).sort()).toEqual(["71", "72"]);
  });

  it("rows of one date stored twice by an earlier build are made one when the case's dates are written again", async () => {
    const at = fresh();
    o = await open({ at });
    await record(read([CONFERENCE_1216]));
    await record(read([scheduling("60")]));
    const kept = (await o.store.courtDatesOfMatters([MATTER])).find((d) => d.key === "conference:status-on-2026-12-09")!;
    await sql(at, `INSERT INTO court_dates (case_key, court, docket, case_title, date_key, kind, title, date, time, place, judge, status, source_number,
      source_date, confidence, history, evidence, computed_from, met, superseded_by, sequence, created_at, updated_at)
      SELECT case_key, court, docket, case_title, 'conference:status-60', kind, title, date, time, place, judge, status, source_number,
      source_date, confidence, history, evidence, computed_from, met, superseded_by, sequence, created_at, updated_at
      FROM court_dates WHERE date_key = 'conference:status-on-2026-12-09'`);
    expect((await o.store.courtDatesOfMatters([MATTER])).filter((d) => d.date === "2026-12-09" && d.kind === "conference")).toHaveLength(2);
    const r = await record(read([CONFERENCE_1216, scheduling("60"), scheduling("69")]));
    const conferences = (await o.store.courtDatesOfMatters([MATTER])).filter((d) => d.date === "2026-12-09" && d.kind === "conference");
    expect(conferences.map((d) => [d.id, d.key, d.source.entryNumber])).toEqual([[kept.id, kept.key, "69"]]);
    expect(r.records.map((d) => d.key)).not.toContain("conference:status-60");
    // The superseded twin is not read back one by one either (a reminder claimed for it before
    // would otherwise post a second reminder of the one conference).
    const [twin] = await sql(at, `SELECT id, superseded_by FROM court_dates WHERE date_key = 'conference:status-60'`);
    expect(twin!.superseded_by).not.toBeNull();
    expect(await o.store.getCourtDate(Number(twin!.id), [MATTER])).toBeUndefined();
    // Nor signed off from a message that still shows it: the click finds no date.
    expect(await o.store.setCalendared({ teamId: "T1", channelId: "C1", courtDateId: Number(twin!.id), userId: "U1", calendared: true }, [MATTER])).toBeUndefined();
    expect((await o.store.getCourtDate(kept.id, [MATTER]))?.source.entryNumber).toBe("69");
  });

});

it("the case card reads one answer date from the same summons returned three times", () => {
  const dates = datesOfEntries({ court: CASE.court, docket: CASE.docket, entries: [summons("61"), summons("64"), summons("66")], holidays });
  expect(dates.map((d) => [d.title, d.date, d.source.entryNumber])).toEqual([["Answer due (Globex Corporation)", "2026-12-14", "66"]]);
});
