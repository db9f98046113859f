import { createHolidayCalendar } from "../../../../src/holidays.ts";
/**
 * Issue 12, item 7: a push is planned once, in chunks that yield to the event loop, and keeps only
 * what can be shown; the thread reply counts the rest and links the full docket.
 */
import { describe, expect, it } from "vitest";
import { CHUNK, planPush, type DocketPushPlan } from "../../../../src/features/alerts/outbox/push-plan.ts";
import { PushPlans } from "../../../../src/features/alerts/outbox/push-plans.ts";
import { InvalidPushError } from "../../../../src/features/alerts/outbox/plan.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { COURT, SITE } from "./helpers.ts";

const opts = { siteUrl: SITE, maxMessages: 10, holidays: createHolidayCalendar() };

function bigPush(n: number) {
  const texts = ["ORDER granting motion to seal", "MOTION to Dismiss filed by Widget Inc", "NOTICE of Appearance by A. Lawyer on behalf of Acme Corp"];
  const entries = Array.from({ length: n }, (_, i) => ({
    date: `${1 + Math.floor(i / 1000) % 12}/${1 + (i % 28)}/2025`, number: String(i + 1), contents: `${texts[i % 3]} (${i + 1})`,
  }));
  return JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: COURT, docket: "1:23-cv-01234", info: { title: "Acme Corp v. Widget Inc" }, docket_report: entries, parties: [] });
}

describe("planPush", () => {
  it("never holds the event loop for a large share of a long docket's planning", async () => {
    // A 100,000-entry push once spent 44 s in one turn: the rules' deadlines were computed for the
    // whole docket at once, each asking Intl for a new formatter, and merged and matched pairwise.
    // Judged in this process's CPU time against the whole run's (the costliest turn's share), so
    // neither a loaded machine nor this process being descheduled can fail it.
    const texts = [
      "ORDER granting in part and denying in part Motion to Compel Discovery. Signed by Judge A. Smith.",
      "MOTION to Dismiss for Lack of Jurisdiction filed by Widget Inc. (Attachments: # 1 Memorandum)",
      "MEMORANDUM OF LAW IN OPPOSITION re 2 MOTION to Dismiss filed by Acme Corp.",
    ];
    const n = 12_000;
    const entries = Array.from({ length: n }, (_, i) => ({ date: `${1 + (Math.floor(i / 1100) % 12)}/${1 + (i % 28)}/2025`, number: String(i + 1), contents: texts[i % 3] }));
    const body = JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: COURT, docket: "1:23-cv-01234", docket_report: entries, parties: [] });
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    let last = cpu();
    let longest = 0;
    const started = last;
    const plan = (await planPush(body, {
      ...opts, threadEntries: 50,
      yieldNow: async () => {
        longest = Math.max(longest, cpu() - last);
        await new Promise((r) => setImmediate(r));
        last = cpu();
      },
    })) as DocketPushPlan;
    longest = Math.max(longest, cpu() - last);
    const total = cpu() - started;
    expect(plan.courtDates.length).toBeGreaterThan(0);
    expect(longest / total, JSON.stringify({ longest, total })).toBeLessThan(0.25);
  });

  it("classes every entry in chunks, yielding between them, and keeps only the newest it can show", async () => {
    let yields = 0;
    const plan = (await planPush(bigPush(5_000), { ...opts, threadEntries: 50, yieldNow: async () => void yields++ })) as DocketPushPlan;
    // Three passes in chunks (classing the entries, reading their stated dates, computing the rules'
    // deadlines), then once after each whole-docket step (merging the rules' dates, marking met ones).
    expect(yields).toBe(3 * (Math.ceil(5_000 / CHUNK) - 1) + 3);
    expect(plan.newEntries).toBe(5_000);
    expect(plan.levels.urgent + plan.levels.notable + plan.levels.routine).toBe(5_000);
    expect(plan.levels).toMatchObject({ urgent: 1667, notable: 1667, routine: 1666 });
    expect(plan.entries.filter((e) => e.inThread)).toHaveLength(50);
    expect(plan.entries.length).toBeLessThanOrEqual(50 + 3 * 11);
    // Newest first: the latest date, then the highest number.
    expect(plan.latestEntryDate).toBe("2025-05-28");
    expect(plan.entries[0]!.entry.number).toBe("4984"); // the highest number of the latest day
    const text = JSON.stringify(plan.replies);
    expect(text).toContain("*5,000 entries* came in this push; the newest 50 are in this thread.");
    expect(text).toContain("|Open the full docket>");
    for (const m of plan.replies) expectValidMessage(m);
    expect(plan.replies[0]!.text).toMatch(/^5,000 new entries in Acme Corp/);
  });

  it("a small push keeps every entry, each with its significance and key", async () => {
    const body = JSON.stringify({
      push_type: "docket", client_matter: "M", court: "nysd", docket: "1:23-cv-01234", parties: [],
      docket_report: [
        { date: "3/4/2026", number: "12", contents: "ORDER granting motion to dismiss" },
        { date: "3/4/2026", contents: "Minute Entry for proceedings held before Judge A: Status Conference held." },
        { date: "3/3/2026", number: "11", contents: "NOTICE of Appearance by A. Lawyer" },
      ],
    });
    const plan = (await planPush(body, opts)) as DocketPushPlan;
    expect(plan.court).toBe(COURT);
    expect(plan.entries.map((e) => [e.key.startsWith("h:") ? "hash" : e.key, e.significance.level, e.inThread])).toEqual([
      ["12", "urgent", true], ["hash", "notable", true], ["11", "routine", true],
    ]);
    expect(JSON.stringify(plan.replies)).not.toContain("came in this push");
  });

  it("rejects a body no delivery can post", async () => {
    await expect(planPush("nope", opts)).rejects.toBeInstanceOf(InvalidPushError);
    await expect(planPush(JSON.stringify({ push_type: "docket", client_matter: "M", court: 1 }), opts)).rejects.toBeInstanceOf(InvalidPushError);
    await expect(planPush(JSON.stringify({ push_type: "docket", client_matter: "M", court: "c", docket: "d", docket_report: [7] }), opts)).rejects.toBeInstanceOf(InvalidPushError);
  });

  it("plans search pushes as channel messages", async () => {
    const plan = await planPush(JSON.stringify({ push_type: "search_results", client_matter: "M", q: "widget", search_results: [{ court: COURT, docket: "1:26-cv-00001", title: "A v. B" }] }), opts);
    expect(plan.kind).toBe("channel");
  });
});

describe("PushPlans", () => {
  it("plans a push once for all its deliveries", async () => {
    const plans = new PushPlans(2);
    const body = bigPush(10);
    const a = plans.get(1, body, opts);
    expect(plans.get(1, body, opts)).toBe(a);
    plans.get(2, body, opts);
    plans.get(3, body, opts);
    expect(plans.get(1, body, opts)).not.toBe(a); // evicted: the oldest of more than two
  });
});
