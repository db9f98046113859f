/**
 * Every inbound kind docketbot handles, in the three shapes Slack sends it (issue 15, Tests; item
 * 1): a person of our workspace ("plain"), a partner firm's person in our Slack Connect channel
 * ("connect": their team where Slack puts the acting team, ours in authorizations /
 * context_team_id) and an Enterprise Grid org-wide install ("org": enterprise ids, `team: null`
 * in view submissions and global shortcuts). Each must be handled under the channel's matter:
 * the emulator's ledger shows what was billed to whom. The shapes and their sources:
 * sandbox/slack/payload-shapes.ts and test/fixtures/slack/README.md.
 * Also: Events API retries, the bot's own echoes, message_changed/message_deleted. app_rate_limited
 * is covered by test/slack/app-rate-limited.test.ts.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_BLOCK } from "../../src/features/qa/views/ask-modal.ts";
import { ACTION, CALLBACK, encodeValue } from "../../src/slack/blockkit/ids.ts";
import { actions, button, section } from "../../src/slack/blockkit/blocks.ts";
import type { PayloadShape } from "../../sandbox/slack/payload-shapes.ts";
import { ENTERPRISE, PARTNER_TEAM, PARTNER_USER } from "../../sandbox/slack/workspace.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, MEMBER, TEAM, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";
import { botReplies, textOf, waitForReplies } from "../features/qa/helpers.ts";

let h: BotHarness;
let caseLink: string;
const SHAPES: readonly PayloadShape[] = ["plain", "connect", "org"];
/** Who acts in each shape: in a Slack Connect channel, the partner firm's lawyer. */
const actorOf = (shape: PayloadShape) => (shape === "connect" ? PARTNER_USER.id : MEMBER);

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  // #litigation-acme is shared with the partner firm (Slack Connect); the seed stays as it is.
  h.slack.addUser(PARTNER_USER, [ACME_CHANNEL]);
  caseLink = `${h.docket.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Widgets_Inc_v_Globex_Corporation/`;
});
afterAll(async () => {
  await h?.close();
});

/** The first ledger entry for `endpoint` after entry number `from`: what the service billed, and to which matter. */
const billed = (from: number, endpoint: string) =>
  h.slack.waitFor(() => h.docket.ledger.entries.slice(from).find((e) => e.endpoint === endpoint), { what: `a ${endpoint} call`, timeoutMs: 8000 });

async function postButton(actionId: string, value: string): Promise<string> {
  const res = await h.bot.slack!.app.client.chat.postMessage({
    channel: ACME_CHANNEL, text: "Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234",
    blocks: [section("*A case*"), actions([button({ text: "Go", actionId, value })])] as never,
  });
  return res.ts!;
}

/** The modal opened for `user` after `views` views.open calls (earlier tests leave theirs open). */
const modalOpenedSince = async (user: string, views: number) => {
  await h.slack.waitFor(() => h.slack.callsTo("views.open").slice(views).find((c) => c.ok), { what: `a modal for ${user}` });
  return h.slack.state.modals(user).at(-1)!.view;
};
const opened = () => h.slack.callsTo("views.open").length;

