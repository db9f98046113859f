import { ErrorCode, type WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { FakeClock, drive } from "../../helpers/fake-clock.ts";
import { slackError, startStandIn, webClient } from "./harness.ts";

describe("Slack stand-in Web API: errors and injected faults (real WebClient)", () => {
  let slack: SlackStandIn;
  let client: WebClient;

  beforeEach(async () => {
    slack = await startStandIn();
    client = webClient(slack);
  });
  afterEach(() => slack.close());

  it("a wrong token is invalid_auth, a missing one not_authed (HTTP 200, platform errors)", async () => {
    const wrong = await slackError(webClient(slack, "xoxb-wrong").chat.postMessage({ channel: "C0ACME", text: "x" }));
    expect(wrong).toMatchObject({ code: ErrorCode.PlatformError, error: "invalid_auth" });
    const none = await slackError(webClient(slack, "").auth.test());
    expect(none.error).toBe("not_authed");
    expect(slack.state.messages("C0ACME")).toEqual([]);
  });

  it("a token in the body (as Bolt's auth.test sends it) is accepted", async () => {
    const res = await webClient(slack, "").auth.test({ token: "xoxb-sandbox-bot-token" });
    expect(res.ok).toBe(true);
  });

  it("channel_not_found, is_archived and not_in_channel", async () => {
    expect((await slackError(client.chat.postMessage({ channel: "C0NOPE", text: "x" }))).error).toBe("channel_not_found");
    slack.archiveChannel("C0IP");
    expect((await slackError(client.chat.postMessage({ channel: "C0IP", text: "x" }))).error).toBe("is_archived");
    slack.removeBotFrom("C0ACME");
    expect((await slackError(client.chat.postMessage({ channel: "C0ACME", text: "x" }))).error).toBe("not_in_channel");
    expect((await slackError(client.conversations.history({ channel: "C0ACME" }))).error).toBe("not_in_channel");
    slack.addBotTo("C0ACME");
    expect((await client.chat.postMessage({ channel: "C0ACME", text: "back" })).ok).toBe(true);
  });

  it("no_text, msg_too_long, invalid_blocks (with json-pointers), invalid_blocks_format, msg_blocks_too_long", async () => {
    expect((await slackError(client.chat.postMessage({ channel: "C0ACME", text: "" }))).error).toBe("no_text");
    expect((await slackError(client.chat.postMessage({ channel: "C0ACME", text: "x".repeat(40_001) }))).error).toBe("msg_too_long");

    const tooLong = { type: "section", text: { type: "mrkdwn", text: "x".repeat(3001) } };
    const invalid = await slackError(client.chat.postMessage({ channel: "C0ACME", text: "t", blocks: [tooLong] }));
    expect(invalid.error).toBe("invalid_blocks");
    expect(invalid.data?.errors).toEqual(["must be less than 3001 characters [json-pointer:/blocks/0/text/text]"]);

    const unknown = await slackError(client.chat.postMessage({ channel: "C0ACME", text: "t", blocks: [{ type: "banner" }] as never }));
    expect(unknown.error).toBe("invalid_blocks");
    const tooMany = Array.from({ length: 51 }, () => ({ type: "divider" }));
    expect((await slackError(client.chat.postMessage({ channel: "C0ACME", text: "t", blocks: tooMany }))).error).toBe("invalid_blocks");
    const format = await slackError(client.apiCall("chat.postMessage", { channel: "C0ACME", text: "t", blocks: "not json" }));
    expect(format.error).toBe("invalid_blocks_format");

    const long = Array.from({ length: 5 }, () => ({ type: "section", text: { type: "mrkdwn", text: "y".repeat(2900) } }));
    expect((await slackError(client.chat.postMessage({ channel: "C0ACME", text: "t", blocks: long }))).error).toBe("msg_blocks_too_long");
    expect(slack.state.messages("C0ACME")).toEqual([]);
  });

  it("rateLimit: 429 with Retry-After and ratelimited; the SDK surfaces retryAfter; only the named channel", async () => {
    slack.faults.rateLimit("chat.postMessage", { channel: "C0ACME", retryAfterSec: 7, times: 1 });
    const strict = webClient(slack, undefined, { rejectRateLimitedCalls: true });
    expect((await strict.chat.postMessage({ channel: "C0IP", text: "other channel" })).ok).toBe(true);
    const limited = await slackError(strict.chat.postMessage({ channel: "C0ACME", text: "x" }));
    expect(limited).toMatchObject({ code: ErrorCode.RateLimitedError, retryAfter: 7 });
    const call = slack.callsTo("chat.postMessage").at(-1);
    expect(call).toMatchObject({ status: 429, ok: false, error: "ratelimited", response: { ok: false, error: "ratelimited" } });
    expect((await strict.chat.postMessage({ channel: "C0ACME", text: "after" })).ok).toBe(true);
  });

  it("the raw 429 carries Retry-After and Slack's body", async () => {
    slack.faults.rateLimit("*", { retryAfterSec: 3 });
    const res = await fetch(`${slack.apiUrl}auth.test`, { method: "POST", headers: { authorization: "Bearer xoxb-sandbox-bot-token" } });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3");
    expect(await res.json()).toEqual({ ok: false, error: "ratelimited" });
  });

  it("failNext: a Slack error code, or an HTTP status the SDK reports as an HTTP error", async () => {
    slack.faults.failNext("chat.postMessage", "fatal_error");
    expect((await slackError(client.chat.postMessage({ channel: "C0ACME", text: "x" }))).error).toBe("fatal_error");
    slack.faults.failNext("chat.update", 503, 2);
    const http = await slackError(client.chat.update({ channel: "C0ACME", ts: "1.000100", text: "x" }));
    expect(http.code).toBe(ErrorCode.HTTPError);
    expect((await slackError(client.chat.update({ channel: "C0ACME", ts: "1.000100", text: "x" }))).code).toBe(ErrorCode.HTTPError);
    expect((await slackError(client.chat.update({ channel: "C0ACME", ts: "1.000100", text: "x" }))).error).toBe("message_not_found");
  });

  it("unknown methods answer unknown_method", async () => {
    expect((await slackError(client.apiCall("chat.teleport", {}))).error).toBe("unknown_method");
  });
});

describe("latency faults run on the stand-in's clock", () => {
  it("a call waits until the clock passes the latency", async () => {
    const clock = new FakeClock();
    const slack = await startStandIn({ clock });
    try {
      slack.faults.latency("chat.postMessage", 5000);
      let settled = false;
      const call = webClient(slack).chat.postMessage({ channel: "C0ACME", text: "slow" }).finally(() => (settled = true));
      await slack.waitFor(() => clock.pendingSleepers === 1);
      expect(settled).toBe(false);
      const res = await drive(clock, call);
      expect(res.ok).toBe(true);
    } finally {
      await slack.close();
    }
  });
});
