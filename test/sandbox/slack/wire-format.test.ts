import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { SIGNING_SECRET, startStandIn } from "./harness.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A bare HTTP "bot" that records requests and answers as told. */
async function recordingBot(answer: (r: Received) => Promise<{ status: number; body?: string; type?: string }>) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const r = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(r);
      const a = await answer(r);
      res.writeHead(a.status, a.type ? { "content-type": a.type } : {}).end(a.body ?? "");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events` };
}

describe("Slack stand-in: what goes over the wire to the bot, and the 3-second rule", () => {
  let slack: SlackStandIn;
  let bot: Awaited<ReturnType<typeof recordingBot>>;
  let answer: (r: Received) => Promise<{ status: number; body?: string; type?: string }>;

  beforeEach(async () => {
    answer = async () => ({ status: 200 });
    bot = await recordingBot((r) => answer(r));
    slack = await startStandIn({ botUrl: bot.url, ackDeadlineMs: 200 });
  });
  afterEach(async () => {
    await slack.close();
    await new Promise((r) => bot.server.close(r));
  });

  it("signs v0=HMAC_SHA256(secret, 'v0:' + ts + ':' + raw body) with a current timestamp", async () => {
    await slack.sendCommand({ text: "help", user: "U0ADMIN", channel: "C0ACME" });
    const [req] = bot.received;
    const ts = String(req?.headers["x-slack-request-timestamp"]);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(5);
    const expected = `v0=${createHmac("sha256", SIGNING_SECRET).update(`v0:${ts}:${req?.body}`).digest("hex")}`;
    expect(req?.headers["x-slack-signature"]).toBe(expected);
  });

  it("commands are form fields; interactions a form with a JSON `payload`; events JSON envelopes", async () => {
    await slack.sendCommand({ text: "search acme", user: "U0ADMIN", channel: "D0ANN" });
    await slack.sendGlobalShortcut({ callbackId: "docket_search", user: "U0ADMIN" });
    await slack.sendEvent({ type: "message", channel: "C0ACME", user: "U0ADMIN", text: "hi" });
    const [command, shortcut, event] = bot.received;
    expect(command?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(command?.body);
    expect(form.get("text")).toBe("search acme");
    expect(form.get("channel_name")).toBe("directmessage");
    expect(form.get("response_url")).toMatch(new RegExp(`^${slack.baseUrl}commands/T0DOCKET/`));
    expect(shortcut?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(JSON.parse(new URLSearchParams(shortcut?.body).get("payload") ?? "")).toMatchObject({ type: "shortcut", callback_id: "docket_search" });
    expect(event?.headers["content-type"]).toBe("application/json");
    const envelope = JSON.parse(event?.body ?? "");
    expect(envelope).toMatchObject({
      type: "event_callback", team_id: "T0DOCKET", api_app_id: "A0DOCKET",
      authorizations: [{ team_id: "T0DOCKET", user_id: "U0BOT", is_bot: true }],
      event: { type: "message", channel: "C0ACME", user: "U0ADMIN", text: "hi", channel_type: "channel" },
    });
    expect(envelope.event_id).toMatch(/^Ev/);
    expect(envelope.event.event_ts).toBe(envelope.event.ts);
  });

  it("a late acknowledgement is flagged and its body ignored, as Slack shows operation_timeout", async () => {
    answer = async () => {
      await delay(400);
      return { status: 200, type: "application/json", body: JSON.stringify({ text: "too late to show" }) };
    };
    const res = await slack.sendCommand({ text: "help", user: "U0ADMIN", channel: "C0ACME" });
    expect(res).toMatchObject({ status: 200, lateAck: true, uiError: "operation_timeout", body: { text: "too late to show" } });
    expect(res.ackMs).toBeGreaterThan(200);
    expect(slack.state.ephemerals("U0ADMIN")).toEqual([]);
  });

  it("a non-200 answer or an unreachable bot is dispatch_failed", async () => {
    answer = async () => ({ status: 500 });
    expect(await slack.sendCommand({ text: "x", user: "U0ADMIN", channel: "C0ACME" })).toMatchObject({ status: 500, uiError: "dispatch_failed" });
    slack.setBotUrl("http://127.0.0.1:1/slack/events");
    const down = await slack.sendEvent({ type: "app_home_opened", user: "U0ADMIN" });
    expect(down).toMatchObject({ status: 0, uiError: "dispatch_failed" });
    expect(down.error).toBeTruthy();
  });

  it("a human message in a channel the bot is not in produces no event", async () => {
    slack.removeBotFrom("C0ACME");
    const posted = await slack.postUserMessage({ user: "U0ADMIN", channel: "C0ACME", text: "private chat" });
    expect(posted.deliveries).toEqual([]);
    expect(bot.received).toEqual([]);
    await expect(slack.postUserMessage({ user: "U0MEMBER", channel: "C0IP", text: "x" })).rejects.toThrow(/not in C0IP/);
  });
});
