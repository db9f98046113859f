/**
 * Issues 5 and 12 end to end: the sandbox emulator sends real pushes (basic auth in the push URL)
 * to the real bot (src/main.ts: intake → store → outbox), which posts them to the Slack stand-in
 * over its own Web API client. Real time: the outbox paces one message per second per channel.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, FLAGSHIP, IP_CHANNEL, startBotHarness, type BotHarness } from "../../../helpers/bot-harness.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";

const USER = "hook";
const PASS = "outbox-e2e-pw";
let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness({ env: { PUSH_USERNAME: USER, PUSH_PASSWORD: PASS } });
  const { port } = new URL(h.bot.url);
  h.docket.setPushUrl("demo", `http://${USER}:${PASS}@127.0.0.1:${port}/docket/push`);
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.linkMatter(IP_CHANNEL, "IP-9");
  await h.bot.docket.track(FLAGSHIP, { enable: true, frequency: "realtime" }, { clientMatter: "ACME-001" });
});
afterAll(async () => {
  await h?.close();
});

const posts = (channel: string) => h.slack.callsTo("chat.postMessage").filter((c) => c.params.channel === channel && c.ok);
/** Until the outbox has nothing under way. */
const settled = () =>
  h.slack.waitFor(() => h.bot.outbox!.stats().activeLanes === 0 && h.bot.outbox!.stats().slackCallsInFlight === 0, { timeoutMs: 10_000 });

const isBroadcast = (m: { subtype?: string | undefined }) => m.subtype === "thread_broadcast";
const roots = (channel: string) => h.slack.state.messages(channel).filter((m) => !isBroadcast(m));
const threadOf = (channel: string) => h.slack.state.thread(channel, roots(channel)[0]!.ts);

describe("pushes become alerts in the matter's channels only", () => {
  it("a docket push, delivered twice by the service, is one root, one headline and one thread reply in the linked channel", async () => {
    h.docket.faults.setPushFaults({ duplicate: true });
    try {
      const attempts = await h.docket.triggerPush({ ...FLAGSHIP, filings: ["order", "routine"] });
      expect(attempts[0]?.status).toBe(200);
    } finally {
      h.docket.faults.setPushFaults({ duplicate: false });
    }
    const root = await h.slack.waitFor(() => {
      const [top] = roots(ACME_CHANNEL);
      return top && h.slack.state.thread(ACME_CHANNEL, top.ts).length === 3 ? top : undefined;
    }, { timeoutMs: 10_000, what: "the root, its headline and its reply" });
    await settled();
    expect(h.docket.pushes.filter((p) => p.duplicate)).toHaveLength(1); // the service did send it twice
    expect(posts(ACME_CHANNEL)).toHaveLength(3); // …and it was posted once
    expect(posts(IP_CHANNEL)).toHaveLength(0); // another client's channel sees nothing
    expect(root.text).toMatch(/S\.D\.N\.Y\. · 1:23-cv-01234: 2 new entries · latest \d+\/\d+\/\d{4}$/);
    const [, headline, reply] = h.slack.state.thread(ACME_CHANNEL, root.ts);
    expect(isBroadcast(headline!)).toBe(true);
    expect(headline!.text).toMatch(/^Order in .*: #\d+ ORDER granting/);
    expect(JSON.stringify(headline!.blocks)).toContain("+1 routine filing in the thread");
    expect(reply?.metadata?.event_type).toBe("docketbot_alert");
    for (const m of [root, headline!, reply!]) expectValidMessage({ text: m.text, blocks: m.blocks });
    const [delivery] = await h.store.listDeliveries({ channel: { teamId: "T0DOCKET", channelId: ACME_CHANNEL } });
    expect(delivery).toMatchObject({ state: "sent", slackTs: headline!.ts });
  });

  it("after people chat in the channel, the next order is a new channel-level message naming it (not only an edit and a thread reply)", async () => {
    for (const text of ["morning all", "did anyone see the brief?", "lunch at noon"]) {
      await h.slack.postUserMessage({ user: "U0MEMBER", channel: ACME_CHANNEL, text });
    }
    const before = h.slack.state.messages(ACME_CHANNEL).length;
    await h.docket.triggerPush({ ...FLAGSHIP, filings: ["order"] });
    const last = await h.slack.waitFor(() => {
      const all = h.slack.state.messages(ACME_CHANNEL);
      return all.length > before ? all.at(-1) : undefined;
    }, { timeoutMs: 10_000, what: "a new message at the bottom of the channel" });
    await settled();
    expect(isBroadcast(last)).toBe(true);
    expect(last.thread_ts).toBe(roots(ACME_CHANNEL)[0]!.ts); // the thread stays the case's history
    const blocks = JSON.stringify(last.blocks);
    expect(blocks).toMatch(/\|#\d+>\* · \d+\/\d+\/\d{4} · `Order` — ORDER granting/);
    expect(blocks).toContain("1:23-cv-01234");
    expect(blocks).toContain("filing_docketed");
    const top = roots(ACME_CHANNEL).filter((m) => m.bot_id);
    expect(top).toHaveLength(1);
    expect(top[0]!.text).toMatch(/: 3 new entries · latest/);
    expect(top[0]!.edited).toBeDefined();
  });

  it("a routine filing stays in the thread: nothing new in the channel", async () => {
    const channelBefore = h.slack.state.messages(ACME_CHANNEL).length;
    const threadBefore = threadOf(ACME_CHANNEL).length;
    await h.docket.triggerPush({ ...FLAGSHIP, filings: ["routine"] });
    await h.slack.waitFor(() => threadOf(ACME_CHANNEL).length > threadBefore, { timeoutMs: 10_000, what: "the thread reply" });
    await settled();
    expect(h.slack.state.messages(ACME_CHANNEL)).toHaveLength(channelBefore);
    expect(JSON.stringify(threadOf(ACME_CHANNEL).at(-1)!.blocks)).toContain("routine filing");
    expect(posts(IP_CHANNEL)).toHaveLength(0);
  });

  it("a push held for a matter with no channel is delivered once the matter is linked", async () => {
    await h.bot.docket.track(FLAGSHIP, { enable: true, frequency: "realtime" }, { clientMatter: "BETA-7" });
    await h.docket.triggerPush({ ...FLAGSHIP, filings: ["order"] });
    expect((await h.store.pushStats()).held).toBe(1);
    const linked = await h.store.linkMatter({ teamId: "T0DOCKET", channelId: IP_CHANNEL, clientMatter: "BETA-7", linkedBy: "U0ADMIN" });
    expect(linked.released).toEqual({ pushes: 1, deliveries: 1 });
    h.bot.outbox!.notify();
    await h.slack.waitFor(() => posts(IP_CHANNEL).length === 3, { timeoutMs: 10_000, what: "the released alert" });
    const [root] = roots(IP_CHANNEL);
    expect(JSON.stringify(root?.blocks)).toContain("matter BETA-7");
  });
});
