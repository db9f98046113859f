/**
 * The audit trail holds every change of what a matter's channels see, pay or are reminded of
 * (subscription-records.ts CHANGE_AUDIT_ACTIONS): each Store method that makes such a change writes
 * its row in its own transaction. Property-ish: every method of the store is named here, either
 * with a scenario (the change it makes must show in the matter's audit, and must have changed the
 * audited tables) or as no such change, with why; a new method fails until someone decides.
 */
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CourtDate } from "../../src/court/deadlines/court-date.ts";
import type { AuditAction, Store } from "../../src/store/store.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { filing } from "./filing-input.ts";
import { C_A, C_B, TEAM, pushInput } from "./helpers.ts";

const M = "ACME-001";
const CASE = { court: "S.D.N.Y.", docket: "1:23-cv-01234" };
const SNOOZE = { ...C_A, ...CASE };
const hash = (s: string) => createHash("sha256").update(s).digest("hex");
const hearing: CourtDate = {
  key: "hearing:motion", kind: "hearing", title: "Motion Hearing", date: "2026-12-08", time: "10:00",
  source: { entryNumber: "40", entryDate: "2026-11-02", entryIndex: 0 }, confidence: 0.9, status: "scheduled", history: [],
};
const fee = (s: Store, status: "awaiting_matter" | "awaiting_confirm" | "awaiting_approval") =>
  s.createFeeAction({ teamId: TEAM, clientMatter: status === "awaiting_matter" ? "" : M, requestedBy: "U5", channelId: C_A.channelId, kind: "ask", payload: "{}", expected: 0.5, status, expiresAt: Date.UTC(2100, 0, 1) });
const dateId = async (s: Store) => (await s.recordCourtDates({ ...CASE, matters: [M], dates: [hearing] })).records[0]!.id;

interface Scenario {
  /** The Store method that makes the change. */
  method: string;
  action: AuditAction;
  setup?: (s: Store) => Promise<unknown>;
  act: (s: Store, prepared: unknown) => Promise<unknown>;
}

