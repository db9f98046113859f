/**
 * Court-date reminders on a fake clock (issue 16, item 4): at 09:00 in the channel's zone N days
 * before each date, once; walls, snoozes, moved and vacated dates; a crash between post and finish
 * is found in the channel, not posted twice; the loop wakes at the reminder's time.
 */
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CourtDate } from "../../../src/court/deadlines/court-date.ts";
import { createReminderScheduler, type ReminderScheduler } from "../../../src/features/deadlines/reminders.ts";
import type { SqliteStore } from "../../../src/store/sqlite/sqlite-store.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { C_A, C_B, open, tempDir } from "../../store/helpers.ts";
import { FakeRunPoster } from "../../helpers/fake-run-poster.ts";

const logger = pino({ level: "silent" });
const siteUrl = "https://www.courtlistener.com/";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2026-11-23T09:00Z is 04:00 in New York; reminders go at 09:00 there (14:00Z).
const START = Date.UTC(2026, 10, 23, 9, 0);
const NINE_NY = (iso: string) => Date.parse(`${iso}T14:00:00Z`);
const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Corp v. Widget Inc" };

const conference = (over: Partial<CourtDate> = {}): CourtDate => ({
  key: "conference:status", kind: "conference", title: "Status Conference", date: "2026-12-10", time: "10:00",
  source: { entryNumber: "40", entryDate: "2026-11-20", entryIndex: 0 }, confidence: 0.95, status: "scheduled", history: [], ...over,
});

const deadline = (over: Partial<CourtDate> = {}): CourtDate => ({
  key: "deadline:opposition", kind: "deadline", title: "Opposition due", date: "2026-12-10",
  source: { entryNumber: "41", entryDate: "2026-11-20", entryIndex: 0 }, confidence: 0.95, status: "scheduled", history: [], ...over,
});

async function settled(clock: FakeClock): Promise<void> {
  for (let i = 0; i < 200 && clock.pendingSleepers === 0; i++) await new Promise<void>((r) => setImmediate(r));
}

