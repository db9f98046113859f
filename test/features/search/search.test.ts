/**
 * `/docket search` end to end: the Slack stand-in sends signed commands and clicks to the real bot
 * over HTTP, the bot searches the docket service emulator, and we read what Slack would show.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Block, EphemeralMessage } from "../../../sandbox/slack/types.ts";
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { ACME_CHANNEL, ADMIN, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => h?.close());
beforeEach(() => h.docket.ledger.clear());

type Button = { action_id: string; value?: string; text: { text: string } };
const buttons = (blocks: Block[] | undefined): Button[] =>
  (blocks ?? []).flatMap((b) => (b.type === "actions" ? (b.elements as Button[]) : b.accessory ? [b.accessory as Button] : []));
const blockText = (m: { text: string; blocks?: Block[] }) => `${m.text}\n${JSON.stringify(m.blocks ?? [])}`;

/** Every ephemeral the user has in the channel, each checked as Slack would check it. */
function ephemerals(user: string): EphemeralMessage[] {
  const list = h.slack.state.ephemerals(user, ACME_CHANNEL);
  for (const e of list) expectValidMessage(e);
  return list;
}

/** Runs a command and waits until its acknowledgement has been replaced by something else. */
async function search(query: string, user = ADMIN) {
  const delivery = await h.slack.sendCommand({ text: `search ${query}`, user, channel: ACME_CHANNEL });
  expect(delivery.status).toBe(200);
  expect(delivery.lateAck).toBe(false);
  const post = await h.slack.waitFor(() => h.slack.responses.find((p) => p.url === delivery.responseUrl), { what: "the search results" });
  expect(post.status).toBe(200);
  expect(post.outcome).toBe("replaced");
  const message = h.slack.state.ephemerals(user, ACME_CHANNEL).find((e) => e.message_ts === post.ts)!;
  expectValidMessage(message);
  return { delivery, message };
}

