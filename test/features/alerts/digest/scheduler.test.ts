import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDigestScheduler, type DigestScheduler } from "../../../../src/features/alerts/digest/scheduler.ts";
import type { SqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import type { AlertSettings } from "../../../../src/store/store.ts";
import { FakeClock } from "../../../helpers/fake-clock.ts";
import { filing } from "../../../store/filing-input.ts";
import { C_A, C_B, open, tempDir } from "../../../store/helpers.ts";
import { FakeRunPoster, type PostedRun } from "../../../helpers/fake-run-poster.ts";

const logger = pino({ level: "silent" });
const siteUrl = "https://www.courtlistener.com/";
const HOUR = 3_600_000;
// The fake clock starts at 2026-11-23T09:00Z, 04:00 in New York; 09:00 there is 14:00Z.
const START = Date.UTC(2026, 10, 23, 9, 0);
const NINE_NY = Date.UTC(2026, 10, 23, 14, 0);
const DAY = 24 * HOUR;

const daily = (extra: Partial<AlertSettings> = {}): AlertSettings & { updatedBy: string } => ({
  ...C_A, postNotable: true, postRoutine: false, timeZone: "America/New_York", dailyAt: "09:00", updatedBy: "U1", ...extra,
});

/** Lets the scheduler's loop finish its pass and go back to sleep on the clock. */
async function settled(clock: FakeClock): Promise<void> {
  for (let i = 0; i < 200 && clock.pendingSleepers === 0; i++) await new Promise<void>((r) => setImmediate(r));
}

describe("digest scheduler", () => {
  let tmp: ReturnType<typeof tempDir>;
  let clock: FakeClock;
  let store: SqliteStore;
  let poster: FakeRunPoster;
  let scheduler: DigestScheduler | undefined;

  const reopen = async () => {
    await scheduler?.stop();
    await store.close();
    store = (await open({ path: tmp.file(), clock })).store;
  };
  const newScheduler = (posted: PostedRun[] = poster.posted) => {
    poster = new FakeRunPoster(posted);
    scheduler = createDigestScheduler({ store, clock, logger, poster, siteUrl });
    return scheduler;
  };

  beforeEach(async () => {
    tmp = tempDir();
    clock = new FakeClock(START);
    store = (await open({ path: tmp.file(), clock })).store;
    poster = new FakeRunPoster();
    await store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
    await store.saveAlertSettings(daily());
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
    await store.close();
    tmp.cleanup();
  });

  it("posts a digest once at its local time, on an injected clock; not again after a restart", async () => {
    await store.recordFilings([filing(1, { level: "urgent" }), filing(2, { level: "routine", kind: "Notice of appearance" })]);
    newScheduler().start();
    await settled(clock);
    expect(poster.posted).toEqual([]);
    expect(clock.nextDeadline).toBeLessThanOrEqual(NINE_NY); // it sleeps until the digest is due, or its poll

    await clock.advance(NINE_NY - clock.now() - 1);
    await settled(clock);
    expect(poster.posted).toEqual([]);
    await clock.advance(1);
    await settled(clock);
    expect(poster.posted).toHaveLength(1);
    const [digest] = poster.posted;
    expect(digest!.channel).toBe(C_A.channelId);
    expect(digest!.message.text).toMatch(/^Daily digest: 2 filings in 1 case, 1 not yet docketed/);
    const run = await store.lastDigestRun(C_A, "daily");
    expect(run).toMatchObject({ id: digest!.runId, dueAt: NINE_NY, since: NINE_NY - DAY, status: "posted", postedTs: digest!.ts });

    await clock.advance(HOUR);
    await settled(clock);
    expect(poster.posted).toHaveLength(1);

    // A restart: the same file reopened, a new scheduler, "Slack" still holding what was posted.
    await reopen();
    const again = newScheduler();
    expect(await again.runDue()).toEqual([]);
    again.start();
    await settled(clock);
    expect(poster.posted).toHaveLength(1);

    // The next day's digest lists only what came since.
    await store.recordFilings([filing(3)]);
    await clock.advance(NINE_NY + DAY - clock.now());
    await settled(clock);
    expect(poster.posted).toHaveLength(2);
    expect(poster.posted[1]!.message.text).toMatch(/^Daily digest: 1 filing in 1 case/);
    expect(await store.lastDigestRun(C_A, "daily")).toMatchObject({ since: NINE_NY, dueAt: NINE_NY + DAY });
  });

  it("an empty period posts nothing and is recorded as empty", async () => {
    // The channel has a digest but received nothing.
    await clock.advance(NINE_NY - clock.now());
    const outcomes = await newScheduler().runDue();
    expect(outcomes).toEqual([expect.objectContaining({ result: "empty", channelId: C_A.channelId, period: "daily" })]);
    expect(poster.posted).toEqual([]);
    expect(await store.lastDigestRun(C_A, "daily")).toMatchObject({ status: "empty", postedTs: undefined });
    expect(await store.unfinishedDigestRuns()).toEqual([]);
  });

  it("obeys the walls: only the channel's own filings, of matters it has linked when the digest runs", async () => {
    await store.linkMatter({ ...C_A, clientMatter: "BETA-7", linkedBy: "U1" });
    await store.recordFilings([
      filing(1),
      filing(2, { clientMatter: "BETA-7", docket: "1:24-cv-77", caseTitle: "Beta v. Gamma" }),
      filing(3, { ...C_B, caseTitle: "Other channel's case" }),
    ]);
    await store.unlinkMatter({ ...C_A, clientMatter: "BETA-7", unlinkedBy: "U0ADMIN" });
    await clock.advance(NINE_NY - clock.now());
    await newScheduler().runDue();
    expect(poster.posted).toHaveLength(1);
    const json = JSON.stringify(poster.posted[0]!.message);
    expect(json).toContain("Acme v. Globex");
    expect(json).not.toContain("Beta v. Gamma");
    expect(json).not.toContain("Other channel");
    expect(poster.posted[0]!.message.text).toMatch(/^Daily digest: 1 filing in 1 case/);

    // A channel with no matter left gets nothing at all.
    await store.unlinkMatter({ ...C_A, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" });
    await store.recordFilings([filing(4)]);
    await clock.advance(DAY);
    expect(await scheduler!.runDue()).toEqual([expect.objectContaining({ result: "empty" })]);
    expect(poster.posted).toHaveLength(1);
  });

  it("a crash after the post but before it was recorded: the restart finds the message and posts nothing", async () => {
    await store.recordFilings([filing(1)]);
    await clock.advance(NINE_NY - clock.now());
    const first = newScheduler();
    poster.postedThenFail = new Error("socket hang up");
    expect(await first.runDue()).toEqual([expect.objectContaining({ result: "failed" })]);
    expect(poster.posted).toHaveLength(1);
    expect(await store.unfinishedDigestRuns()).toHaveLength(1);

    await reopen();
    const second = newScheduler();
    expect(await second.runDue()).toEqual([expect.objectContaining({ result: "found", ts: poster.posted[0]!.ts })]);
    expect(poster.posted).toHaveLength(1);
    expect(poster.lookups).toBe(1);
    expect(await store.unfinishedDigestRuns()).toEqual([]);
    expect(await store.lastDigestRun(C_A, "daily")).toMatchObject({ status: "posted", postedTs: poster.posted[0]!.ts });
  });

  it("a crash after the claim but before the post: the restart posts it, once", async () => {
    await store.recordFilings([filing(1)]);
    await clock.advance(NINE_NY - clock.now());
    const { run } = await store.claimDigestRun({ ...C_A, period: "daily", dueAt: NINE_NY, since: NINE_NY - DAY });
    await reopen();
    const s = newScheduler();
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted", runId: run.id, filings: 1 })]);
    expect(await s.runDue()).toEqual([]);
    expect(poster.posted.map((p) => p.runId)).toEqual([run.id]);
  });

  it("a failed post is retried after a backoff, looking first, and posted once", async () => {
    await store.recordFilings([filing(1)]);
    newScheduler().start();
    poster.failNext = new Error("service unavailable");
    await clock.advance(NINE_NY - clock.now());
    await settled(clock);
    expect(poster.posted).toEqual([]);
    expect(await store.unfinishedDigestRuns()).toHaveLength(1);
    await clock.advance(60_000);
    await settled(clock);
    expect(poster.posted).toHaveLength(1);
    expect(poster.lookups).toBe(1);
    await clock.advance(HOUR);
    await settled(clock);
    expect(poster.posted).toHaveLength(1);
  });

  it("a digest configured after its time today waits for tomorrow", async () => {
    await clock.advance(NINE_NY + HOUR - clock.now());
    await store.saveAlertSettings(daily());
    await store.recordFilings([filing(1)]);
    const s = newScheduler();
    expect(await s.runDue()).toEqual([]);
    await clock.advance(DAY - HOUR);
    expect(await s.runDue()).toEqual([expect.objectContaining({ result: "posted", filings: 1 })]);
  });

  it("after days down, one digest covers the whole gap", async () => {
    await store.recordFilings([filing(1)]);
    await clock.advance(NINE_NY - clock.now() + DAY);
    await store.recordFilings([filing(2)]);
    await clock.advance(2 * DAY + HOUR);
    const outcomes = await newScheduler().runDue();
    expect(outcomes).toEqual([expect.objectContaining({ result: "posted", filings: 2 })]);
    expect(await store.lastDigestRun(C_A, "daily")).toMatchObject({ dueAt: NINE_NY + 3 * DAY, since: START });
  });

  it("daily and weekly run side by side, each from its own previous run", async () => {
    // 2026-11-23 is a Monday: a weekly digest on Mondays at the daily time.
    await store.saveAlertSettings(daily({ weeklyOn: 1 }));
    await store.recordFilings([filing(1)]);
    await clock.advance(NINE_NY - clock.now());
    const outcomes = await newScheduler().runDue();
    expect(outcomes.map((o) => [o.period, o.result])).toEqual([["daily", "posted"], ["weekly", "posted"]]);
    expect(poster.posted.map((p) => p.message.text.split(":")[0])).toEqual(["Daily digest", "Weekly digest"]);
    expect(await store.lastDigestRun(C_A, "weekly")).toMatchObject({ since: NINE_NY - 7 * DAY });
  });

  it("two schedulers on one store make one digest", async () => {
    await store.recordFilings([filing(1)]);
    await clock.advance(NINE_NY - clock.now());
    const a = createDigestScheduler({ store, clock, logger, poster, siteUrl });
    const b = createDigestScheduler({ store, clock, logger, poster, siteUrl });
    await Promise.all([a.runDue(), b.runDue()]);
    expect(poster.posted).toHaveLength(1);
  });

  it("stop() ends the loop", async () => {
    const s = newScheduler();
    s.start();
    await settled(clock);
    await s.stop();
    expect(clock.pendingSleepers).toBe(0);
  });
});
