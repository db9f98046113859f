import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App, ExpressReceiver, LogLevel, type Logger } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { BOT_TOKEN, SIGNING_SECRET, silentLogger, startStandIn } from "./harness.ts";

/**
 * A tiny Bolt app (ExpressReceiver, /slack/events) driven by the stand-in: proves the stand-in's
 * requests are signed and shaped as Bolt expects, and that Bolt's answers (ack bodies, respond(),
 * say(), the Web API) land in the stand-in's state as they would in Slack.
 */
const askModal = {
  type: "modal" as const,
  callback_id: "docket_ask",
  title: { type: "plain_text" as const, text: "Ask about a case" },
  submit: { type: "plain_text" as const, text: "Ask" },
  blocks: [{
    type: "input", block_id: "question", label: { type: "plain_text" as const, text: "Question" },
    element: { type: "plain_text_input", action_id: "q" },
  }],
};

describe("Slack stand-in driving a Bolt app over signed HTTP", () => {
  let slack: SlackStandIn;
  let server: Server;
  const seen: { kind: string; body: unknown }[] = [];

  beforeAll(async () => {
    slack = await startStandIn({ unfurlDomains: ["dockets.example.test"] });
    const receiver = new ExpressReceiver({ signingSecret: SIGNING_SECRET, endpoints: "/slack/events", logger: silentLogger as Logger });
    const app = new App({
      token: BOT_TOKEN, receiver, logger: silentLogger as Logger, logLevel: LogLevel.ERROR,
      clientOptions: { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 }, logger: silentLogger },
    });
    app.command("/docket", async ({ ack, command, respond }) => {
      seen.push({ kind: "command", body: command });
      if (command.text === "public") return ack({ response_type: "in_channel", text: "Visible to the channel" });
      if (command.text === "quick") return ack("Quick answer");
      await ack();
      await respond({ text: `Working on: ${command.text}` });
      await respond({ replace_original: true, text: `Result for: ${command.text}` });
    });
    app.action("track", async ({ ack, respond, body }) => {
      seen.push({ kind: "action", body });
      await ack();
      await respond({ replace_original: true, text: "Now tracking" });
    });
    app.event("message", async ({ event, client }) => {
      seen.push({ kind: "message", body: event });
      if ("thread_ts" in event && event.thread_ts && !("bot_id" in event && event.bot_id)) {
        await client.chat.postMessage({ channel: event.channel, thread_ts: event.thread_ts, text: "Follow-up answer" });
      }
    });
    app.event("app_mention", async ({ event, say }) => {
      seen.push({ kind: "app_mention", body: event });
      await say({ text: "You rang?", thread_ts: event.thread_ts ?? event.ts });
    });
    app.event("link_shared", async ({ event, client }) => {
      await client.chat.unfurl({
        channel: event.channel, ts: event.message_ts,
        unfurls: Object.fromEntries(event.links.map((l) => [l.url, { blocks: [{ type: "section", text: { type: "mrkdwn", text: "*Case card*" } }] }])),
      });
    });
    app.event("app_home_opened", async ({ event, client }) => {
      await client.views.publish({ user_id: event.user, view: { type: "home", blocks: [{ type: "section", text: { type: "mrkdwn", text: `Hello <@${event.user}>` } }] } });
    });
    app.shortcut("docket_ask", async ({ ack, shortcut, client }) => {
      await ack();
      await client.views.open({ trigger_id: shortcut.trigger_id, view: askModal });
    });
    app.shortcut("docket_search", async ({ ack, shortcut, client }) => {
      await ack();
      await client.views.open({ trigger_id: shortcut.trigger_id, view: { ...askModal, callback_id: "docket_search" } });
    });
    app.view("docket_ask", async ({ ack, view }) => {
      const question = view.state.values.question?.q?.value;
      if (!question) return ack({ response_action: "errors", errors: { question: "Please type a question" } });
      await ack();
    });
    server = await receiver.start(0);
    slack.setBotUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`);
  });

  afterAll(async () => {
    await slack.close();
    await new Promise((r) => server.close(r));
  });

  it("url_verification: Bolt echoes the challenge", async () => {
    const res = await slack.sendUrlVerification("abc123");
    expect(res).toMatchObject({ status: 200, body: { challenge: "abc123" }, lateAck: false });
  });

  it("a request with a wrong signature, or an old timestamp, is rejected by Bolt with 401", async () => {
    const wrong = await slack.sendCommand({ text: "help", user: "U0ADMIN", channel: "C0ACME" }, { signingSecret: "not-the-secret" });
    expect(wrong.status).toBe(401);
    expect(wrong.uiError).toBe("dispatch_failed");
    const old = await slack.sendEvent({ type: "app_home_opened", user: "U0ADMIN" }, { timestampSec: Math.floor(Date.now() / 1000) - 600 });
    expect(old.status).toBe(401);
  });

  it("/docket: every slash-command field arrives; respond() posts ephemerally, replace_original replaces it", async () => {
    const res = await slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: "U0MEMBER", channel: "C0ACME" });
    expect(res).toMatchObject({ status: 200, lateAck: false });
    expect(res.ackMs).toBeLessThan(3000);
    const command = seen.findLast((s) => s.kind === "command")?.body as Record<string, string>;
    expect(command).toMatchObject({
      command: "/docket", text: "case nysd 1:23-cv-01234", user_id: "U0MEMBER", user_name: "mo.member",
      channel_id: "C0ACME", channel_name: "litigation-acme", team_id: "T0DOCKET", team_domain: "docketbot-sandbox",
      api_app_id: "A0DOCKET", response_url: res.responseUrl, trigger_id: res.triggerId,
    });
    const done = await slack.waitFor(() => slack.responses.filter((r) => r.url === res.responseUrl).length === 2);
    expect(done).toBe(true);
    expect(slack.responses.filter((r) => r.url === res.responseUrl).map((r) => r.outcome)).toEqual(["ephemeral", "replaced"]);
    expect(slack.state.ephemerals("U0MEMBER", "C0ACME").map((e) => e.text)).toEqual(["Result for: case nysd 1:23-cv-01234"]);
    expect(slack.state.messages("C0ACME").some((m) => m.text.startsWith("Result"))).toBe(false);
  });

  it("an ack with a body is shown: in_channel as a message, plain text ephemerally", async () => {
    await slack.sendCommand({ text: "public", user: "U0ADMIN", channel: "C0IP" });
    expect(slack.state.messages("C0IP").at(-1)).toMatchObject({ text: "Visible to the channel", bot_id: "B0BOT" });
    await slack.sendCommand({ text: "quick", user: "U0ADMIN", channel: "C0IP" });
    expect(slack.state.ephemerals("U0ADMIN", "C0IP").at(-1)).toMatchObject({ text: "Quick answer", source: "ack" });
  });

  it("block_actions: a click on the bot's button reaches app.action; respond(replace_original) updates the message", async () => {
    const posted = await fetch(`${slack.apiUrl}chat.postMessage`, {
      method: "POST",
      headers: { authorization: `Bearer ${BOT_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        channel: "C0ACME", text: "Acme v. Widgets",
        blocks: [{ type: "actions", block_id: "case", elements: [{ type: "button", action_id: "track", text: { type: "plain_text", text: "Track" }, value: "nysd:1:23-cv-01234" }] }],
      }),
    }).then((r) => r.json() as Promise<{ ts: string }>);
    const res = await slack.sendBlockAction({ user: "U0ADMIN", channel: "C0ACME", message: posted.ts, actionId: "track" });
    expect(res.status).toBe(200);
    const body = seen.findLast((s) => s.kind === "action")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: "block_actions", user: { id: "U0ADMIN" }, container: { type: "message", message_ts: posted.ts, channel_id: "C0ACME" },
      channel: { id: "C0ACME" }, message: { ts: posted.ts }, trigger_id: res.triggerId, response_url: res.responseUrl,
      actions: [{ type: "button", action_id: "track", block_id: "case", value: "nysd:1:23-cv-01234", text: { text: "Track" } }],
    });
    await slack.waitFor(() => slack.state.message("C0ACME", posted.ts)?.text === "Now tracking");
    expect(slack.state.message("C0ACME", posted.ts)?.blocks).toBeUndefined();
    await expect(slack.sendBlockAction({ user: "U0ADMIN", channel: "C0ACME", message: posted.ts, actionId: "nope" })).rejects.toThrow(/no element/i);
  });

  it("thread replies arrive as message events; the bot's own echoed messages carry bot_id and are ignored", async () => {
    const root = await slack.postUserMessage({ user: "U0ADMIN", channel: "C0ACME", text: "What is due next?" });
    expect(root.deliveries.map((d) => d.status)).toEqual([200]);
    const reply = await slack.postUserMessage({ user: "U0MEMBER", channel: "C0ACME", text: "And after that?", threadTs: root.ts });
    const event = (reply.deliveries[0]?.payload as { event: Record<string, unknown> }).event;
    expect(event).toMatchObject({ type: "message", channel: "C0ACME", user: "U0MEMBER", thread_ts: root.ts, parent_user_id: "U0ADMIN", channel_type: "channel" });
    await slack.waitFor(() => slack.state.thread("C0ACME", root.ts).some((m) => m.text === "Follow-up answer"));
    await slack.waitFor(() => slack.deliveries.some((d) => (d.payload.event as { bot_id?: string; text?: string } | undefined)?.text === "Follow-up answer"));
    const echoed = slack.deliveries.find((d) => (d.payload.event as { text?: string } | undefined)?.text === "Follow-up answer");
    expect((echoed?.payload.event as Record<string, unknown>).bot_id).toBe("B0BOT");
    expect(slack.state.thread("C0ACME", root.ts).filter((m) => m.text === "Follow-up answer")).toHaveLength(1);
  });

  it("a mention delivers message and app_mention; say() answers in the thread", async () => {
    const posted = await slack.postUserMessage({ user: "U0ADMIN", channel: "C0IP", text: "<@U0BOT> any news?" });
    expect(posted.deliveries.map((d) => (d.payload.event as { type: string }).type)).toEqual(["message", "app_mention"]);
    await slack.waitFor(() => slack.state.thread("C0IP", posted.ts).some((m) => m.text === "You rang?"));
  });

  it("link_shared for the app's unfurl domains; chat.unfurl attaches the card to the message", async () => {
    const url = "https://dockets.example.test/case/nysd/1:23-cv-01234";
    const posted = await slack.postUserMessage({ user: "U0ADMIN", channel: "C0ACME", text: `see <${url}>` });
    const links = posted.deliveries[1]?.payload.event as Record<string, unknown>;
    expect(links).toMatchObject({ type: "link_shared", channel: "C0ACME", message_ts: posted.ts, links: [{ domain: "dockets.example.test", url }], source: "conversations_history" });
    await slack.waitFor(() => slack.state.message("C0ACME", posted.ts)?.attachments?.length);
    expect(slack.state.message("C0ACME", posted.ts)?.attachments?.[0]).toMatchObject({ app_unfurl_url: url, is_app_unfurl: true });
  });

  it("app_home_opened leads to views.publish of the user's Home tab", async () => {
    const res = await slack.openAppHome("U0MEMBER");
    expect((res.payload.event as Record<string, unknown>)).toMatchObject({ type: "app_home_opened", user: "U0MEMBER", channel: "D0MO", tab: "home" });
    await slack.waitFor(() => slack.state.homeView("U0MEMBER"));
    expect(slack.state.homeView("U0MEMBER")?.blocks[0]).toMatchObject({ text: { text: "Hello <@U0MEMBER>" } });
  });

  it("shortcuts open modals with their trigger; a submission's errors keep the modal open, an empty ack closes it", async () => {
    const root = await slack.postUserMessage({ user: "U0ADMIN", channel: "C0ACME", text: "1:23-cv-01234 in S.D.N.Y." });
    const res = await slack.sendMessageShortcut({ callbackId: "docket_ask", user: "U0ADMIN", channel: "C0ACME", message: root.ts });
    expect(res.payload).toMatchObject({ type: "message_action", callback_id: "docket_ask", message_ts: root.ts, message: { text: root.message.text } });
    await slack.waitFor(() => slack.state.modals("U0ADMIN").length === 1);

    const invalid = await slack.sendViewSubmission({ user: "U0ADMIN", values: { question: "" } });
    expect(invalid.body).toMatchObject({ response_action: "errors" });
    expect(slack.state.modals("U0ADMIN")[0]?.errors).toEqual({ question: "Please type a question" });
    const ok = await slack.sendViewSubmission({ user: "U0ADMIN", values: { question: { q: "When is the answer due?" } } });
    expect((ok.payload.view as { state: unknown }).state).toEqual({ values: { question: { q: { type: "plain_text_input", value: "When is the answer due?" } } } });
    expect(slack.state.modals("U0ADMIN")).toEqual([]);

    await slack.sendGlobalShortcut({ callbackId: "docket_search", user: "U0MEMBER" });
    await slack.waitFor(() => slack.state.modals("U0MEMBER")[0]?.view.callback_id === "docket_search");
  });
});