const SCENARIOS: Scenario[] = [
  { method: "linkMatter", action: "link", act: (s) => s.linkMatter({ ...C_B, clientMatter: M, linkedBy: "U2" }) },
  { method: "unlinkMatter", action: "unlink", act: (s) => s.unlinkMatter({ ...C_A, clientMatter: M, unlinkedBy: "U2" }) },
  { method: "subscribe", action: "track", act: (s) => s.subscribe({ ...C_A, clientMatter: M, target: CASE, frequency: "daily", userId: "U2" }) },
  {
    method: "unsubscribe", action: "untrack",
    setup: (s) => s.subscribe({ ...C_A, clientMatter: M, target: CASE, frequency: "daily", userId: "U2" }),
    act: (s) => s.unsubscribe({ ...C_A, clientMatter: M, target: CASE, userId: "U2" }),
  },
  { method: "recordAudit", action: "reconcile", act: (s) => s.recordAudit({ ...C_A, clientMatter: M, userId: "docketbot", action: "reconcile", target: CASE }) },
  { method: "setBudget", action: "budget_set", act: (s) => s.setBudget({ clientMatter: M, monthlyCap: 500, askAbove: 0.25, setBy: "U2", ...C_A }) },
  {
    method: "clearBudget", action: "budget_cleared",
    setup: (s) => s.setBudget({ clientMatter: M, monthlyCap: 500, setBy: "U2", ...C_A }),
    act: (s) => s.clearBudget({ clientMatter: M, userId: "U2", ...C_A }),
  },
  ...([
    ["awaiting_confirm", "running", "fee_confirmed"],
    ["awaiting_confirm", "cancelled", "fee_cancelled"],
    ["awaiting_approval", "running", "fee_approved"],
    ["awaiting_approval", "denied", "fee_declined"],
    ["awaiting_matter", "running", "fee_matter_picked"],
  ] as const).map(([from, to, action]): Scenario => ({
    method: "moveFeeAction", action,
    setup: (s) => fee(s, from),
    act: (s, a) => s.moveFeeAction((a as { id: number }).id, { from, to, by: "U2", ...(from === "awaiting_matter" ? { clientMatter: M } : {}) }),
  })),
  { method: "snoozeCase", action: "muted", act: (s) => s.snoozeCase({ ...SNOOZE, clientMatter: M, mode: "next_order", by: "U2" }) },
  {
    method: "unsnoozeCase", action: "unmuted",
    setup: (s) => s.snoozeCase({ ...SNOOZE, clientMatter: M, mode: "next_order", by: "U2" }),
    act: (s) => s.unsnoozeCase({ ...SNOOZE, by: "U2" }),
  },
  { method: "saveAlertSettings", action: "alert_settings", act: (s) => s.saveAlertSettings({ ...C_A, postNotable: true, postRoutine: true, timeZone: "UTC", dailyAt: "08:00", updatedBy: "U2" }) },
  { method: "saveReminderSettings", action: "reminder_settings", act: (s) => s.saveReminderSettings({ ...C_A, daysBefore: [3, 0], updatedBy: "U2" }) },
  { method: "setCalendared", action: "calendared", setup: dateId, act: (s, id) => s.setCalendared({ ...C_A, courtDateId: id as number, userId: "U2", calendared: true }, [M]) },
  {
    method: "setCalendared", action: "uncalendared",
    setup: async (s) => {
      const id = await dateId(s);
      await s.setCalendared({ ...C_A, courtDateId: id, userId: "U2", calendared: true }, [M]);
      return id;
    },
    act: (s, id) => s.setCalendared({ ...C_A, courtDateId: id as number, userId: "U2", calendared: false }, [M]),
  },
  {
    method: "retryDead", action: "alerts_retried",
    setup: async (s) => {
      await s.storePush(pushInput(M, 1));
      const [d] = await s.listDeliveries({});
      await s.markDead(d!.id, "channel_not_found");
      return d!.id;
    },
    act: (s, id) => s.retryDead([id as number], { matters: [M] }, { ...C_A, userId: "U2" }),
  },
  {
    // Read from the delivery itself (dismissed_by, dismissed_at), written in the same statement.
    method: "dismissDead", action: "alert_dismissed",
    setup: async (s) => {
      await s.storePush(pushInput(M, 1));
      const [d] = await s.listDeliveries({});
      await s.markDead(d!.id, "channel_not_found");
      return d!.id;
    },
    act: (s, id) => s.dismissDead([id as number], "U2", { matters: [M] }),
  },
  { method: "createCalendarFeed", action: "feed_made", act: (s) => s.createCalendarFeed({ teamId: TEAM, clientMatter: M, tokenHash: hash("a"), userId: "U2" }) },
  {
    method: "revokeCalendarFeed", action: "feed_revoked",
    setup: (s) => s.createCalendarFeed({ teamId: TEAM, clientMatter: M, tokenHash: hash("a"), userId: "U2" }),
    act: (s) => s.revokeCalendarFeed({ teamId: TEAM, clientMatter: M, userId: "U2" }),
  },
  {
    method: "setDocketed", action: "docketed",
    setup: async (s) => (await s.recordFilings([filing(7)]))[0]!.id,
    act: (s, id) => s.setDocketed(id as number, { userId: "U2", docketed: true }),
  },
  {
    method: "setAssignee", action: "assigned",
    setup: async (s) => (await s.recordFilings([filing(7)]))[0]!.id,
    act: (s, id) => s.setAssignee(id as number, { userId: "U2", assignee: "U3" }),
  },
];

/**
 * Methods that change nothing a matter's channels see, pay or are reminded of by someone's hand:
 * reads; intake, delivery and schedules (the machine doing what the audited settings say); a fee
 * action being asked for (it waits for an audited decision) and a thread billed to the matter its
 * fee action's audited pick chose; leases, once-keys, rate slots and the shared login token.
 */
const NOT_A_CHANGE = new Set([
  // reads
  "activeSnooze", "allSubscriptions", "auditLog", "budgetsOf", "calendarFeedByHash", "calendarFeedsOf", "calendaredIn", "channelsOfMatter",
  "channelsWithDigests", "courtDatesBetween", "courtDatesOfCase", "courtDatesOfMatters", "dueChannels", "feeActionsAwaiting", "filingActions",
  "filingsBetween", "filingsOfMessage", "getAlertSettings", "getCaseThread", "getCourtDate", "getDelivery", "getFeeAction", "getFiling", "getPush",
  "getReminderSettings", "getThread", "health", "inFlightAtStartup", "lastDigestRun", "listDeliveries", "listQuarantined", "mattersOfChannel",
  "mattersOfChannels", "nextDue", "nextWakeAt", "outboxStats", "pushStats", "readSharedToken", "recentAnswerPrices", "recentCases", "recentTurns", "sqlCounts",
  "postedReminders", "strandedChannels", "subscribersOf", "subscriptionsOf", "undocketed", "unfinishedDigestRuns", "unfinishedReminderRuns", "usageEntries",
  "usageMonthToDate",
  // intake, delivery, digests, reminders, court dates from the docket, the usage ledger, Q&A threads
  "storePush", "requeueQuarantined", "releaseHeld", "markInFlight", "markSent", "markRetry", "markDead", "saveCaseThread", "recordCaseAlert",
  "deleteCaseThread", "recordFilings", "attachFilingMessage", "claimDigestRun", "finishDigestRun", "claimReminderRun", "finishReminderRun",
  "recordCourtDates", "recordUsage", "recordPages", "claimBudgetNotice", "touchRecentCase", "bindThread", "appendTurn", "billThread",
  "createFeeAction", "setFeeActionCard",
  // what a subscription already entitled a channel to (an Undo's catch-up; its reopening is audited as a track)
  "deliverMissed",
  // spend accounting: the fee itself is the usage ledger's row, and the consent to it an audited click
  "reserveFee", "settleFee", "releaseFee", "getFeeReservation", "nextFeeActionExpiry",
  // nobody decided: a held action ran out of time, and its requester and the admins are told
  "expireFeeActions",
  // coordination between processes
  "claimLane", "renewLane", "releaseLane", "claimOnce", "forgetOnce", "takeRateSlot", "renewSharedToken", "onWork", "announceWork", "close",
  // SQLite's own diagnostics
  "pragmas",
]);

