/** The one outbound port: what each call sends, and where it falls back when Slack refuses. */
import type { WebClient } from "@slack/web-api";
import { describe, expect, it } from "vitest";
import type { MessagePayload } from "../../src/slack/blockkit/blocks.ts";
import type { RequestContext } from "../../src/slack/context.ts";
import { postMessage, replaceOrPost, replaceThroughResponseUrl, responseBody, tellUserPrivately } from "../../src/slack/outbound.ts";

const message: MessagePayload = { text: "Hello", blocks: [{ type: "section", text: { type: "mrkdwn", text: "Hello" } }] };
const platform = (error: string) => Object.assign(new Error(error), { code: "slack_webapi_platform_error", data: { ok: false, error } });

/** A WebClient that records calls and fails the methods named in `fail` with their Slack code. */
function fakeClient(fail: Record<string, string> = {}) {
  const calls: Array<{ method: string; args: Record<string, unknown> }> = [];
  const method = (name: string) => async (args: Record<string, unknown>) => {
    calls.push({ method: name, args });
    if (fail[name]) throw platform(fail[name]);
    return { ok: true, ts: "1.0001", channel: String(args.channel).startsWith("U") ? "D0DM" : args.channel };
  };
  const client = { chat: { postMessage: method("chat.postMessage"), update: method("chat.update"), postEphemeral: method("chat.postEphemeral") } };
  return { client: client as unknown as WebClient, calls };
}

const ctx = { userId: "U0ME", log: { info: () => undefined, warn: () => undefined, debug: () => undefined } } as unknown as RequestContext;

describe("outbound", () => {
  it("posts our blocks with unfurling off and names the conversation it landed in", async () => {
    const { client, calls } = fakeClient();
    expect(await postMessage(client, { channel: "U0ME", message, threadTs: "9.0001" })).toEqual({ ts: "1.0001", channel: "D0DM" });
    expect(calls[0]!.args).toEqual({ channel: "U0ME", text: "Hello", blocks: message.blocks, unfurl_links: false, unfurl_media: false, thread_ts: "9.0001" });
  });

  it("replaceOrPost posts in the thread when the message to replace is gone, and rethrows anything else", async () => {
    const gone = fakeClient({ "chat.update": "message_not_found" });
    await replaceOrPost(gone.client, { channel: "C1", ts: "2.0001", threadTs: "9.0001" }, message);
    expect(gone.calls.map((c) => c.method)).toEqual(["chat.update", "chat.postMessage"]);
    expect(gone.calls[1]!.args).toMatchObject({ channel: "C1", thread_ts: "9.0001" });
    const refused = fakeClient({ "chat.update": "not_in_channel" });
    await expect(replaceOrPost(refused.client, { channel: "C1", ts: "2.0001", threadTs: "9.0001" }, message)).rejects.toMatchObject({ data: { error: "not_in_channel" } });
  });

  it("a response_url body carries the blocks with unfurling off, and the extras win", () => {
    expect(responseBody(message, { response_type: "ephemeral" })).toEqual({
      text: "Hello", blocks: message.blocks, unfurl_links: false, unfurl_media: false, response_type: "ephemeral",
    });
  });

  it("tells the user privately in the conversation, else in the app's DM", async () => {
    const ok = fakeClient();
    await tellUserPrivately(ok.client, ctx, "C1", "Only you");
    expect(ok.calls).toEqual([{ method: "chat.postEphemeral", args: { channel: "C1", user: "U0ME", text: "Only you" } }]);
    const outside = fakeClient({ "chat.postEphemeral": "not_in_channel" });
    await tellUserPrivately(outside.client, ctx, "C1", "Only you");
    expect(outside.calls.map((c) => [c.method, c.args.channel])).toEqual([["chat.postEphemeral", "C1"], ["chat.postMessage", "U0ME"]]);
    const none = fakeClient({ "chat.postMessage": "invalid_auth" });
    await expect(tellUserPrivately(none.client, ctx, undefined, "Only you")).resolves.toBeUndefined();
  });

  it("posts to a stored response_url only on Slack's host or the Web API's own, and names only the host when refusing", async () => {
    const client = { slackApiUrl: "http://127.0.0.1:9/api/" } as unknown as WebClient;
    for (const url of ["http://hooks.slack.com/actions/T1/1/secret", "https://hooks.slack.com.evil.example/a/secret", "http://127.0.0.1:10/actions/T1/1/secret", "https://slack.com/api/secret"]) {
      const refused = await replaceThroughResponseUrl(client, url, message).then(() => undefined, (e: Error) => e.message);
      expect(refused).toMatch(/^not a Slack response_url host: /);
      expect(refused).not.toContain("secret");
    }
    // The stand-in's own host is allowed: the post is made (and here finds nobody listening).
    const reached = await replaceThroughResponseUrl(client, "http://127.0.0.1:9/actions/T1/1/secret", message).then(() => "", (e: Error) => e.message);
    expect(reached).not.toMatch(/^not a Slack response_url host/);
  });
});
