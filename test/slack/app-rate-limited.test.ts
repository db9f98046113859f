/**
 * app_rate_limited (docs.slack.dev/reference/events/app_rate_limited): Slack's notice that it is
 * dropping the app's events for the rest of a minute. It is not an event_callback, so Bolt alone
 * never acknowledged it (a 404 after 3 s, which Slack counts against the app). Issue 15, item 4.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";
import { captureLog, type CapturedLog } from "../helpers/log-capture.ts";

let h: BotHarness;
let log: CapturedLog;
beforeAll(async () => {
  log = captureLog("info");
  h = await startBotHarness({ logger: log.logger });
});
afterAll(async () => {
  await h?.close();
});

describe("app_rate_limited", () => {
  it("is acknowledged at once with 200 and logged as a warning, not as an error", async () => {
    const delivery = await h.slack.sendAppRateLimited();
    expect(delivery.status).toBe(200);
    expect(delivery.lateAck).toBe(false);
    const lines = log.lines();
    const warning = lines.find((l) => typeof l.msg === "string" && l.msg.includes("app_rate_limited"));
    expect(warning).toMatchObject({ level: 40, team: "T0DOCKET" });
    expect(typeof warning?.minuteRateLimited).toBe("number");
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    expect(lines.some((l) => String(l.msg).includes("Could not determine the type"))).toBe(false);
  });

  it("still answers ordinary events after it", async () => {
    const delivery = await h.slack.openAppHome("U0ADMIN");
    expect(delivery.status).toBe(200);
  });
});
