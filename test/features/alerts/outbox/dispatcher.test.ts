import { afterEach, describe, expect, it } from "vitest";
import { webClient } from "../../../sandbox/slack/harness.ts";
import { ACME, IP, TEAM, deliveryIdOf, docketPush, isBroadcast, searchPush, startRig, type Rig } from "./helpers.ts";

let rig: Rig;
afterEach(async () => {
  await rig?.close();
});

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);
const textOf = (call: { params: Record<string, unknown> }) => String(call.params.text);

describe("order and pacing", () => {
  it("posts a channel's deliveries in FIFO order, at most one message per second", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await rig.push(searchPush("ACME-001")));
    const start = rig.clock.now();
    await rig.drained();

    const posts = rig.posts(ACME);
    expect(posts).toHaveLength(5);
    const deliveries = await rig.store.listDeliveries({ channel: { teamId: TEAM, channelId: ACME } });
    expect(posts.map(deliveryIdOf)).toEqual(deliveries.map((d) => d.id)); // FIFO
    expect(deliveries.every((d) => d.state === "sent" && d.attempts === 1)).toBe(true);
    expect(posts.map((p) => p.params.text)).toEqual(ids.map((_, i) => expect.stringContaining(`widget ${i + 1}`)) as unknown[]);
    for (const gap of gaps(posts.map((p) => p.at))) expect(gap).toBeGreaterThanOrEqual(1000);
    expect(posts[0]!.at).toBe(start); // notify() woke the dispatcher: no wait for the poll interval
    expect(posts.at(-1)!.at - start).toBeGreaterThanOrEqual(4000); // N alerts take at least N-1 seconds
  });

  it("channels post in parallel, each at its own pace", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.link(IP, "ACME-001");
    for (let i = 0; i < 4; i++) await rig.push(searchPush("ACME-001"));
    const start = rig.clock.now();
    await rig.drained();

    const [a, b] = [rig.posts(ACME), rig.posts(IP)];
    expect(a).toHaveLength(4);
    expect(b).toHaveLength(4);
    for (const posts of [a, b]) for (const gap of gaps(posts.map((p) => p.at))) expect(gap).toBeGreaterThanOrEqual(1000);
    // Eight messages in about three seconds, not seven: the two channels did not wait for each other.
    expect(Math.max(a.at(-1)!.at, b.at(-1)!.at) - start).toBeLessThan(5000);
    expect(rig.metrics.counts.get("docketbot_outbox_deliveries_sent_total")).toBe(8);
  });
});

describe("docket alerts in case threads", () => {
  it("the first alert posts the case root and a reply in its thread; later ones edit the root in place", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.push(docketPush("ACME-001", 2, "3/3/2026"));
    await rig.push(docketPush("ACME-001", 1, "3/5/2026"));
    await rig.push(docketPush("ACME-001", 3, "3/4/2026"));
    await rig.drained();

    const top = rig.slack.state.messages(ACME).filter((m) => !isBroadcast(m));
    expect(top).toHaveLength(1); // one thread per case
    const root = top[0]!;
    expect(root.text).toBe("Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234: 6 new entries · latest 3/5/2026");
    expect(root.edited).toBeDefined();
    expect(root.metadata).toMatchObject({ event_type: "docketbot_alert", event_payload: { role: "root" } });
    const inThread = rig.slack.state.thread(ACME, root.ts).slice(1);
    const replies = inThread.filter((m) => !isBroadcast(m));
    expect(replies.map((r) => r.text.split(":")[0])).toEqual([
      "2 new entries in Acme Corp v. Widget Inc · S.D.N.Y. · 1",
      "New entry in Acme Corp v. Widget Inc · S.D.N.Y. · 1",
      "3 new entries in Acme Corp v. Widget Inc · S.D.N.Y. · 1",
    ]);
    // Issue 12: each push's orders also reach the channel, as a headline broadcast from the thread.
    const headlines = rig.slack.state.messages(ACME).filter(isBroadcast);
    expect(headlines.map((h) => h.text.split(":")[0])).toEqual([
      "2 new filings in Acme Corp v. Widget Inc · S.D.N.Y. · 1",
      "Order in Acme Corp v. Widget Inc · S.D.N.Y. · 1",
      "3 new filings in Acme Corp v. Widget Inc · S.D.N.Y. · 1",
    ]);
    expect(headlines.every((h) => h.thread_ts === root.ts)).toBe(true);
    expect(inThread.every((r) => r.metadata?.event_type === "docketbot_alert")).toBe(true);
    expect(rig.slack.callsTo("chat.update")).toHaveLength(2);

    const thread = await rig.store.getCaseThread({ teamId: TEAM, channelId: ACME, court: "New York Southern District Court", docket: "1:23-cv-01234" });
    expect(thread).toMatchObject({ rootTs: root.ts, newEntries: 6, latestEntryDate: "2026-03-05", clientMatter: "ACME-001" });
    const deliveries = await rig.store.listDeliveries();
    expect(deliveries.map((d) => d.slackTs)).toEqual(headlines.map((r) => r.ts));
    // Root and replies are all messages in the channel: each waits its second.
    for (const gap of gaps(rig.posts(ACME).map((p) => p.at))) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it("a root someone deleted is forgotten and a new one started", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.push(docketPush("ACME-001", 2));
    await rig.drained();
    const [first] = rig.slack.state.messages(ACME);
    await webClient(rig.slack, "xoxb-outbox-test-token").chat.delete({ channel: ACME, ts: first!.ts });

    await rig.push(docketPush("ACME-001", 1));
    await rig.drained();
    const top = rig.slack.state.messages(ACME).filter((m) => m.subtype !== "tombstone" && !isBroadcast(m));
    expect(top).toHaveLength(1);
    expect(top[0]!.ts).not.toBe(first!.ts);
    expect(top[0]!.text).toMatch(/: 1 new entry · latest/);
    expect(rig.slack.state.thread(ACME, top[0]!.ts)).toHaveLength(3); // root, headline, reply
    expect((await rig.store.listDeliveries()).map((d) => d.state)).toEqual(["sent", "sent"]);
  });
});

