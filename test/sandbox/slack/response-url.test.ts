import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { startStandIn, webClient } from "./harness.ts";

/** A bot that acks everything at once with an empty 200. */
async function ackingBot(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events` };
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("Slack stand-in: response_url semantics", () => {
  let slack: SlackStandIn;
  let bot: { server: Server; url: string };
  const clock = new FakeClock();

  beforeEach(async () => {
    bot = await ackingBot();
    slack = await startStandIn({ clock, botUrl: bot.url });
  });
  afterEach(async () => {
    await slack.close();
    await new Promise((r) => bot.server.close(r));
  });

  const commandUrl = async (channel = "C0ACME", user = "U0MEMBER") =>
    (await slack.sendCommand({ text: "case nysd 1:23-cv-01234", user, channel })).responseUrl as string;

  it("ephemeral by default, in_channel as a message (threads honoured), replace and delete the last post", async () => {
    const url = await commandUrl();
    expect((await post(url, { text: "Working…" })).status).toBe(200);
    const [working] = slack.state.ephemerals("U0MEMBER", "C0ACME");
    expect(working).toMatchObject({ text: "Working…", source: "response_url" });
    expect(slack.state.ephemerals("U0ADMIN")).toEqual([]);

    await post(url, { replace_original: true, text: "Here is the case", blocks: [{ type: "divider" }] });
    expect(slack.state.ephemerals("U0MEMBER", "C0ACME")).toMatchObject([{ message_ts: working?.message_ts, text: "Here is the case" }]);

    await post(url, { response_type: "in_channel", text: "Shared with the channel" });
    const shared = slack.state.messages("C0ACME").at(-1);
    expect(shared).toMatchObject({ text: "Shared with the channel", bot_id: "B0BOT" });
    await post(url, { response_type: "in_channel", text: "In the thread", thread_ts: shared?.ts });
    expect(slack.state.thread("C0ACME", shared?.ts as string).map((m) => m.text)).toEqual(["Shared with the channel", "In the thread"]);

    expect((await post(url, { delete_original: true })).status).toBe(200);
    expect(slack.responses.map((r) => r.outcome)).toEqual(["ephemeral", "replaced", "in_channel", "in_channel", "deleted"]);
    expect(slack.state.messages("C0ACME").at(-1)?.text).toBe("Shared with the channel");
  });

  it("at most 5 uses: the sixth answers 404 used_url and changes nothing", async () => {
    const url = await commandUrl();
    for (let i = 1; i <= 5; i++) expect((await post(url, { text: `update ${i}` })).status).toBe(200);
    const sixth = await post(url, { text: "one too many" });
    expect(sixth.status).toBe(404);
    expect(await sixth.json()).toEqual({ ok: false, error: "used_url" });
    expect(slack.state.ephemerals("U0MEMBER")).toHaveLength(5);
    expect(slack.responses.at(-1)).toMatchObject({ outcome: "rejected", error: "used_url", status: 404 });
  });

  it("expires 30 minutes (on the stand-in's clock) after it was issued", async () => {
    const url = await commandUrl();
    await clock.advance(30 * 60_000);
    expect((await post(url, { text: "just in time" })).status).toBe(200);
    await clock.advance(1);
    const late = await post(url, { text: "too late" });
    expect(late.status).toBe(404);
    expect(await late.json()).toEqual({ ok: false, error: "expired_url" });
  });

  it("from a click on an ephemeral message, replace_original replaces that ephemeral message", async () => {
    const client = webClient(slack);
    const button = { type: "actions", elements: [{ type: "button", action_id: "share", text: { type: "plain_text", text: "Share to channel" } }] };
    const { message_ts } = await client.chat.postEphemeral({ channel: "C0ACME", user: "U0ADMIN", text: "Case", blocks: [button] });
    const click = await slack.sendBlockAction({ user: "U0ADMIN", ephemeral: message_ts as string, actionId: "share" });
    expect(click.payload).toMatchObject({ container: { type: "message", message_ts, channel_id: "C0ACME", is_ephemeral: true }, channel: { id: "C0ACME" } });
    expect(click.payload.message).toBeUndefined();
    await post(click.responseUrl as string, { replace_original: true, text: "Shared" });
    expect(slack.state.ephemerals("U0ADMIN")).toMatchObject([{ message_ts, text: "Shared" }]);
    await post(click.responseUrl as string, { delete_original: true });
    expect(slack.state.ephemerals("U0ADMIN")).toEqual([]);
  });

  it("invalid payloads answer 400 with Slack's error and do not post", async () => {
    const url = await commandUrl();
    const tooLong = { type: "section", text: { type: "mrkdwn", text: "x".repeat(3001) } };
    const res = await post(url, { text: "t", blocks: [tooLong] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, error: "invalid_blocks" });
    expect((await post(url, {})).status).toBe(400);
    expect(slack.state.ephemerals("U0MEMBER")).toEqual([]);
  });
});
