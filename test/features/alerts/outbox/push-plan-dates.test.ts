/**
 * Issue 23: a push's court dates are read with the court's holidays (periods counted under FRCP
 * 6(a)) and carry the rules' deadlines, the court's stated date winning.
 */
import { describe, expect, it } from "vitest";
import { createHolidayCalendar } from "../../../../src/holidays.ts";
import { planPush, type DocketPushPlan } from "../../../../src/features/alerts/outbox/push-plan.ts";
import { SITE } from "./helpers.ts";

const opts = { siteUrl: SITE, maxMessages: 10, holidays: createHolidayCalendar() };
const push = (...docket_report: object[]) =>
  JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: "nysd", docket: "1:24-cv-01234", info: { title: "Acme v. Widget" }, docket_report });

describe("a push's court dates (issue 23)", () => {
  it("counts a period on the court's holidays", async () => {
    const plan = (await planPush(push({ number: "30", date: "11/14/2024", contents: "ORDER: Plaintiff shall file an amended complaint within 14 days of this Order." }), opts)) as DocketPushPlan;
    expect(plan.courtDates.map((d) => d.date)).toEqual(["2024-11-29"]);
    expect(plan.courtDates[0]!.computed?.note).toMatch(/computed from entry 30/);
  });

  it("carries the rule's deadline of a served summons, computed — verify", async () => {
    const plan = (await planPush(push({ number: "9", date: "3/4/2024", contents: "SUMMONS Returned Executed. Acme Corp. served on 3/1/2024." }), opts)) as DocketPushPlan;
    expect(plan.courtDates).toEqual([expect.objectContaining({ date: "2024-03-22", byRule: expect.objectContaining({ courtStates: false, note: "computed — verify" }) })]);
  });
});