describe("failures", () => {
  it("a 429 with Retry-After holds back only that channel", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.link(IP, "ACME-001");
    rig.slack.faults.rateLimit("chat.postMessage", { channel: ACME, retryAfterSec: 30 });
    const start = rig.clock.now();
    for (let i = 0; i < 3; i++) await rig.push(searchPush("ACME-001"));
    await rig.drained();

    const limited = rig.slack.callsTo("chat.postMessage").filter((c) => c.params.channel === ACME && c.status === 429);
    expect(limited).toHaveLength(1);
    const [a, b] = [rig.posts(ACME), rig.posts(IP)];
    expect(b).toHaveLength(3);
    expect(b.at(-1)!.at - start).toBeLessThan(5000); // IP never waited for ACME's 30 s
    expect(a).toHaveLength(3);
    expect(a[0]!.at - limited[0]!.at).toBeGreaterThanOrEqual(30_000);
    expect(a.map(deliveryIdOf)).toEqual(b.map(deliveryIdOf).map((id) => id! - 1)); // same order: ACME's were made first
    expect(rig.outbox.stats().rateLimited).toBe(1);
    expect(rig.metrics.counts.get("docketbot_outbox_deliveries_retried_total reason=rate_limited")).toBe(1);
  });

  it("5xx answers are retried with exponential backoff until Slack takes the post", async () => {
    rig = await startRig({ random: () => 0 }); // no jitter: 2 s, then 4 s
    await rig.link(ACME, "ACME-001");
    rig.slack.faults.failNext("chat.postMessage", 503, 2);
    await rig.push(searchPush("ACME-001"));
    await rig.drained();

    const calls = rig.slack.callsTo("chat.postMessage");
    expect(calls.map((c) => c.status)).toEqual([503, 503, 200]);
    expect(gaps(calls.map((c) => c.at))).toEqual([2000, 4000]);
    const [d] = await rig.store.listDeliveries();
    expect(d).toMatchObject({ state: "sent", attempts: 3, lastError: "chat.postMessage: http_503" });
    expect(rig.outbox.stats()).toMatchObject({ retried: 2, sent: 1, overdue: [] });
    expect(rig.metrics.counts.get("docketbot_outbox_deliveries_retried_total reason=transient")).toBe(2);
  });

  it("channel_not_found and is_archived kill that channel's delivery with the reason; other channels are unaffected", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.link("C0GONE", "ACME-001");
    await rig.link(IP, "ACME-001");
    rig.slack.archiveChannel(IP);
    await rig.push(searchPush("ACME-001"));
    await rig.push(searchPush("ACME-001"));
    await rig.drained();

    const byChannel = (await rig.store.listDeliveries()).map((d) => [d.channelId, d.state, d.deadReason]);
    expect(byChannel).toEqual([
      [ACME, "sent", undefined], ["C0GONE", "dead", "channel_not_found"], [IP, "dead", "is_archived"],
      [ACME, "sent", undefined], ["C0GONE", "dead", "channel_not_found"], [IP, "dead", "is_archived"],
    ]);
    expect(rig.posts(ACME)).toHaveLength(2);
    expect(rig.metrics.counts.get("docketbot_outbox_deliveries_dead_total reason=channel_not_found")).toBe(2);
    // Admins hear once per channel and reason, not once per alert.
    await rig.until(() => rig.slack.state.messages("D0ANN").length >= 2);
    const dms = rig.slack.state.messages("D0ANN").map((m) => m.text);
    expect(dms).toHaveLength(2);
    expect(dms.find((t) => t.includes("<#C0IP>"))).toMatch(/can't be posted in <#C0IP>: the channel is archived\. They are kept/);
    expect(dms.find((t) => t.includes("<#C0GONE>"))).toMatch(/no longer exists/);
  });

  it("a message Slack rejects dies with Slack's code (resending it unchanged cannot help); the next one goes out", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    rig.slack.faults.failNext("chat.postMessage", "invalid_blocks");
    await rig.push(searchPush("ACME-001"));
    await rig.push(searchPush("ACME-001"));
    await rig.drained();
    expect((await rig.store.listDeliveries()).map((d) => [d.state, d.deadReason])).toEqual([["dead", "invalid_blocks"], ["sent", undefined]]);
    expect(rig.metrics.counts.get("docketbot_outbox_deliveries_dead_total reason=invalid_blocks")).toBe(1);
  });

  it("retryDead re-sends a dead alert once the channel is fixed", async () => {
    rig = await startRig();
    await rig.link(IP, "ACME-001");
    rig.slack.removeBotFrom(IP);
    await rig.push(docketPush("ACME-001", 1));
    await rig.drained();
    const [dead] = await rig.store.listDeliveries();
    expect(dead).toMatchObject({ state: "dead", deadReason: "not_in_channel" });

    rig.slack.addBotTo(IP);
    expect(await rig.outbox.retryDead([dead!.id], undefined, { teamId: TEAM, channelId: ACME, userId: "U0ADMIN" })).toBe(1);
    await rig.drained();
    expect(await rig.store.getDelivery(dead!.id)).toMatchObject({ state: "sent" });
    const top = rig.slack.state.messages(IP).filter((m) => !isBroadcast(m));
    expect(top).toHaveLength(1);
    expect(rig.slack.state.thread(IP, top[0]!.ts)).toHaveLength(3); // root, headline, reply
  });

  it("retries past the max age are reported once to admins and flagged in stats, and go on", async () => {
    rig = await startRig({ policy: { maxRetryAgeMs: 60_000 } });
    await rig.link(ACME, "ACME-001");
    rig.slack.faults.failNext("chat.postMessage", 500, 12);
    await rig.push(searchPush("ACME-001"));
    await rig.until(() => rig.outbox.stats().overdue.length > 0);
    expect(rig.outbox.stats().overdue[0]).toMatchObject({ channelId: ACME, clientMatter: "ACME-001", lastError: "chat.postMessage: http_500" });
    await rig.drained();
    expect(rig.posts(ACME)).toHaveLength(1);
    expect(rig.outbox.stats().overdue).toEqual([]); // cleared by the success
    const dms = rig.slack.state.messages("D0ANN").map((m) => m.text);
    expect(dms).toHaveLength(1);
    expect(dms[0]).toMatch(/have been waiting \d+ minutes? to reach <#C0ACME> \(last error: Slack answered `http_500`\)\. docketbot keeps retrying/);
  });

  it("a delivery whose matter was unlinked meanwhile is never posted", async () => {
    rig = await startRig({ start: false });
    await rig.link(ACME, "ACME-001");
    await rig.push(searchPush("ACME-001"));
    await rig.store.unlinkMatter({ teamId: TEAM, channelId: ACME, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" });
    await rig.outbox.start();
    await rig.drained();
    expect(rig.posts(ACME)).toEqual([]);
    expect((await rig.store.listDeliveries())[0]).toMatchObject({ state: "dead", deadReason: "matter_unlinked" });
  });
});

describe("stop", () => {
  it("parks a delivery waiting for its slot and leaves nothing in flight", async () => {
    rig = await startRig();
    await rig.link(ACME, "ACME-001");
    await rig.push(docketPush("ACME-001", 1)); // root, then the reply a second later
    await rig.until(() => rig.posts(ACME).length === 1);
    await rig.outbox.stop();
    const [d] = await rig.store.listDeliveries();
    expect(d).toMatchObject({ state: "pending", lastError: "interrupted at shutdown" });
    expect(rig.outbox.stats().running).toBe(false);
    expect(textOf(rig.posts(ACME)[0]!)).toMatch(/new entry/);
  });
});
