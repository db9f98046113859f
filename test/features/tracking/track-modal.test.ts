/**
 * The Track button and the `docket_track` message shortcut end to end: the modal opens, the
 * submission is acknowledged at once (even while the service hangs), the case is tracked for the
 * channel's matter, and the modal and the channel say so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeValue } from "../../../src/slack/blockkit/ids.ts";
import { HOSTILE_PARTY } from "../../../sandbox/docket-service/corpus/index.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";
import { ACME_CHANNEL, FLAGSHIP, IP_CHANNEL, MEMBER, ADMIN, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { expectValidPayloads, lastEphemeral, mark, textOf } from "./helpers.ts";

let h: BotHarness;
let hostile: EmuCase;

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  hostile = h.docket.corpus.cases.find((c) => c.parties.some((p) => p.name === HOSTILE_PARTY))!;
});
afterAll(async () => {
  await h?.close();
});

async function trackerOf(docket: string) {
  const { data } = await h.bot.docket.listTrackers({ limit: 50 });
  return data.dockets.find((t) => t.docket === docket);
}

/** A message with a Track button, as the case view and search results render it. */
async function caseViewWithTrackButton(channel: string): Promise<string> {
  const res = await h.bot.slack!.app.client.chat.postMessage({
    channel,
    text: "Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234",
    blocks: [{ type: "actions", elements: [{ type: "button", text: { type: "plain_text", text: "Track" }, action_id: "track_case", value: encodeValue(FLAGSHIP) }] }],
  });
  return res.ts!;
}

const topModal = (user: string) => h.slack.state.modals(user).at(-1)?.view;
const inputIds = (user: string) => (topModal(user)?.blocks ?? []).filter((b) => b.type === "input").map((b) => b.block_id);

describe("the Track button", () => {
  it("opens the modal, acks the submission at once while the service hangs, then tracks and confirms", async () => {
    const ts = await caseViewWithTrackButton(ACME_CHANNEL);
    const from = mark(h);
    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "track_case", channel: ACME_CHANNEL, message: ts });
    expect(click.ackMs).toBeLessThan(3000);
    await h.slack.waitFor(() => topModal(MEMBER), { what: "the Track modal" });
    // One matter: no matter select, the matter is named.
    expect(inputIds(MEMBER)).toEqual(["track_modal_frequency"]);
    expect(textOf(topModal(MEMBER)!)).toContain("*ACME-001*");

    h.docket.faults.delayNext("track", 3_500);
    const submit = await h.slack.sendViewSubmission({ user: MEMBER, values: { track_modal_frequency: "weekly" } });
    expect(submit.ackMs).toBeLessThan(3000);
    expect(submit.lateAck).toBe(false);
    expect(submit.body).toMatchObject({ response_action: "update" });
    expect(textOf(topModal(MEMBER)!)).toContain(":hourglass_flowing_sand: Tracking S.D.N.Y. · 1:23-cv-01234 for *ACME-001*…");

    const update = await h.slack.waitFor(() => h.slack.callsTo("views.update").find((c) => c.at >= submit.at), { timeoutMs: 8000, what: "the modal's outcome" });
    expect(update.ok).toBe(true);
    expect(textOf(topModal(MEMBER)!)).toContain("*Tracking* *<");
    expect(textOf(topModal(MEMBER)!)).toContain("I posted this in <#C0ACME>.");
    const post = h.slack.callsTo("chat.postMessage").find((c) => c.params.channel === ACME_CHANNEL && String(c.params.text).startsWith("Tracking "));
    // Named from the service's stored copy its dates came from, as the command does: nobody viewed the case.
    expect(post?.params.text).toBe("Tracking Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234 for ACME-001, checked weekly · 7 upcoming dates found: next File a joint letter on the status due Wed 12/9/2026 (computed — verify).");
    expect(textOf(topModal(MEMBER)!)).toContain("Acme Widgets, Inc. v. Globex Corporation");
    expect(await trackerOf(FLAGSHIP.docket)).toMatchObject({ enabled: true, frequency: "weekly", client_matter: "ACME-001" });
    expectValidPayloads(h, from);
  });

  it("checks the wall again on submit: a matter unlinked meanwhile tracks nothing", async () => {
    const ts = await caseViewWithTrackButton(ACME_CHANNEL);
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "track_case", channel: ACME_CHANNEL, message: ts });
    await h.slack.waitFor(() => topModal(ADMIN), { what: "the Track modal" });
    await h.store.unlinkMatter({ teamId: TEAM, channelId: ACME_CHANNEL, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" });
    try {
      const posts = h.docket.ledger.count({ endpoint: "track" });
      const submit = await h.slack.sendViewSubmission({ user: ADMIN, values: { track_modal_frequency: "monthly" } });
      expect(submit.body).toEqual({ response_action: "errors", errors: { track_modal_frequency: "This channel is no longer linked to a client matter, so it can't track cases." } });
      expect(h.docket.ledger.count({ endpoint: "track" })).toBe(posts);
      expect((await trackerOf(FLAGSHIP.docket))?.frequency).toBe("weekly");
    } finally {
      await h.linkMatter(ACME_CHANNEL, "ACME-001");
    }
  });

  it("opened again, shows the channel's current subscription and starts at it; lowering from the form changes nothing (issue 13)", async () => {
    const ts = await caseViewWithTrackButton(ACME_CHANNEL);
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "track_case", channel: ACME_CHANNEL, message: ts });
    await h.slack.waitFor(() => (textOf(topModal(ADMIN) ?? {}).includes("Tracked now") ? true : undefined), { what: "the Track modal" });
    const modal = textOf(topModal(ADMIN)!);
    expect(modal).toContain("Tracked now: *ACME-001* checks it weekly.");
    expect(modal).toContain('"initial_option":{"text":{"type":"plain_text","text":"Weekly: once a week","emoji":true},"value":"weekly"}');
    const submit = await h.slack.sendViewSubmission({ user: ADMIN, values: { track_modal_frequency: "monthly" } });
    const update = await h.slack.waitFor(() => h.slack.callsTo("views.update").find((c) => c.at >= submit.at && textOf(c.params.view as object).includes("Nothing changed")), { timeoutMs: 8000, what: "the modal's outcome" });
    expect(textOf(update.params.view as object)).toContain("/docket track nysd 1:23-cv-01234 monthly");
    expect(await trackerOf(FLAGSHIP.docket)).toMatchObject({ enabled: true, frequency: "weekly" });
  });

  it("tells a channel with no matter how to get one, and opens nothing", async () => {
    const ts = await caseViewWithTrackButton(IP_CHANNEL);
    const modals = h.slack.callsTo("views.open").length;
    await h.slack.sendBlockAction({ user: ADMIN, actionId: "track_case", channel: IP_CHANNEL, message: ts });
    const e = await h.slack.waitFor(() => lastEphemeral(h, ADMIN, IP_CHANNEL));
    expect(e.text).toBe("This channel isn't linked to a client matter, so it can't track cases yet. Link one with `/docket matter link ACME-001`.");
    expect(h.slack.callsTo("views.open")).toHaveLength(modals);
  });
});

