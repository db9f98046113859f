import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";
import { expectValidMessage } from "../helpers/blockkit.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("the bot over real HTTP, signed as Slack signs", () => {
  it("answers /docket help in the acknowledgement, fast and valid", async () => {
    const delivery = await h.slack.sendCommand({ text: "help", user: ADMIN, channel: ACME_CHANNEL });
    expect(delivery.status).toBe(200);
    expect(delivery.lateAck).toBe(false);
    const body = delivery.body as { text: string; blocks: unknown[]; response_type: string };
    expect(body.response_type).toBe("ephemeral");
    expect(body.text).toContain("docketbot");
    expectValidMessage(body);
  });

  it("answers bad input with a one-line explanation and an example, only to the user", async () => {
    const delivery = await h.slack.sendCommand({ text: "case xyz 1:23-cv-01234", user: ADMIN, channel: ACME_CHANNEL });
    const body = delivery.body as { text: string; response_type: string };
    expect(body.response_type).toBe("ephemeral");
    expect(body.text).toMatch(/Example: `\/docket case nysd 1:23-cv-01234`/);
  });

  it("rejects a request with a bad signature", async () => {
    const res = await fetch(`${h.bot.url}/slack/events`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-slack-request-timestamp": String(Math.floor(Date.now() / 1000)), "x-slack-signature": "v0=deadbeef" },
      body: "command=%2Fdocket&text=help",
    });
    expect(res.status).toBe(401);
  });
});