describe("reminder scheduler", () => {
  let tmp: ReturnType<typeof tempDir>;
  let clock: FakeClock;
  let store: SqliteStore;
  let poster: FakeRunPoster;
  let scheduler: ReminderScheduler | undefined;
  const make = () => (scheduler = createReminderScheduler({ store, clock, logger, poster, siteUrl }));

  beforeEach(async () => {
    tmp = tempDir();
    clock = new FakeClock(START);
    store = (await open({ path: tmp.file(), clock })).store;
    poster = new FakeRunPoster();
    await store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await store.linkMatter({ ...C_B, clientMatter: "BETA-002", linkedBy: "U1" });
    await store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [conference()] });
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    await store.close();
    tmp.cleanup();
  });

  it("posts each reminder once at 09:00 in the channel's zone, 7 and 1 days before, in the matter's channel only", async () => {
    const s = make();
    expect(await s.runDue()).toEqual([]);
    await clock.advance(NINE_NY("2026-12-03") - 1 - clock.now());
    expect(await s.runDue()).toEqual([]);
    await clock.advance(NINE_NY("2026-12-03") - clock.now());
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted", channelId: C_A.channelId })]);
    expect(await s.runDue()).toEqual([]);
    expect(poster.posted.map((p) => p.message.text)).toEqual(["Reminder: Status Conference is in 7 days (Thu 12/10/2026)"]);
    await clock.advance(NINE_NY("2026-12-09") + HOUR - clock.now());
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted" })]);
    expect(poster.posted.map((p) => p.message.text)).toEqual([
      "Reminder: Status Conference is in 7 days (Thu 12/10/2026)",
      "Reminder: Status Conference is tomorrow (Thu 12/10/2026)",
    ]);
    expect(poster.posted.every((p) => p.channel === C_A.channelId)).toBe(true);
    await clock.advance(NINE_NY("2026-12-11") - clock.now());
    expect(await s.runDue()).toEqual([]);
  });

  it("when several are due at once only the nearest is posted; the channel's own days are used", async () => {
    await store.saveReminderSettings({ ...C_A, daysBefore: [14, 7, 2], updatedBy: "U1" });
    await clock.advance(NINE_NY("2026-12-08") + HOUR - clock.now()); // 14 and 7 days before have passed unposted; 2 is due now
    const s = make();
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted" })]);
    expect(poster.posted.map((p) => p.message.text)).toEqual(["Reminder: Status Conference is in 2 days (Thu 12/10/2026)"]);
    expect(await s.runDue()).toEqual([]);
  });

  it("a muted case's reminder waits for the mute to end, then is posted; a moved date gets reminders for its new date; a vacated one none", async () => {
    await store.snoozeCase({ ...C_A, court: CASE.court, docket: CASE.docket, clientMatter: "ACME-001", mode: "unmuted", by: "U1" });
    await clock.advance(NINE_NY("2026-12-03") - clock.now());
    const s = make();
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "deferred", why: expect.stringContaining("the case is muted here") })]);
    expect(poster.posted).toEqual([]);
    await store.unsnoozeCase({ ...C_A, court: CASE.court, docket: CASE.docket, by: "U1" });
    await clock.advance(15 * 60_000);
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted" })]);
    expect(poster.posted.map((p) => p.message.text)).toEqual(["Reminder: Status Conference is in 7 days (Thu 12/10/2026)"]);
    expect(await s.runDue()).toEqual([]);

    await store.recordCourtDates({ ...CASE, dates: [conference({ date: "2026-12-17", source: { entryNumber: "45", entryDate: "2026-12-02", entryIndex: 0 }, changedBy: { source: { entryNumber: "45", entryDate: "2026-12-02", entryIndex: 0 }, words: "adjourned to" } })] });
    await clock.advance(NINE_NY("2026-12-10") - clock.now());
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted" })]);
    expect(poster.posted.at(-1)!.message.text).toBe("Reminder: Status Conference is in 7 days (Thu 12/17/2026)");

    await store.recordCourtDates({ ...CASE, dates: [conference({ date: "2026-12-17", status: "cancelled", source: { entryNumber: "46", entryDate: "2026-12-11", entryIndex: 0 } })] });
    await clock.advance(NINE_NY("2026-12-16") - clock.now());
    expect(await s.runDue()).toEqual([]);
    expect(poster.posted).toHaveLength(2);
  });

  it("muted for 7 days over a deadline's day-before reminder: posted when the mute ends, the day before; a date that passes while muted is skipped", async () => {
    await store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [deadline({ date: "2026-12-07" })] });
    const s = make();
    await clock.advance(NINE_NY("2026-11-30") + HOUR - clock.now());
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted" })]); // Opposition due in 7 days
    // Muted at 10:29 on 11/29 + … until 10:29 on 12/6: the 9:00 reminder of 12/6 falls inside.
    const until = NINE_NY("2026-12-06") + 89 * 60_000;
    await store.snoozeCase({ ...C_A, court: CASE.court, docket: CASE.docket, clientMatter: "ACME-001", mode: "until", until, by: "U1" });
    // The conference's 7-day reminder (12/3) and the opposition's day-before one (12/6) both wait.
    await clock.advance(NINE_NY("2026-12-06") - clock.now());
    expect((await s.runDue()).map((o) => o.result)).toEqual(["deferred", "deferred"]);
    expect(poster.posted).toHaveLength(1);
    await clock.advance(until - clock.now());
    expect((await s.runDue()).map((o) => o.result)).toEqual(["posted", "posted"]);
    expect(poster.posted.slice(1).map((p) => p.message.text).sort()).toEqual([
      "Reminder: Opposition due is tomorrow (Mon 12/7/2026)",
      "Reminder: Status Conference is in 4 days (Thu 12/10/2026)",
    ]);
    // Muted with no end over the conference's reminders, until after its day: skipped, never late.
    await store.snoozeCase({ ...C_A, court: CASE.court, docket: CASE.docket, clientMatter: "ACME-001", mode: "unmuted", by: "U1" });
    await clock.advance(NINE_NY("2026-12-09") - clock.now());
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "deferred" })]);
    await clock.advance(NINE_NY("2026-12-11") - clock.now());
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "skipped", why: "the date passed while the case was muted here" })]);
    expect(await store.unfinishedReminderRuns()).toEqual([]);
  });

  it("a reminder posted but not recorded (a crash) is found in the channel after a restart, not posted twice", async () => {
    await clock.advance(NINE_NY("2026-12-03") - clock.now());
    poster.postedThenFail = new Error("socket hang up");
    const first = make();
    expect(await first.runDue()).toEqual([expect.objectContaining({ result: "failed" })]);
    await first.stop();
    const again = new FakeRunPoster(poster.posted);
    scheduler = createReminderScheduler({ store, clock, logger, poster: again, siteUrl });
    expect(await scheduler.runDue()).toEqual([expect.objectContaining({ result: "found" })]);
    expect(again.posted).toHaveLength(1);
    expect(await store.unfinishedReminderRuns()).toEqual([]);
  });

  it("a reminder claimed but not yet posted when its date is met or vacated is skipped when resumed, not posted", async () => {
    await store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [deadline()] });
    await clock.advance(NINE_NY("2026-12-03") - clock.now());
    const down: typeof poster = Object.assign(new FakeRunPoster(), { post: () => Promise.reject(new Error("socket hang up")) });
    const first = createReminderScheduler({ store, clock, logger, poster: down, siteUrl });
    expect((await first.runDue()).map((o) => o.result)).toEqual(["failed", "failed"]);
    await first.stop();
    // Before the retry: the brief is filed (the deadline is met) and the conference is vacated.
    const filed = { source: { entryNumber: "45", entryDate: "2026-11-24", entryIndex: 0 }, words: "Opposition Brief" };
    await store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [
      deadline({ source: filed.source, met: filed }),
      conference({ status: "cancelled", source: { entryNumber: "46", entryDate: "2026-11-24", entryIndex: 0 } }),
    ] });
    scheduler = createReminderScheduler({ store, clock, logger, poster, siteUrl });
    expect((await scheduler.runDue()).map((o) => [o.result, "why" in o ? o.why : undefined])).toEqual([
      ["skipped", "the date moved, was vacated or was met"], ["skipped", "the date moved, was vacated or was met"],
    ]);
    expect(poster.posted).toEqual([]);
    expect(await store.unfinishedReminderRuns()).toEqual([]);
  });

  it("the loop sleeps until the next reminder and posts it when the clock gets there", async () => {
    const s = make();
    s.start();
    await settled(clock);
    expect(poster.posted).toEqual([]);
    await clock.advance(NINE_NY("2026-12-03") - clock.now());
    await settled(clock);
    for (let i = 0; i < 50 && poster.posted.length === 0; i++) await new Promise<void>((r) => setImmediate(r));
    expect(poster.posted.map((p) => p.channel)).toEqual([C_A.channelId]);
  });
});