type Json = Record<string, unknown>;
const recording = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/slack/${name}`, import.meta.url), "utf8")) as Json;
const keys = (o: unknown) => Object.keys(o as Json).sort();

describe("the stand-in puts team ids where Slack's recordings do (test/fixtures/slack)", () => {
  it("Slack Connect events: the acting user's team in team_id, ours in authorizations", async () => {
    const shared = recording("events-shared-channel-reaction-added.json");
    const auth = (shared.authorizations as Json[])[0]!;
    expect(shared.team_id).not.toBe(auth.team_id); // T_SOURCE vs T_INSTALLED
    const posted = await h.slack.postUserMessage({ user: PARTNER_USER.id, channel: ACME_CHANNEL, text: "Morning all" }, { shape: "connect" });
    const sent = posted.deliveries[0]!.payload;
    expect(keys((sent.authorizations as Json[])[0])).toEqual(keys(auth));
    expect(sent).toMatchObject({ team_id: PARTNER_TEAM.id, context_team_id: TEAM, is_ext_shared_channel: true, authorizations: [{ team_id: TEAM, is_enterprise_install: false }] });
    expect(sent.event).toMatchObject({ team: PARTNER_TEAM.id, user: PARTNER_USER.id });
  });

  it("org-wide events: enterprise_id beside team_id, authorizations with team_id null", async () => {
    const org = recording("events-org-app-message.json");
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "Morning all" }, { shape: "org" });
    const sent = posted.deliveries[0]!.payload;
    for (const k of ["team_id", "enterprise_id", "authorizations", "is_ext_shared_channel", "event_context"]) expect(sent).toHaveProperty(k);
    expect((sent.authorizations as Json[])[0]).toEqual({ ...(org.authorizations as Json[])[0], enterprise_id: ENTERPRISE.id, user_id: "U0BOT" });
    expect(keys(sent.event)).toEqual(expect.arrayContaining(keys(org.event).filter((k) => k !== "client_msg_id")));
  });

  it("view submissions and slash commands carry only fields Slack sends; org-wide: team null, enterprise named", async () => {
    const fields = recording("view-submission-fields.json");
    const views = opened();
    await h.slack.sendGlobalShortcut({ callbackId: CALLBACK.searchShortcut, user: MEMBER }, { shape: "org" });
    await modalOpenedSince(MEMBER, views);
    const d = await h.slack.sendViewSubmission({ user: MEMBER, values: { search_query: "acme" } }, { shape: "org" });
    const sent = d.payload;
    expect(keys(fields)).toEqual(expect.arrayContaining(keys(sent).filter((k) => k !== "response_urls")));
    expect(keys(sent.user)).toEqual(keys(fields.user));
    expect(sent).toMatchObject({ team: null, enterprise: { id: ENTERPRISE.id }, is_enterprise_install: true, user: { team_id: ENTERPRISE.id } });
    expect(keys(fields.view)).toEqual(expect.arrayContaining(["app_installed_team_id", "team_id"]));

    const command = recording("slash-command-fields.json");
    const c = await h.slack.sendCommand({ text: "help", user: MEMBER, channel: ACME_CHANNEL }, { shape: "org" });
    // is_enterprise_install is documented for commands (docs.slack.dev/interactivity/implementing-slash-commands) but not in the Java sample.
    expect([...keys(command), "is_enterprise_install"]).toEqual(expect.arrayContaining(keys(c.payload)));
    expect(c.payload).toMatchObject({ team_id: TEAM, enterprise_id: ENTERPRISE.id, is_enterprise_install: "true" });
    const partner = await h.slack.sendCommand({ text: "help", user: PARTNER_USER.id, channel: ACME_CHANNEL }, { shape: "connect" });
    expect(partner.payload).toMatchObject({ team_id: PARTNER_TEAM.id, team_domain: PARTNER_TEAM.domain });
  });
});

describe.each(SHAPES)("the %s shape", (shape) => {
  const user = actorOf(shape);

  it("a slash command bills the channel's matter", async () => {
    const from = h.docket.ledger.entries.length;
    const d = await h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user, channel: ACME_CHANNEL }, { shape });
    expect(d.status).toBe(200);
    expect(await billed(from, "getdocket")).toMatchObject({ client_matter: "ACME-001" });
  });

  it("the Ask button (block_actions) opens the modal under the matter; its submission (view_submission) bills ACME-001 and answers in the channel", async () => {
    const ts = await postButton(ACTION.askCase, encodeValue(FLAGSHIP));
    const views = opened();
    const click = await h.slack.sendBlockAction({ user, actionId: ACTION.askCase, channel: ACME_CHANNEL, message: ts }, { shape });
    expect(click.status).toBe(200);
    expect(JSON.stringify((await modalOpenedSince(user, views)).blocks)).toContain("charged to matter ACME-001");
    const calls = h.slack.calls.length;
    const from = h.docket.ledger.entries.length;
    const submitted = await h.slack.sendViewSubmission({ user, values: { [ASK_BLOCK.question]: `Who is the judge? (${shape})`, [ASK_BLOCK.target]: "docket" } }, { shape });
    expect(submitted.status).toBe(200);
    expect(await billed(from, "ask_docket")).toMatchObject({ client_matter: "ACME-001" });
    const root = await h.slack.waitFor(
      () => h.slack.calls.slice(calls).find((c) => c.method === "chat.postMessage" && c.params.channel === ACME_CHANNEL && c.params.thread_ts === undefined && c.ok),
      { what: "the question's root" },
    );
    const rootTs = (root.response as { ts: string }).ts;
    await waitForReplies(h, ACME_CHANNEL, rootTs, 1);
    expect(await h.store.getThread({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: rootTs })).toMatchObject({ clientMatter: "ACME-001", createdBy: user });
  });

  it("the Track button and the Track modal's submission track the case for ACME-001", async () => {
    const target = h.docket.corpus.cases.filter((c) => c.docket !== FLAGSHIP.docket)[SHAPES.indexOf(shape)]!;
    const ts = await postButton("track_case", encodeValue({ court: target.court, docket: target.docket }));
    const views = opened();
    await h.slack.sendBlockAction({ user, actionId: "track_case", channel: ACME_CHANNEL, message: ts }, { shape });
    expect(JSON.stringify((await modalOpenedSince(user, views)).blocks)).toContain("*ACME-001*");
    const submit = await h.slack.sendViewSubmission({ user, values: { track_modal_frequency: "weekly" } }, { shape });
    expect(submit.status).toBe(200);
    const found = await waitForTracker(target.docket);
    expect(found).toMatchObject({ client_matter: "ACME-001", frequency: "weekly" });
  });

  it("the Look up message shortcut shows the case under the matter", async () => {
    const posted = await h.slack.postUserMessage({ user, channel: ACME_CHANNEL, text: "Did anyone read the order in S.D.N.Y. No. 1:23-cv-01234?" }, { shape });
    const count = h.slack.state.ephemerals(user, ACME_CHANNEL).length;
    const from = h.docket.ledger.entries.length;
    const d = await h.slack.sendMessageShortcut({ callbackId: CALLBACK.lookupShortcut, user, channel: ACME_CHANNEL, message: posted.ts }, { shape });
    expect(d.status).toBe(200);
    const shown = await h.slack.waitFor(() => h.slack.state.ephemerals(user, ACME_CHANNEL).slice(count).find((e) => textOf(e).includes("matter ACME-001")), { what: "the private case view" });
    expect(textOf(shown)).toContain("1:23-cv-01234");
    expect(await billed(from, "getdocket")).toMatchObject({ client_matter: "ACME-001" });
  });

  it("the Search global shortcut (no channel) opens the Search modal", async () => {
    const views = opened();
    const d = await h.slack.sendGlobalShortcut({ callbackId: CALLBACK.searchShortcut, user }, { shape });
    expect(d.status).toBe(200);
    expect((await modalOpenedSince(user, views)).callback_id).toBe(CALLBACK.searchModal);
  });

  it("an @mention naming a case starts a thread under the matter; a follow-up in it is answered there", async () => {
    const from = h.docket.ledger.entries.length;
    const posted = await h.slack.postUserMessage({ user, channel: ACME_CHANNEL, text: "<@U0BOT> who is the judge in nysd 1:23-cv-01234?" }, { shape });
    expect(posted.deliveries.map((d) => (d.payload.event as { type: string }).type)).toEqual(["message", "app_mention"]);
    await waitForReplies(h, ACME_CHANNEL, posted.ts, 1);
    expect(await billed(from, "ask_docket")).toMatchObject({ client_matter: "ACME-001" });
    expect(await h.store.getThread({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: posted.ts })).toMatchObject({ clientMatter: "ACME-001" });

    const next = h.docket.ledger.entries.length;
    // A follow-up is addressed to docketbot by a mention (issue 14 item 1).
    await h.slack.postUserMessage({ user, channel: ACME_CHANNEL, text: "<@U0BOT> When was it filed?", threadTs: posted.ts }, { shape });
    await waitForReplies(h, ACME_CHANNEL, posted.ts, 2);
    expect(await billed(next, "ask_docket")).toMatchObject({ client_matter: "ACME-001" });
    expect(botReplies(h, ACME_CHANNEL, posted.ts)).toHaveLength(2);
  });

  it("a shared case link is unfurled, billed to the channel's matter", async () => {
    const from = h.docket.ledger.entries.length;
    const calls = h.slack.calls.length;
    const posted = await h.slack.postUserMessage({ user, channel: ACME_CHANNEL, text: `Look: <${caseLink}>` }, { shape });
    expect(posted.deliveries.map((d) => (d.payload.event as { type: string }).type)).toContain("link_shared");
    const unfurl = await h.slack.waitFor(() => h.slack.calls.slice(calls).find((c) => c.method === "chat.unfurl"), { what: "chat.unfurl" });
    expect(unfurl.ok).toBe(true);
    expect(await billed(from, "getdocket")).toMatchObject({ client_matter: "ACME-001" });
  });
});

async function waitForTracker(docket: string) {
  for (let i = 0; i < 80; i++) {
    const { data } = await h.bot.docket.listTrackers({ limit: 50 });
    const found = data.dockets.find((t) => t.docket === docket);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no tracker for ${docket}`);
}