describeStores("the audit trail records every change a matter's channels see, pay or are reminded of", (kind) => {
  let o: Opened;
  let at: string;
  beforeEach(async () => {
    at = kind.fresh();
    o = await kind.open({ at });
    await o.store.linkMatter({ ...C_A, clientMatter: M, linkedBy: "U1" });
    await o.store.linkMatter({ ...C_B, clientMatter: "IP-007", linkedBy: "U1" });
  });
  afterEach(() => o.store.close());

  const AUDITED = ["matter_links", "track_subscriptions", "matter_budgets", "fee_actions", "case_snoozes", "alert_settings",
    "court_date_reminder_settings", "court_date_signoffs", "calendar_feeds", "deliveries", "filings"];
  const tables = async () => JSON.stringify(await Promise.all(AUDITED.map((t) => kind.sql(at, `SELECT * FROM ${t} ORDER BY 1, 2, 3`))));
  const trail = () => o.store.auditLog(TEAM, { matters: [M] }, { limit: 1000 });

  it("names every method of the store: audited with a scenario, or no such change", () => {
    const methods = Object.keys(o.store).filter((k) => typeof (o.store as unknown as Record<string, unknown>)[k] === "function");
    const unclassified = methods.filter((m) => !NOT_A_CHANGE.has(m) && !SCENARIOS.some((s) => s.method === m));
    expect(unclassified).toEqual([]);
  });

  for (const sc of SCENARIOS) {
    it(`${sc.method} → ${sc.action}: the change and its row, who and when, under the matter only`, async () => {
      const prepared = await sc.setup?.(o.store);
      await o.clock.advance(60_000);
      const before = { rows: await tables(), events: (await trail()).length, ip: (await o.store.auditLog(TEAM, { matters: ["IP-007"] })).length };
      await sc.act(o.store, prepared);
      if (sc.method !== "recordAudit") expect(await tables()).not.toBe(before.rows);
      const after = await trail();
      expect(after.length).toBeGreaterThan(before.events);
      expect(after[0]).toMatchObject({ action: sc.action, clientMatter: M, at: o.clock.now() });
      expect([...new Set(after.slice(0, after.length - before.events).map((e) => e.userId))]).toEqual(sc.action === "reconcile" ? ["docketbot"] : ["U2"]);
      // The wall: another matter's audit gains nothing.
      expect((await o.store.auditLog(TEAM, { matters: ["IP-007"] })).length).toBe(before.ip);
    });
  }

  describe("a save or click that changes nothing adds nothing", () => {
    it("alert settings, reminder days and Calendared ✓ saved twice are audited once", async () => {
      const id = await dateId(o.store);
      const settings = { ...C_A, postNotable: true, postRoutine: true, timeZone: "UTC", updatedBy: "U2" };
      const n = (await trail()).length;
      for (let i = 0; i < 2; i++) {
        await o.store.saveAlertSettings(settings);
        await o.store.saveReminderSettings({ ...C_A, daysBefore: [2], updatedBy: "U2" });
        await o.store.setCalendared({ ...C_A, courtDateId: id, userId: "U2", calendared: true }, [M]);
      }
      expect((await trail()).length).toBe(n + 3);
    });

    it("a fee action's own outcome (running → ran) is the runner's, not a decision", async () => {
      const a = await fee(o.store, "awaiting_confirm");
      await o.store.moveFeeAction(a.id, { from: "awaiting_confirm", to: "running", by: "U5" });
      const n = (await trail()).length;
      await o.store.moveFeeAction(a.id, { from: "running", to: "ran" });
      expect((await trail()).length).toBe(n);
    });
  });
});