describe("/docket search", () => {
  it("acks at once with a working state, then replaces it with the results, only for the user", async () => {
    const { delivery, message } = await search("acme");
    const ack = delivery.body as { response_type: string; text: string; blocks: Block[] };
    expect(ack.response_type).toBe("ephemeral");
    expect(ack.text).toMatch(/Searching for “acme”/);
    expectValidMessage(ack);

    // The working message itself became the results (replaced in place, not a second message).
    expect(message.source).toBe("ack");
    expect(message.text).toMatch(/^\d+ cases match “acme”/);
    expect(blockText(message)).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(blockText(message)).toContain("S.D.N.Y. · 1:23-cv-01234");
    expect(blockText(message)).toMatch(/Filed 2\/14\/2023/);
    const ids = buttons(message.blocks).map((b) => b.action_id);
    expect(ids).toEqual(expect.arrayContaining(["view_case:0", "track_case:0", "ask_case:0"]));
    // Nothing was posted to the channel: search results are the searcher's own.
    expect(h.slack.state.messages(ACME_CHANNEL)).toHaveLength(0);
    // The call carried the channel's matter (usage history) and cost nothing.
    expect(h.docket.ledger.filter({ endpoint: "search" })).toEqual([expect.objectContaining({ client_matter: "ACME-001", fee: 0 })]);
  });

  it("says so helpfully when nothing matches", async () => {
    const { message } = await search("zzqx nothingmatchesthis");
    expect(message.text).toMatch(/^No cases match “zzqx nothingmatchesthis”/);
    expect(blockText(message)).toContain("/docket pacer");
    expect(buttons(message.blocks)).toHaveLength(0);
  });

  it("shows the total and pages with More results / Previous, replacing the message in place", async () => {
    const { message } = await search("patent");
    expect(message.text).toMatch(/^70 cases match “patent”/);
    expect(blockText(message)).toContain("Results 1–10 of 70");
    const more = buttons(message.blocks).find((b) => b.action_id === "search_page:next")!;
    expect(buttons(message.blocks).some((b) => b.action_id === "search_page:prev")).toBe(false);

    const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: more.action_id, ephemeral: message.message_ts });
    expect(click.lateAck).toBe(false);
    const mine = () => h.slack.responses.filter((p) => p.url === click.responseUrl);
    await h.slack.waitFor(() => mine().length >= 2, { what: "working state, then page 2" });
    const [working, page2] = mine();
    expect(JSON.stringify(working!.body)).toContain(":hourglass_flowing_sand:");
    expect(page2!.outcome).toBe("replaced");
    expect(page2!.ts).toBe(message.message_ts);
    const shown = ephemerals(ADMIN).find((e) => e.message_ts === message.message_ts)!;
    expect(blockText(shown)).toContain("Results 11–20 of 70");
    expect(buttons(shown.blocks).map((b) => b.action_id)).toEqual(expect.arrayContaining(["view_case:10", "search_page:prev", "search_page:next"]));
    // Each page is its own call, at the right offset.
    expect(h.docket.ledger.count({ endpoint: "search" })).toBe(2);
  });

  it("opens a result's case view privately, with Share to channel, and keeps the results", async () => {
    const { message } = await search("acme widgets globex");
    const view = buttons(message.blocks).find((b) => b.action_id.startsWith("view_case:") && b.value?.includes("1:23-cv-01234"))!;
    expect(view).toBeDefined();
    const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: view.action_id, ephemeral: message.message_ts });
    expect(click.lateAck).toBe(false);
    const post = await h.slack.waitFor(() => h.slack.responses.find((p) => p.url === click.responseUrl), { what: "the case view" });
    expect(post.outcome).toBe("ephemeral");
    const all = ephemerals(ADMIN);
    const caseView = all.find((e) => e.message_ts === post.ts)!;
    expect(caseView.text).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(buttons(caseView.blocks).some((b) => b.action_id === "share_to_channel")).toBe(true);
    expect(blockText(caseView)).toContain("matter ACME-001");
    // The results are still there to click again.
    expect(all.find((e) => e.message_ts === message.message_ts)?.text).toMatch(/cases? match/);
    expect(h.docket.ledger.filter({ endpoint: "getdocket" })).toEqual([expect.objectContaining({ kind: "docket_cached", fee: 0, client_matter: "ACME-001" })]);
  });

  it("hands Track and Ask to their features with a value they accept (each opens its modal)", async () => {
    const { message } = await search("acme widgets globex");
    for (const base of ["track_case", "ask_case"]) {
      const b = buttons(message.blocks).find((x) => x.action_id.startsWith(`${base}:`) && x.value?.includes("1:23-cv-01234"))!;
      const opens = h.slack.callsTo("views.open").length;
      const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: b.action_id, ephemeral: message.message_ts });
      expect(click.lateAck).toBe(false);
      await h.slack.waitFor(() => h.slack.callsTo("views.open").length > opens, { what: `${base}'s modal` });
      const call = h.slack.callsTo("views.open").at(-1)!;
      expect(call.ok).toBe(true);
      expect(JSON.stringify(call.params.view)).toContain("1:23-cv-01234");
    }
  });

  it("acks within 3 seconds while the service hangs, then shows the results", async () => {
    h.docket.faults.delayNext("search", 3_100);
    const delivery = await h.slack.sendCommand({ text: "search acme", user: MEMBER, channel: ACME_CHANNEL });
    expect(delivery.ackMs).toBeLessThan(3_000);
    expect(delivery.lateAck).toBe(false);
    expect(JSON.stringify(delivery.body)).toContain(":hourglass_flowing_sand:");
    await h.slack.waitFor(() => h.slack.responses.some((p) => p.url === delivery.responseUrl), { timeoutMs: 10_000, what: "the late results" });
    const shown = ephemerals(MEMBER).at(-1)!;
    expect(shown.text).toMatch(/cases? match “acme”/);
  });

  it("tells the user, not the channel, when the service fails", async () => {
    h.docket.faults.failNext("search", 500, 10);
    const { message } = await search("acme");
    h.docket.faults.reset();
    expect(message.text).toMatch(/docket service answered with an error.*\(ref [0-9a-f]+\)/i);
    // The ref is random hex ("ref 9500d16c"): judge the sentence without it.
    expect(message.text.replace(/\(ref [0-9a-f]+\)|ref [0-9a-f]+/g, "")).not.toMatch(/500|stack|Error:/);
    expect(h.slack.state.messages(ACME_CHANNEL)).toHaveLength(0);
  });

  it("refuses a tampered paging button without searching", async () => {
    const { message } = await search("patent");
    const more = buttons(message.blocks).find((b) => b.action_id === "search_page:next")!;
    h.docket.ledger.clear();
    const click = await h.slack.sendBlockAction({ user: ADMIN, actionId: more.action_id, ephemeral: message.message_ts, value: '{"q":"x","o":-5}' });
    const post = await h.slack.waitFor(() => h.slack.responses.find((p) => p.url === click.responseUrl));
    expect(JSON.stringify(post.body)).toContain("out of date");
    expect(h.docket.ledger.count({ endpoint: "search" })).toBe(0);
  });
});
