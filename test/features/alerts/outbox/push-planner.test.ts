/**
 * A big push is planned in a worker thread (push-planner.ts), a small one in process: both give the
 * very same plan, and a body no delivery can post fails the same way. The worker exists only while
 * big pushes come, and a failed worker costs a push its turn in process, never its deliveries.
 */
import { afterAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { createHolidayCalendar } from "../../../../src/holidays.ts";
import { InvalidPushError } from "../../../../src/features/alerts/outbox/plan.ts";
import { planPush } from "../../../../src/features/alerts/outbox/push-plan.ts";
import { createPushPlanner } from "../../../../src/features/alerts/outbox/push-planner.ts";
import { COURT, SITE } from "./helpers.ts";

const logger = pino({ level: "silent" });
const holidays = createHolidayCalendar();
const opts = { siteUrl: SITE, maxMessages: 10, threadEntries: 50 };
/** Every body goes to the worker. */
const viaWorker = createPushPlanner({ logger, holidays, workerAboveChars: 0 });
afterAll(() => viaWorker.close());

function docket(n: number): string {
  const texts = [
    "ORDER granting in part Motion to Compel. Responses due by 3/15/2025. Signed by Judge A. Smith.",
    "MOTION to Dismiss filed by Widget Inc. (Attachments: # 1 Memorandum)",
    "NOTICE of Appearance by A. Lawyer on behalf of Acme Corp",
  ];
  const entries = Array.from({ length: n }, (_, i) => ({ date: `${1 + (Math.floor(i / 500) % 12)}/${1 + (i % 28)}/2025`, number: String(i + 1), contents: texts[i % 3] }));
  return JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: COURT, docket: "1:23-cv-01234", info: { title: "Acme Corp v. Widget Inc" }, docket_report: entries, parties: [] });
}

describe("push planning in a worker thread", () => {
  it("gives the in-process plan for a big docket push, court dates and all", async () => {
    const body = docket(3_000);
    const inProcess = await planPush(body, { ...opts, holidays });
    expect(await viaWorker.plan(body, opts)).toEqual(inProcess);
    expect(viaWorker.workerRunning()).toBe(true);
    expect(inProcess.kind === "thread" && inProcess.courtDates.length).toBeGreaterThan(0);
  });

  it("gives the in-process plan for a search push", async () => {
    const body = JSON.stringify({ push_type: "search_results", client_matter: "M", q: "widget", search_results: [{ court: COURT, docket: "1:26-cv-00001", title: "A v. B" }] });
    expect(await viaWorker.plan(body, opts)).toEqual(await planPush(body, { ...opts, holidays }));
  });

  it("refuses a body no delivery can post with the in-process error", async () => {
    const body = JSON.stringify({ push_type: "docket", client_matter: "M", court: "c", docket: "d", docket_report: [7] });
    const expected = await planPush(body, { ...opts, holidays }).catch((e: unknown) => e);
    const got = await viaWorker.plan(body, opts).catch((e: unknown) => e);
    expect(got).toBeInstanceOf(InvalidPushError);
    expect(got).toMatchObject({ message: (expected as Error).message, code: "invalid_payload" });
  });

  it("plans small bodies in process, starts no worker for them, and ends its worker once idle", async () => {
    const p = createPushPlanner({ logger, holidays, workerAboveChars: 100_000, idleMs: 200 });
    try {
      await p.plan(docket(3), opts);
      expect(p.workerRunning()).toBe(false);
      await p.plan(docket(2_000), opts);
      expect(p.workerRunning()).toBe(true);
      await new Promise((r) => setTimeout(r, 600));
      expect(p.workerRunning()).toBe(false);
    } finally {
      await p.close();
    }
  });

  it("plans in process once closed", async () => {
    const p = createPushPlanner({ logger, holidays, workerAboveChars: 0 });
    await p.close();
    expect(await p.plan(docket(5), opts)).toEqual(await planPush(docket(5), { ...opts, holidays }));
    expect(p.workerRunning()).toBe(false);
  });
});
