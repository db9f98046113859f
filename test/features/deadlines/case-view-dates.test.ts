/**
 * Issue 16: a docket fetched for the case view shows its next dates as "Upcoming" and stores them
 * under the channel's matters that track the case (no extra service call), so `/docket deadlines`
 * lists them; a channel whose matter does not track the case stores nothing under its matter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, IP_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
const docketCalls = () => h.docket.ledger.count({ endpoint: "getdocket" });

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-007");
});
afterAll(async () => {
  await h?.close();
});

describe("dates from the case view", () => {
  it("a case looked up in a channel whose matter does not track it: Upcoming shown, nothing stored for the matter", async () => {
    const d = await h.slack.sendCommand({ text: `case nysd ${FLAGSHIP.docket}`, user: MEMBER, channel: IP_CHANNEL });
    const view = await h.slack.waitFor(() => h.slack.responses.find((r) => r.url === d.responseUrl && JSON.stringify(r.body).includes("*Upcoming*")), { timeoutMs: 10_000, what: "the case view" });
    expect(await h.store.courtDatesOfMatters(["IP-007"])).toEqual([]);
  });

  it("once the channel's matter tracks it, viewing the case stores its dates and /docket deadlines lists them", async () => {
    const tracked = await h.slack.sendCommand({ text: `track nysd ${FLAGSHIP.docket}`, user: ADMIN, channel: ACME_CHANNEL });
    // Tracking reads the case's dates (one docket call) before it announces: wait for the
    // announcement, so that call is not counted as the view's on a slow machine.
    await h.slack.waitFor(() => h.slack.responses.find((r) => r.url === tracked.responseUrl && JSON.stringify(r.body).includes("Tracking")), { timeoutMs: 10_000, what: "the track announcement" });
    const before = docketCalls();
    const d = await h.slack.sendCommand({ text: `case nysd ${FLAGSHIP.docket}`, user: MEMBER, channel: ACME_CHANNEL });
    await h.slack.waitFor(() => h.slack.responses.find((r) => r.url === d.responseUrl && JSON.stringify(r.body).includes("*Upcoming*")), { timeoutMs: 10_000, what: "the case view" });
    // One fetch for the view, none for the dates.
    expect(docketCalls() - before).toBe(1);
    const stored = await h.store.courtDatesOfMatters(["ACME-001"], { includeCancelled: true });
    expect(stored.map((x) => x.key)).toEqual(expect.arrayContaining(["conference:status", "deadline:expert-reports"]));
    expect(stored.every((x) => x.matters.join() === "ACME-001")).toBe(true);
    // The list shows those in its 30 days (the flagship's dates are placed relative to the clock).
    const today = new Date().toISOString().slice(0, 10);
    const soon = stored.filter((x) => x.status !== "cancelled" && x.date >= today && Date.parse(x.date) - Date.parse(today) <= 29 * 86_400_000);
    expect(soon.length).toBeGreaterThan(0);
    const list = JSON.stringify((await h.slack.sendCommand({ text: "deadlines", user: MEMBER, channel: ACME_CHANNEL })).body);
    for (const x of soon) expect(list).toContain(`"court_date_calendared:${x.id}"`);
  });
});
