/**
 * "Send a reminder" beside the scheduler (sandbox QA: "Joint Letter due is in 8 days" posted twice
 * within a minute). Not two rows: one run, posted twice. The button's run is claimed before it is
 * posted (README "Each reminder is posted once"), but a pass resumes every unfinished run as if its
 * poster had crashed, and the button's post was still in flight: so remindNow takes its turn with
 * the passes and holds the job's lease, as a pass does.
 */
import { pino } from "pino";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { CourtDate } from "../../../src/court/deadlines/court-date.ts";
import { createReminderScheduler } from "../../../src/features/deadlines/reminders.ts";
import type { MessagePayload } from "../../../src/slack/blockkit/blocks.ts";
import type { SqliteStore } from "../../../src/store/sqlite/sqlite-store.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { FakeRunPoster } from "../../helpers/fake-run-poster.ts";
import { C_A, open, tempDir } from "../../store/helpers.ts";

const START = Date.UTC(2026, 10, 29, 15, 0); // 10:00 in New York, 8 days before the letter
const CASE = { court: "New York Southern District Court", docket: "1:23-cv-01234", caseTitle: "Acme Widgets, Inc. v. Globex Corporation" };
const letter: CourtDate = {
  key: "deadline:joint-letter", kind: "deadline", title: "Joint Letter due", date: "2026-12-07",
  source: { entryNumber: "69", entryDate: "2026-11-23", entryIndex: 0 }, confidence: 0.9, status: "scheduled", history: [],
};

/** A poster whose posts wait until let go: the button's post still in flight. */
class SlowPoster extends FakeRunPoster {
  #go: (() => void) | undefined;
  readonly #gate = new Promise<void>((resolve) => (this.#go = resolve));
  started = 0;
  letGo(): void {
    this.#go?.();
  }
  override async post(input: { channel: string; message: MessagePayload; runId: number }): Promise<{ ts: string }> {
    this.started++;
    await this.#gate;
    return super.post(input);
  }
}

let tmp: ReturnType<typeof tempDir>;
let store: SqliteStore;
beforeEach(async () => {
  tmp = tempDir();
  store = (await open({ path: tmp.file(), clock: new FakeClock(START) })).store;
  await store.linkMatter({ ...C_A, clientMatter: "ACME-001", linkedBy: "U1" });
  await store.recordCourtDates({ ...CASE, matters: ["ACME-001"], dates: [letter] });
});
afterEach(async () => {
  await store.close();
  tmp.cleanup();
});

it("a pass that starts while the button's reminder is being posted does not post it again", async () => {
  const clock = new FakeClock(START);
  const poster = new SlowPoster();
  const s = createReminderScheduler({ store, clock, logger: pino({ level: "silent" }), poster, siteUrl: "https://www.courtlistener.com/" });
  const button = s.remindNow(C_A);
  for (let i = 0; i < 200 && poster.started === 0; i++) await new Promise<void>((r) => setImmediate(r));
  expect(poster.started).toBe(1);
  const pass = s.runDue(); // the scheduler's pass, woken meanwhile
  for (let i = 0; i < 50; i++) await new Promise<void>((r) => setImmediate(r));
  poster.letGo();
  expect(await button).toMatchObject({ result: "posted" });
  expect(await pass).toEqual([]);
  expect(poster.posted.map((p) => p.message.text)).toEqual(["Reminder: Joint Letter due is in 8 days (Mon 12/7/2026)"]);
  // Pressed again: the next date, none here; the one posted is not posted again.
  expect(await s.remindNow(C_A)).toBeUndefined();
  expect(await s.runDue()).toEqual([]);
  expect(poster.posted).toHaveLength(1);
  await s.stop();
});