// An app's Home belongs to the workspace that installed it: a Slack Connect partner has no Home of
// ours to open, so App Home is driven in the plain and org-wide shapes.
describe.each(["plain", "org"] as const)("App Home in the %s shape", (shape) => {
  it("lists the workspace's matters", async () => {
    const calls = h.slack.calls.length;
    const d = await h.slack.openAppHome(ADMIN, { shape });
    expect(d.status).toBe(200);
    const publish = await h.slack.waitFor(() => h.slack.calls.slice(calls).find((c) => c.method === "views.publish" && c.ok), { what: "views.publish" });
    expect(JSON.stringify(publish.params.view)).toContain("*ACME-001* · <#C0ACME>");
  });
});

describe("Events API deliveries that must not be answered twice, or at all", () => {
  it("a retry of an event (X-Slack-Retry-Num) is acknowledged and not answered again", async () => {
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "<@U0BOT> who is the judge in nysd 1:23-cv-01234?" });
    await waitForReplies(h, ACME_CHANNEL, posted.ts, 1);
    const asks = h.docket.ledger.filter({ endpoint: "ask_docket" }).length;
    for (const [i, delivery] of posted.deliveries.entries()) {
      const retry = await h.slack.redeliver(delivery, { num: i + 1, reason: "http_timeout" });
      expect(retry.status).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 300)); // a second answer would have started by now
    expect(botReplies(h, ACME_CHANNEL, posted.ts)).toHaveLength(1);
    expect(h.docket.ledger.filter({ endpoint: "ask_docket" })).toHaveLength(asks);
  });

  it("the bot's own messages echoed back, message_changed and message_deleted get no answer", async () => {
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "<@U0BOT> who is the judge in nysd 1:23-cv-01234?" });
    const [answer] = await waitForReplies(h, ACME_CHANNEL, posted.ts, 1);
    const calls = h.slack.calls.length;
    const asks = h.docket.ledger.filter({ endpoint: "ask_docket" }).length;
    // The echo of the bot's answer, as Slack sends it (subtype-less, with bot_id), in the thread.
    const echo = await h.slack.sendEvent({ ...answer!, type: "message", channel: ACME_CHANNEL, channel_type: "channel" });
    const edited = { ...h.slack.state.message(ACME_CHANNEL, posted.ts)!, text: "When was it filed? (edited)", edited: { user: MEMBER, ts: "1.0" } };
    const changed = await h.slack.sendEvent({
      type: "message", subtype: "message_changed", hidden: true, channel: ACME_CHANNEL, channel_type: "channel",
      message: { ...edited, thread_ts: posted.ts }, previous_message: h.slack.state.message(ACME_CHANNEL, posted.ts),
    });
    const deleted = await h.slack.sendEvent({
      type: "message", subtype: "message_deleted", hidden: true, channel: ACME_CHANNEL, channel_type: "channel",
      deleted_ts: posted.ts, previous_message: h.slack.state.message(ACME_CHANNEL, posted.ts),
    });
    for (const d of [echo, changed, deleted]) expect(d.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.slack.calls.slice(calls).filter((c) => c.method.startsWith("chat."))).toEqual([]);
    expect(h.docket.ledger.filter({ endpoint: "ask_docket" })).toHaveLength(asks);
  });
});
