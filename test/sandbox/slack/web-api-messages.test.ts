import type { WebClient } from "@slack/web-api";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { startStandIn, webClient } from "./harness.ts";

const section = (text: string) => ({ type: "section", block_id: "b1", text: { type: "mrkdwn", text } });

describe("Slack stand-in Web API: messages, threads, history (real WebClient)", () => {
  let slack: SlackStandIn;
  let client: WebClient;
  const clock = new FakeClock(Date.UTC(2026, 10, 23, 9, 0, 0));

  beforeEach(async () => {
    slack = await startStandIn({ clock });
    client = webClient(slack);
  });
  afterEach(() => slack.close());

  it("auth.test names the workspace, the bot user and the bot id", async () => {
    const res = await client.auth.test();
    expect(res).toMatchObject({ ok: true, team_id: "T0DOCKET", user_id: "U0BOT", bot_id: "B0BOT", url: slack.baseUrl });
  });

  it("chat.postMessage answers with channel, a Slack-format ts and the message; blocks are recorded parsed", async () => {
    const res = await client.chat.postMessage({ channel: "C0ACME", text: "fallback", blocks: [section("*Acme v. Widgets*")], unfurl_links: false });
    expect(res.ok).toBe(true);
    expect(res.channel).toBe("C0ACME");
    expect(res.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(res.message).toMatchObject({ type: "message", text: "fallback", user: "U0BOT", bot_id: "B0BOT", ts: res.ts });
    expect(res.message?.blocks?.[0]).toMatchObject({ type: "section", block_id: "b1" });
    const call = slack.callsTo("chat.postMessage")[0];
    expect(call?.params).toMatchObject({ channel: "C0ACME", text: "fallback", unfurl_links: "false" });
    expect(call?.params.blocks).toEqual([section("*Acme v. Widgets*")]);
    expect(call?.params.token).toBeUndefined();
    expect(slack.state.messages("C0ACME").map((m) => m.text)).toEqual(["fallback"]);
  });

  it("timestamps increase strictly, also within one second of the clock", async () => {
    const a = await client.chat.postMessage({ channel: "C0ACME", text: "a" });
    const b = await client.chat.postMessage({ channel: "C0ACME", text: "b" });
    expect(Number(b.ts)).toBeGreaterThan(Number(a.ts));
    expect(a.ts?.split(".")[0]).toBe(String(Math.floor(clock.now() / 1000)));
  });

  it("posting to a user id posts in the bot's DM with them", async () => {
    const res = await client.chat.postMessage({ channel: "U0ADMIN", text: "hi Ann" });
    expect(res.channel).toBe("D0ANN");
    expect(slack.state.messages("D0ANN")).toHaveLength(1);
  });

  it("reply_broadcast: the reply stays in its thread and shows in the channel and its history as a thread_broadcast", async () => {
    const root = await client.chat.postMessage({ channel: "C0ACME", text: "root" });
    await client.chat.postMessage({ channel: "C0ACME", text: "quiet", thread_ts: root.ts as string });
    const loud = await client.chat.postMessage({ channel: "C0ACME", text: "loud", thread_ts: root.ts as string, reply_broadcast: true });
    expect(slack.state.thread("C0ACME", root.ts as string).map((m) => m.text)).toEqual(["root", "quiet", "loud"]);
    expect(slack.state.messages("C0ACME").map((m) => [m.text, m.subtype])).toEqual([["root", undefined], ["loud", "thread_broadcast"]]);
    const history = await client.conversations.history({ channel: "C0ACME" });
    expect(history.messages?.map((m) => m.text)).toEqual(["loud", "root"]);
    expect(history.messages?.[0]).toMatchObject({ ts: loud.ts, thread_ts: root.ts, subtype: "thread_broadcast" });
    // Without a thread, reply_broadcast means nothing.
    await client.chat.postMessage({ channel: "C0ACME", text: "plain", reply_broadcast: true } as never);
    expect(slack.state.messages("C0ACME").at(-1)?.subtype).toBeUndefined();
  });

  it("threads: replies carry thread_ts, the parent gets reply_count, a reply's ts threads under its parent", async () => {
    const root = await client.chat.postMessage({ channel: "C0ACME", text: "root" });
    const r1 = await client.chat.postMessage({ channel: "C0ACME", text: "r1", thread_ts: root.ts as string });
    await client.chat.postMessage({ channel: "C0ACME", text: "r2", thread_ts: r1.ts as string });
    const thread = slack.state.thread("C0ACME", root.ts as string);
    expect(thread.map((m) => m.text)).toEqual(["root", "r1", "r2"]);
    expect(thread[2]?.thread_ts).toBe(root.ts);
    expect(slack.state.messages("C0ACME")).toHaveLength(1);
    expect(slack.state.messages("C0ACME")[0]).toMatchObject({ reply_count: 2, reply_users: ["U0BOT"], thread_ts: root.ts });

    const replies = await client.conversations.replies({ channel: "C0ACME", ts: root.ts as string });
    expect(replies.messages?.map((m) => m.text)).toEqual(["root", "r1", "r2"]);
    const err = await client.chat.postMessage({ channel: "C0ACME", text: "x", thread_ts: "1.000100" }).catch((e) => e.data.error);
    expect(err).toBe("thread_not_found");
  });

  it("chat.update keeps blocks it is not sent, clears them with [], and refuses other users' messages", async () => {
    const posted = await client.chat.postMessage({ channel: "C0ACME", text: "working…", blocks: [section("working")] });
    const ts = posted.ts as string;
    const res = await client.chat.update({ channel: "C0ACME", ts, text: "done" });
    expect(res).toMatchObject({ ok: true, channel: "C0ACME", ts, text: "done" });
    expect(slack.state.message("C0ACME", ts)?.blocks).toHaveLength(1);
    await client.chat.update({ channel: "C0ACME", ts, text: "plain", blocks: [] });
    expect(slack.state.message("C0ACME", ts)?.blocks).toBeUndefined();
    expect(slack.state.message("C0ACME", ts)?.edited?.user).toBe("U0BOT");

    slack.setBotUrl(undefined);
    const human = await slack.postUserMessage({ user: "U0ADMIN", channel: "C0ACME", text: "mine" });
    const err = await client.chat.update({ channel: "C0ACME", ts: human.ts, text: "hijack" }).catch((e) => e.data.error);
    expect(err).toBe("cant_update_message");
    const missing = await client.chat.update({ channel: "C0ACME", ts: "1.000001", text: "x" }).catch((e) => e.data.error);
    expect(missing).toBe("message_not_found");
  });

  it("chat.delete removes a message, and leaves a tombstone for a parent with replies", async () => {
    const lone = await client.chat.postMessage({ channel: "C0ACME", text: "lone" });
    const root = await client.chat.postMessage({ channel: "C0ACME", text: "root" });
    await client.chat.postMessage({ channel: "C0ACME", text: "reply", thread_ts: root.ts as string });
    expect(await client.chat.delete({ channel: "C0ACME", ts: lone.ts as string })).toMatchObject({ ok: true, ts: lone.ts });
    await client.chat.delete({ channel: "C0ACME", ts: root.ts as string });
    const top = slack.state.messages("C0ACME");
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({ subtype: "tombstone", ts: root.ts, reply_count: 1 });
  });

  it("chat.postEphemeral shows the message to one member only and never in history", async () => {
    const res = await client.chat.postEphemeral({ channel: "C0ACME", user: "U0MEMBER", text: "only you" });
    expect(res.ok).toBe(true);
    expect(res.message_ts).toMatch(/^\d+\.\d{6}$/);
    expect(slack.state.ephemerals("U0MEMBER", "C0ACME").map((e) => e.text)).toEqual(["only you"]);
    expect(slack.state.ephemerals("U0ADMIN")).toEqual([]);
    expect((await client.conversations.history({ channel: "C0ACME" })).messages).toEqual([]);
    const err = await client.chat.postEphemeral({ channel: "C0IP", user: "U0MEMBER", text: "x" }).catch((e) => e.data.error);
    expect(err).toBe("user_not_in_channel");
  });

  it("metadata is stored, and conversations.history returns it only with include_all_metadata", async () => {
    const metadata = { event_type: "docket_case", event_payload: { court: "nysd", docket: "1:23-cv-01234" } };
    await client.chat.postMessage({ channel: "C0ACME", text: "case", metadata });
    const plain = await client.conversations.history({ channel: "C0ACME" });
    expect(plain.messages?.[0]?.metadata).toBeUndefined();
    const full = await client.conversations.history({ channel: "C0ACME", include_all_metadata: true });
    expect(full.messages?.[0]?.metadata).toEqual(metadata);
    const bad = await client.chat.postMessage({ channel: "C0ACME", text: "x", metadata: { event_type: "" } as never }).catch((e) => e.data.error);
    expect(bad).toBe("invalid_metadata_schema");
  });

  it("conversations.history: newest first, oldest bound, limit with cursor pagination", async () => {
    const ts: string[] = [];
    for (const text of ["one", "two", "three", "four", "five"]) {
      ts.push((await client.chat.postMessage({ channel: "C0IP", text })).ts as string);
      await clock.advance(1000);
    }
    const all = await client.conversations.history({ channel: "C0IP" });
    expect(all.messages?.map((m) => m.text)).toEqual(["five", "four", "three", "two", "one"]);
    expect(all.has_more).toBe(false);
    const recent = await client.conversations.history({ channel: "C0IP", oldest: ts[2] });
    expect(recent.messages?.map((m) => m.text)).toEqual(["five", "four"]);
    const inclusive = await client.conversations.history({ channel: "C0IP", oldest: ts[2], inclusive: true });
    expect(inclusive.messages).toHaveLength(3);

    const page1 = await client.conversations.history({ channel: "C0IP", limit: 2 });
    expect(page1.messages?.map((m) => m.text)).toEqual(["five", "four"]);
    expect(page1.has_more).toBe(true);
    const page2 = await client.conversations.history({ channel: "C0IP", limit: 2, cursor: page1.response_metadata?.next_cursor });
    expect(page2.messages?.map((m) => m.text)).toEqual(["three", "two"]);
    const texts: string[] = [];
    for await (const page of client.paginate("conversations.history", { channel: "C0IP", limit: 2 })) {
      texts.push(...(((page as { messages?: { text: string }[] }).messages) ?? []).map((m) => m.text));
    }
    expect(texts).toEqual(["five", "four", "three", "two", "one"]);
  });

  it("conversations.info, users.info, users.conversations and chat.getPermalink", async () => {
    const info = await client.conversations.info({ channel: "C0ACME" });
    expect(info.channel).toMatchObject({ id: "C0ACME", name: "litigation-acme", is_channel: true, is_member: true, is_archived: false });
    expect((await client.conversations.info({ channel: "D0ANN" })).channel).toMatchObject({ is_im: true, user: "U0ADMIN" });
    const user = await client.users.info({ user: "U0ADMIN" });
    expect(user.user).toMatchObject({ id: "U0ADMIN", real_name: "Ann Admin", is_admin: true, is_bot: false });
    expect((await client.users.info({ user: "U0MEMBER" })).user).toMatchObject({ real_name: "Mo Member", is_admin: false });
    const mine = await client.users.conversations({ user: "U0MEMBER" });
    expect(mine.channels?.map((c) => c.id)).toEqual(["C0ACME"]);
    const root = await client.chat.postMessage({ channel: "C0ACME", text: "root" });
    const reply = await client.chat.postMessage({ channel: "C0ACME", text: "r", thread_ts: root.ts as string });
    const link = await client.chat.getPermalink({ channel: "C0ACME", message_ts: reply.ts as string });
    expect(link.permalink).toBe(`${slack.baseUrl}archives/C0ACME/p${(reply.ts as string).replace(".", "")}?thread_ts=${root.ts}&cid=C0ACME`);
  });
});
