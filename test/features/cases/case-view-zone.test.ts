/**
 * Issue 23 item 5a: the case card's "today" and "in N days" are the reader's (Slack's tz for the
 * user), decided by court/today.ts; without Slack to say, the court's own day.
 */
import { describe, expect, it } from "vitest";
import { createHolidayCalendar } from "../../../src/holidays.ts";
import { caseViewFor } from "../../../src/features/cases/show-case.ts";
import { acmeDocket } from "./views/acme-docket.ts";

const AT = Date.parse("2026-11-24T06:30:00Z"); // 1:30 AM on the 24th in New York, 10:30 PM on the 23rd in Los Angeles
const deps = {
  clock: { now: () => AT }, siteUrl: "https://www.courtlistener.com/", testMode: false, holidays: createHolidayCalendar(),
} as never;
const ctx = { teamId: "T1", userId: "U1", channelId: "C1", matters: [], isAdmin: false, log: { ref: "7f3a" } } as never;
const model = acmeDocket({ entries: [{ date: "11/2/2026", number: "40", contents: "ORDER: Status Conference set for 11/24/2026 at 10:00 AM in Courtroom 15A." }] });

describe("the case card's today", () => {
  it("is the reader's: the 24th is tomorrow in Los Angeles, today in New York", () => {
    expect(JSON.stringify(caseViewFor(deps, ctx, model, { readerZone: "America/Los_Angeles" }))).toContain("_tomorrow_");
    expect(JSON.stringify(caseViewFor(deps, ctx, model, { readerZone: "America/New_York" }))).toContain("_today_");
  });

  it("is the court's own day when the reader's zone is not known", () => {
    expect(JSON.stringify(caseViewFor(deps, ctx, model))).toContain("_today_");
  });
});
