/**
 * Crash safety (issue 5): a delivery the previous process left in flight is looked up in Slack
 * (its message metadata names the delivery) before anything is posted again. The "previous
 * process" here is a store on the same database file, marked in flight and closed, plus whatever
 * it had managed to post.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSlackStandIn, type SlackStandIn } from "../../../../sandbox/slack/stand-in.ts";
import { openSqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import type { DeliveryRecord } from "../../../../src/store/store.ts";
import { FakeClock } from "../../../helpers/fake-clock.ts";
import { webClient } from "../../../sandbox/slack/harness.ts";
import { ACME, ADMIN, BOT_TOKEN, COURT, TEAM, docketPush, searchPush, startRig, type Rig } from "./helpers.ts";

let dir: string;
let path: string;
let clock: FakeClock;
let slack: SlackStandIn;
let rig: Rig | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "docketbot-outbox-"));
  path = join(dir, "docketbot.db");
  clock = new FakeClock();
  slack = await startSlackStandIn({ signingSecret: "s", botToken: BOT_TOKEN, clock });
});
afterEach(async () => {
  await rig?.close();
  rig = undefined;
  await slack.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The process before the crash: stores the push, marks its delivery in flight, and dies. */
async function crashedWhilePosting(body: Record<string, unknown>, posted: (d: DeliveryRecord) => Promise<void> = async () => {}) {
  const before = await openSqliteStore({ path, clock });
  await before.linkMatter({ teamId: TEAM, channelId: ACME, clientMatter: "ACME-001", linkedBy: ADMIN });
  await before.storePush({ body: JSON.stringify(body), receivedAt: clock.now(), pushType: String(body.push_type), clientMatter: "ACME-001" });
  const [d] = await before.listDeliveries();
  expect(await before.markInFlight(d!.id)).toBe(true);
  await posted(d!);
  await before.close();
  await clock.advance(5_000);
  return d!;
}

const client = () => webClient(slack, BOT_TOKEN);
const meta = (payload: Record<string, string | number>) => ({ event_type: "docketbot_alert", event_payload: payload });
const okPosts = () => slack.callsTo("chat.postMessage").filter((c) => c.ok);

