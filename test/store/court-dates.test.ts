import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CourtDate } from "../../src/court/deadlines/court-date.ts";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B } from "./helpers.ts";

const CASE = { court: "United States District Court for the Southern District of New York", docket: "1:23-cv-01234" };
const SAME_CASE_SHORT = { court: "nysd", docket: "1:23-CV-01234" };

function date(over: Partial<CourtDate> = {}): CourtDate {
  return {
    key: "deadline:expert-reports", kind: "deadline", title: "Expert Reports due", date: "2026-12-08",
    source: { entryNumber: "40", entryDate: "2026-11-02", entryIndex: 0 }, confidence: 0.9, status: "scheduled", history: [],
    ...over,
  };
}
const conference = (over: Partial<CourtDate> = {}) =>
  date({ key: "conference:status", kind: "conference", title: "Status Conference", date: "2026-12-01", time: "10:00", place: "Courtroom 15A", ...over });

describeStores("court dates (issue 16)", ({ open }) => {
  let o: Opened;
  beforeEach(async () => {
    o = await open();
  });
  afterEach(() => o.store.close());

  it("records a case's dates under its matter and reads them by matter, soonest first, walled", async () => {
    const r = await o.store.recordCourtDates({ ...CASE, caseTitle: "Acme v. Widgets", matters: ["ACME-001"], dates: [date(), conference()] });
    expect(r.changed).toHaveLength(2);
    const acme = await o.store.courtDatesOfMatters(["ACME-001"]);
    expect(acme.map((d) => [d.key, d.date, d.time, d.sequence, d.matters])).toEqual([
      ["conference:status", "2026-12-01", "10:00", 0, ["ACME-001"]],
      ["deadline:expert-reports", "2026-12-08", undefined, 0, ["ACME-001"]],
    ]);
    expect(acme[0]).toMatchObject({ place: "Courtroom 15A", caseTitle: "Acme v. Widgets", status: "scheduled", source: { entryNumber: "40", entryDate: "2026-11-02" } });
    expect(await o.store.courtDatesOfMatters(["OTHER-002"])).toEqual([]);
    expect(await o.store.courtDatesOfMatters([])).toEqual([]);
    expect(await o.store.courtDatesOfMatters(["ACME-001"], { from: "2026-12-02" })).toHaveLength(1);
  });

  it("names only the asking matters of a case two matters follow", async () => {
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [date()] });
    await o.store.recordCourtDates({ ...SAME_CASE_SHORT, matters: ["IP-007"], dates: [date()] });
    const [d] = await o.store.courtDatesOfMatters(["IP-007"]);
    expect(d?.matters).toEqual(["IP-007"]);
    expect((await o.store.courtDatesOfMatters(["ACME-001", "IP-007"]))[0]?.matters).toEqual(["ACME-001", "IP-007"]);
    expect(await o.store.courtDatesOfMatters(["ACME-001", "IP-007"])).toHaveLength(1);
  });

  it("a later entry that says the date moved moves it: sequence rises, history keeps the earlier date and the evidence; an older entry changes nothing", async () => {
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [conference()] });
    const by = { source: { entryNumber: "45", entryDate: "2026-11-20", entryIndex: 3 }, words: "is adjourned to" };
    const moved = await o.store.recordCourtDates({
      ...SAME_CASE_SHORT,
      dates: [conference({ date: "2026-12-15", time: "14:30", source: by.source, changedBy: by })],
    });
    expect(moved.changed).toHaveLength(1);
    const [d] = await o.store.courtDatesOfMatters(["ACME-001"]);
    expect(d).toMatchObject({ date: "2026-12-15", time: "14:30", status: "moved", sequence: 1, changedBy: { words: "is adjourned to", source: { entryNumber: "45" } } });
    expect(d?.history).toEqual([{
      date: "2026-12-01", time: "10:00", source: { entryNumber: "40", entryDate: "2026-11-02", entryIndex: -1 },
      changedBy: { source: { entryNumber: "45", entryDate: "2026-11-20", entryIndex: -1 }, words: "is adjourned to" },
    }]);

    const stale = await o.store.recordCourtDates({ ...CASE, dates: [conference()] });
    expect(stale.changed).toEqual([]);
    expect((await o.store.courtDatesOfMatters(["ACME-001"]))[0]).toMatchObject({ date: "2026-12-15", sequence: 1 });

    const again = await o.store.recordCourtDates({ ...CASE, dates: [conference({ date: "2026-12-15", time: "14:30", source: { entryNumber: "45", entryDate: "2026-11-20", entryIndex: 0 } })] });
    expect(again.changed).toEqual([]);
  });

  it("a cancellation keeps the date, raises the sequence, and hides it unless asked", async () => {
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [conference()] });
    await o.store.recordCourtDates({ ...CASE, dates: [conference({ date: "2026-11-25", status: "cancelled", source: { entryNumber: "41", entryDate: "2026-11-10", entryIndex: 1 } })] });
    expect(await o.store.courtDatesOfMatters(["ACME-001"])).toEqual([]);
    const [d] = await o.store.courtDatesOfMatters(["ACME-001"], { includeCancelled: true });
    expect(d).toMatchObject({ date: "2026-12-01", status: "cancelled", sequence: 1 });
    expect(await o.store.courtDatesOfCase(SAME_CASE_SHORT, ["ACME-001"], { includeCancelled: true })).toHaveLength(1);
    expect(await o.store.courtDatesOfCase(SAME_CASE_SHORT, ["OTHER-002"], { includeCancelled: true })).toEqual([]);
  });

  it("a date a later filing meets, or ends, raises the sequence (a calendar shows it done or cancelled); the same again changes nothing", async () => {
    const answer = date({ key: "deadline:answer", title: "Answer due", date: "2026-12-14" });
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [answer] });
    const motion = { entryNumber: "60", entryDate: "2026-11-25", entryIndex: 2 };
    const ended = { ...answer, met: { source: motion, words: "MOTION to Dismiss", why: "The Rule 12 motion (#60) changes the time to answer" } };
    expect((await o.store.recordCourtDates({ ...CASE, dates: [ended] })).changed).toHaveLength(1);
    const read = async () => (await o.store.courtDatesOfMatters(["ACME-001"], { includeMet: true })).find((d) => d.key === "deadline:answer");
    expect(await read()).toMatchObject({ date: "2026-12-14", status: "scheduled", sequence: 1, met: { why: expect.stringContaining("Rule 12") } });
    expect((await o.store.recordCourtDates({ ...CASE, dates: [{ ...ended, met: { ...ended.met, source: { ...motion, entryIndex: 5 } } }] })).changed).toEqual([]);
    expect((await read())?.sequence).toBe(1);
    // Met by a filing (no why) reads otherwise again: another revision. A later read without the
    // filing keeps what met it (the merge keeps `met`), so nothing changes.
    await o.store.recordCourtDates({ ...CASE, dates: [{ ...answer, met: { source: motion, words: "ANSWER" } }] });
    expect((await read())?.sequence).toBe(2);
    expect((await o.store.recordCourtDates({ ...CASE, dates: [answer] })).changed).toEqual([]);
    expect((await read())?.sequence).toBe(2);
  });

  it("a matter that untracked the case stops seeing its dates; one that never subscribed through docketbot keeps them", async () => {
    await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001", "PUSHED-003"], dates: [date()] });
    const sub = { teamId: "T0001", channelId: "C0A", clientMatter: "ACME-001", target: SAME_CASE_SHORT, userId: "U1" };
    await o.store.subscribe({ ...sub, frequency: "daily" });
    expect((await o.store.courtDatesOfMatters(["ACME-001"]))).toHaveLength(1);
    await o.store.unsubscribe(sub);
    expect(await o.store.courtDatesOfMatters(["ACME-001"])).toEqual([]);
    expect((await o.store.courtDatesOfMatters(["ACME-001", "PUSHED-003"]))[0]?.matters).toEqual(["PUSHED-003"]);
    expect((await o.store.courtDatesBetween("2026-01-01", "2027-12-31"))[0]?.matters).toEqual(["PUSHED-003"]);
    const id = (await o.store.courtDatesOfMatters(["PUSHED-003"]))[0]!.id;
    expect(await o.store.getCourtDate(id, ["ACME-001"])).toBeUndefined();
    await o.store.subscribe({ ...sub, frequency: "weekly" });
    expect(await o.store.courtDatesOfMatters(["ACME-001"])).toHaveLength(1);
  });

  it("refuses a malformed date", async () => {
    const e = await o.store.recordCourtDates({ ...CASE, dates: [date({ date: "12/8/2026" })] }).catch((x: unknown) => x);
    expect(isStoreError(e) && e.code).toBe(StoreErrorCode.InvalidInput);
  });

  it("Calendared ✓ per channel and date: who and when, undo, stale after a move, walled", async () => {
    const { records } = await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [conference()] });
    const id = records[0]!.id;
    expect(await o.store.setCalendared({ ...C_A, courtDateId: id, userId: "U1", calendared: true }, ["OTHER-002"])).toBeUndefined();
    const set = await o.store.setCalendared({ ...C_A, courtDateId: id, userId: "U1", calendared: true }, ["ACME-001"]);
    expect(set?.signOff).toMatchObject({ calendaredBy: "U1", calendaredAt: o.clock.now(), date: "2026-12-01" });
    // A second click by someone else changes nothing: the first stays shown.
    const again = await o.store.setCalendared({ ...C_A, courtDateId: id, userId: "U2", calendared: true }, ["ACME-001"]);
    expect(again?.signOff?.calendaredBy).toBe("U1");
    expect(await o.store.calendaredIn(C_A, [id])).toHaveLength(1);
    expect(await o.store.calendaredIn(C_B, [id])).toEqual([]);
    const undone = await o.store.setCalendared({ ...C_A, courtDateId: id, userId: "U2", calendared: false }, ["ACME-001"]);
    expect(undone?.signOff).toBeUndefined();
    await o.store.setCalendared({ ...C_A, courtDateId: id, userId: "U1", calendared: true }, ["ACME-001"]);
    const source = { entryNumber: "50", entryDate: "2026-11-21", entryIndex: 0 };
    await o.store.recordCourtDates({ ...CASE, dates: [conference({ date: "2026-12-09", source, changedBy: { source, words: "reset to" } })] });
    expect(await o.store.calendaredIn(C_A, [id])).toEqual([]);
  });

  it("reminder settings default to 7 and 1 days; runs are claimed once and finished once", async () => {
    expect((await o.store.getReminderSettings(C_A)).daysBefore).toEqual([7, 1]);
    expect((await o.store.saveReminderSettings({ ...C_A, daysBefore: [1, 14, 1], updatedBy: "U1" })).daysBefore).toEqual([14, 1]);
    expect((await o.store.getReminderSettings(C_A)).daysBefore).toEqual([14, 1]);
    const { records } = await o.store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [conference()] });
    const input = { ...C_A, courtDateId: records[0]!.id, date: "2026-12-01", daysBefore: 7, dueAt: 1000 };
    const first = await o.store.claimReminderRun(input);
    const second = await o.store.claimReminderRun(input);
    expect([first.created, second.created]).toEqual([true, false]);
    expect(await o.store.unfinishedReminderRuns()).toHaveLength(1);
    await o.store.finishReminderRun(first.run.id, { status: "posted", postedTs: "1.1" });
    await o.store.finishReminderRun(first.run.id, { status: "skipped" });
    expect(await o.store.unfinishedReminderRuns()).toEqual([]);
    expect((await o.store.claimReminderRun(input)).run).toMatchObject({ status: "posted", postedTs: "1.1" });
    expect(await o.store.courtDatesBetween("2026-11-01", "2026-12-31")).toHaveLength(1);
  });
});