describe("the docket_track shortcut", () => {
  it("finds the cases in the message, asks which and for which matter, and tracks the one picked", async () => {
    await h.linkMatter(ACME_CHANNEL, "ACME-002");
    try {
      const msg = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: `Please follow S.D.N.Y. No. 1:23-cv-01234 and also ded ${hostile.docket}.` });
      const from = mark(h);
      const d = await h.slack.sendMessageShortcut({ callbackId: "docket_track", user: MEMBER, channel: ACME_CHANNEL, message: msg.ts });
      expect(d.ackMs).toBeLessThan(3000);
      await h.slack.waitFor(() => h.slack.callsTo("views.open").find((c) => c.at >= d.at), { what: "the Track modal" });
      expect(inputIds(MEMBER)).toEqual(["track_modal_case", "track_modal_frequency", "track_modal_matter"]);

      // The matter is required: without it the modal stays open with an error on that field.
      const missing = await h.slack.sendViewSubmission({ user: MEMBER, values: { track_modal_case: "1", track_modal_frequency: "daily" } });
      expect(missing.body).toEqual({ response_action: "errors", errors: { track_modal_matter: "Pick a client matter." } });

      const ok = await h.slack.sendViewSubmission({ user: MEMBER, values: { track_modal_case: "1", track_modal_frequency: "daily", track_modal_matter: "ACME-002" } });
      expect(ok.body).toMatchObject({ response_action: "update" });
      await h.slack.waitFor(() => h.slack.callsTo("views.update").find((c) => c.at >= ok.at), { what: "the modal's outcome" });
      expect(await trackerOf(hostile.docket)).toMatchObject({ enabled: true, frequency: "daily", client_matter: "ACME-002" });
      const post = h.slack.callsTo("chat.postMessage").find((c) => c.at >= ok.at && c.params.channel === ACME_CHANNEL)!;
      expect(String(post.params.text)).toMatch(/ for ACME-002, checked daily(?: · [^.]*? found: .*)?\.$/);
      expect(textOf(post.params)).not.toContain("<!channel>");
      expectValidPayloads(h, from);
    } finally {
      await h.store.unlinkMatter({ teamId: TEAM, channelId: ACME_CHANNEL, clientMatter: "ACME-002", unlinkedBy: "U0ADMIN" });
    }
  });

  it("says so when the message names no case", async () => {
    const msg = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "lunch at noon?" });
    const opened = h.slack.callsTo("views.open").length;
    await h.slack.sendMessageShortcut({ callbackId: "docket_track", user: MEMBER, channel: ACME_CHANNEL, message: msg.ts });
    const e = await h.slack.waitFor(() => {
      const last = lastEphemeral(h, MEMBER, ACME_CHANNEL);
      return last?.text.startsWith("I didn't find") ? last : undefined;
    });
    expect(e.text).toBe("I didn't find a court and docket number in that message. Try `/docket track nysd 1:23-cv-01234 daily`.");
    expect(h.slack.callsTo("views.open")).toHaveLength(opened);
  });
});
