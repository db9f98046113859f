/**
 * Issue 5 end to end: the sandbox emulator sends real pushes (basic auth in the push URL) to the
 * real bot (src/main.ts: intake → store → outbox), which posts them to the Slack stand-in over its
 * own Web API client. Real time: the outbox paces one message per second per channel.
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

describe("pushes become alerts in the matter's channels only", () => {
  it("a docket push, delivered twice by the service, is one root and one thread reply in the linked channel", async () => {
    h.docket.faults.setPushFaults({ duplicate: true });
    try {
      const attempts = await h.docket.triggerPush({ ...FLAGSHIP, entries: 2 });
      expect(attempts[0]?.status).toBe(200);
    } finally {
      h.docket.faults.setPushFaults({ duplicate: false });
    }
    const root = await h.slack.waitFor(() => {
      const [top] = h.slack.state.messages(ACME_CHANNEL);
      return top && h.slack.state.thread(ACME_CHANNEL, top.ts).length === 2 ? top : undefined;
    }, { timeoutMs: 10_000, what: "the root and its reply" });
    await settled();
    expect(h.docket.pushes.filter((p) => p.duplicate)).toHaveLength(1); // the service did send it twice
    expect(posts(ACME_CHANNEL)).toHaveLength(2); // …and it was posted once
    expect(posts(IP_CHANNEL)).toHaveLength(0); // another client's channel sees nothing
    expect(root.text).toMatch(/S\.D\.N\.Y\. · 1:23-cv-01234: 2 new entries · latest \d+\/\d+\/\d{4}$/);
    const [, reply] = h.slack.state.thread(ACME_CHANNEL, root.ts);
    expect(reply?.metadata?.event_type).toBe("docketbot_alert");
    for (const m of [root, reply!]) expectValidMessage({ text: m.text, blocks: m.blocks });
    const [delivery] = await h.store.listDeliveries({ channel: { teamId: "T0DOCKET", channelId: ACME_CHANNEL } });
    expect(delivery).toMatchObject({ state: "sent", slackTs: reply!.ts });
  });

  it("the next push for the case edits the root in place and adds a reply", async () => {
    await h.docket.triggerPush({ ...FLAGSHIP, entries: 1 });
    await h.slack.waitFor(() => h.slack.state.thread(ACME_CHANNEL, h.slack.state.messages(ACME_CHANNEL)[0]!.ts).length === 3, { timeoutMs: 10_000 });
    const top = h.slack.state.messages(ACME_CHANNEL);
    expect(top).toHaveLength(1);
    expect(top[0]!.text).toMatch(/: 3 new entries · latest/);
    expect(top[0]!.edited).toBeDefined();
  });

  it("a push held for a matter with no channel is delivered once the matter is linked", async () => {
    await h.bot.docket.track(FLAGSHIP, { enable: true, frequency: "realtime" }, { clientMatter: "BETA-7" });
    await h.docket.triggerPush({ ...FLAGSHIP, entries: 1 });
    expect((await h.store.pushStats()).held).toBe(1);
    const linked = await h.store.linkMatter({ teamId: "T0DOCKET", channelId: IP_CHANNEL, clientMatter: "BETA-7", linkedBy: "U0ADMIN" });
    expect(linked.released).toEqual({ pushes: 1, deliveries: 1 });
    h.bot.outbox!.notify();
    await h.slack.waitFor(() => posts(IP_CHANNEL).length === 2, { timeoutMs: 10_000, what: "the released alert" });
    const [root] = h.slack.state.messages(IP_CHANNEL);
    expect(JSON.stringify(root?.blocks)).toContain("matter BETA-7");
  });
});