describe("start-up recovery", () => {
  it("a delivery whose message IS in the channel is marked sent with that ts, without a second post", async () => {
    let ts = "";
    const d = await crashedWhilePosting(searchPush("ACME-001"), async (delivery) => {
      const res = await client().chat.postMessage({ channel: ACME, text: "alert", metadata: meta({ delivery_id: delivery.id, role: "alert", part: 1, parts: 1 }) });
      ts = res.ts!;
    });
    rig = await startRig({ clock, slack, databasePath: path });
    await rig.drained();
    expect(await rig.store.getDelivery(d.id)).toMatchObject({ state: "sent", slackTs: ts, attempts: 2 });
    expect(okPosts()).toHaveLength(1); // the one from before the crash
    const history = slack.callsTo("conversations.history")[0]!.params;
    expect([history.channel, String(history.include_all_metadata)]).toEqual([ACME, "true"]);
  });

  it("a delivery whose message is NOT there is posted, once", async () => {
    const d = await crashedWhilePosting(searchPush("ACME-001"));
    rig = await startRig({ clock, slack, databasePath: path });
    await rig.drained();
    const posts = okPosts();
    expect(posts).toHaveLength(1);
    expect(await rig.store.getDelivery(d.id)).toMatchObject({ state: "sent", slackTs: (posts[0]!.response as { ts: string }).ts });
  });

  it("a docket alert whose root, headline and reply were posted before the store heard of the root: the root is adopted, nothing reposted", async () => {
    let rootTs = "";
    let headlineTs = "";
    const d = await crashedWhilePosting(docketPush("ACME-001", 2), async (delivery) => {
      rootTs = (await client().chat.postMessage({ channel: ACME, text: "root", metadata: meta({ delivery_id: delivery.id, role: "root" }) })).ts!;
      headlineTs = (await client().chat.postMessage({
        channel: ACME, thread_ts: rootTs, reply_broadcast: true, text: "headline", metadata: meta({ delivery_id: delivery.id, role: "alert", part: 1, parts: 2 }),
      })).ts!;
      await client().chat.postMessage({ channel: ACME, thread_ts: rootTs, text: "reply", metadata: meta({ delivery_id: delivery.id, role: "alert", part: 2, parts: 2 }) });
    });
    rig = await startRig({ clock, slack, databasePath: path });
    await rig.drained();
    expect(await rig.store.getDelivery(d.id)).toMatchObject({ state: "sent", slackTs: headlineTs });
    expect(okPosts()).toHaveLength(3);
    expect(await rig.store.getCaseThread({ teamId: TEAM, channelId: ACME, court: COURT, docket: "1:23-cv-01234" })).toMatchObject({ rootTs, newEntries: 2 });
    const replies = slack.callsTo("conversations.replies")[0]!.params;
    expect([replies.ts, String(replies.include_all_metadata)]).toEqual([rootTs, "true"]);
    // The filings learnt which message shows them even though the process died before saying so.
    const shown = await rig.store.filingsOfMessage({ teamId: TEAM, channelId: ACME }, headlineTs);
    expect(shown.map((f) => f.shown)).toEqual(["channel", "channel"]);

    // The next alert for the case goes into the adopted thread.
    await rig.push(docketPush("ACME-001", 1));
    await rig.drained();
    expect(slack.state.messages(ACME).filter((m) => m.subtype !== "thread_broadcast")).toHaveLength(1);
    expect(slack.state.thread(ACME, rootTs)).toHaveLength(5);
    expect(slack.state.message(ACME, rootTs)?.text).toMatch(/: 3 new entries · latest 3\/4\/2026$/);
  });

  it("a docket alert that died after its headline posts only its thread reply", async () => {
    let rootTs = "";
    const d = await crashedWhilePosting(docketPush("ACME-001", 1), async (delivery) => {
      rootTs = (await client().chat.postMessage({ channel: ACME, text: "root", metadata: meta({ delivery_id: delivery.id, role: "root" }) })).ts!;
      await client().chat.postMessage({
        channel: ACME, thread_ts: rootTs, reply_broadcast: true, text: "headline", metadata: meta({ delivery_id: delivery.id, role: "alert", part: 1, parts: 2 }),
      });
    });
    rig = await startRig({ clock, slack, databasePath: path });
    await rig.drained();
    expect(await rig.store.getDelivery(d.id)).toMatchObject({ state: "sent" });
    const posts = okPosts();
    expect(posts).toHaveLength(3);
    expect(posts[2]!.params).toMatchObject({ thread_ts: rootTs });
    expect(posts[2]!.params.reply_broadcast).toBeUndefined();
    expect(slack.state.messages(ACME).filter((m) => m.subtype === "thread_broadcast")).toHaveLength(1);
  });

  it("an alert split in parts resumes after the last part that made it", async () => {
    const d = await crashedWhilePosting(searchPush("ACME-001", 60), async (delivery) => {
      await client().chat.postMessage({ channel: ACME, text: "part 1", metadata: meta({ delivery_id: delivery.id, role: "alert", part: 1, parts: 3 }) });
    });
    rig = await startRig({ clock, slack, databasePath: path });
    await rig.drained();
    const parts = okPosts().map((c) => String(c.params.text));
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBe("part 1");
    expect(parts[1]).toMatch(/\(part 2 of 3\)$/);
    expect(parts[2]).toMatch(/\(part 3 of 3\)$/);
    expect(await rig.store.getDelivery(d.id)).toMatchObject({ state: "sent" });
  });

  it("the lookup itself waits out a 429 before deciding", async () => {
    const d = await crashedWhilePosting(searchPush("ACME-001"));
    slack.faults.rateLimit("conversations.history", { channel: ACME, retryAfterSec: 20 });
    rig = await startRig({ clock, slack, databasePath: path });
    await rig.drained();
    expect(slack.callsTo("conversations.history").map((c) => c.status)).toEqual([429, 200]);
    expect(okPosts()).toHaveLength(1);
    expect(await rig.store.getDelivery(d.id)).toMatchObject({ state: "sent" });
  });
});
