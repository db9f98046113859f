/**
 * Slack's refusals end in a clear sentence, never a stranded working message or an "unhandled"
 * error in the log (issue 15 items 2 and 7). Each refusal is injected where it occurs with the
 * stand-in's faults, answered as Slack answers it (chat.update's msg_too_long, invalid_blocks with
 * response_metadata.messages; views.open's expired_trigger_id; chat.postEphemeral's
 * user_not_in_channel; chat.unfurl's cannot_unfurl_url; chat.postMessage's is_archived).
 * not_in_channel: test/features/qa/errors.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACTION, CALLBACK, encodeValue } from "../../src/slack/blockkit/ids.ts";
import { actions, button, section } from "../../src/slack/blockkit/blocks.ts";
import { CANNOT_POST, CLICK_AGAIN, TOO_LONG_FOR_SLACK } from "../../src/slack/slack-errors.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, MEMBER, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";
import { captureLog, type CapturedLog } from "../helpers/log-capture.ts";
import { botReplies, waitForReplies } from "../features/qa/helpers.ts";

let h: BotHarness;
let log: CapturedLog;
let mark = 0;

beforeAll(async () => {
  log = captureLog("info");
  h = await startBotHarness({ logger: log.logger });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.slack.faults.clear();
  mark = log.lines().length;
});

const linesSince = () => log.lines().slice(mark);
/**
 * No error-level line since the test began: nothing "unhandled", nothing logged as our fault. The
 * one exception is `slackSays`: @slack/web-api itself relays each "[ERROR] …" line of Slack's
 * response_metadata.messages at error level (without our ref); our own line with the ref is a warn.
 */
function expectNoErrors(slackSays: string[] = []): void {
  const errors = linesSince().filter((l) => Number(l.level) >= 50).map((l) => String(l.msg));
  expect(errors.filter((msg) => !slackSays.some((m) => m.replace(/^\[ERROR\]\s*/, "") === msg))).toEqual([]);
  expect(linesSince().filter((l) => String(l.msg).includes("unhandled"))).toEqual([]);
}
const REF = /\(ref [0-9a-f]{8}\)$/;
const OUR_SIDE = /^Something went wrong on our side\..*\(ref [0-9a-f]{8}\)$/;

async function mention(): Promise<string> {
  const posted = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "<@U0BOT> who is the judge in nysd 1:23-cv-01234?" });
  return posted.ts;
}

describe("a refused update of 'Reading the docket…' (item 2)", () => {
  it("msg_too_long: the placeholder becomes the sentence with a ref; the log has Slack's code at warn", async () => {
    h.slack.faults.failNext("chat.update", "msg_too_long");
    const ts = await mention();
    const [reply] = await waitForReplies(h, ACME_CHANNEL, ts, 1);
    expect(reply!.text.startsWith(TOO_LONG_FOR_SLACK)).toBe(true);
    expect(reply!.text).toMatch(REF);
    const warn = linesSince().find((l) => l.level === 40 && (l.slack as { code?: string } | undefined)?.code === "msg_too_long");
    expect(warn?.ref).toBe(/\(ref ([0-9a-f]{8})\)$/.exec(reply!.text)![1]);
    expectNoErrors();
  });

  it("invalid_blocks (our bug): the sentence says so with the ref; Slack's response_metadata.messages reach the log", async () => {
    const messages = ["[ERROR] must be less than 3001 characters [json-pointer:/blocks/1/text/text]"];
    h.slack.faults.failNext("chat.update", "invalid_blocks", 1, messages);
    const ts = await mention();
    const [reply] = await waitForReplies(h, ACME_CHANNEL, ts, 1);
    expect(reply!.text).toMatch(OUR_SIDE);
    const warn = linesSince().find((l) => l.level === 40 && (l.slack as { code?: string } | undefined)?.code === "invalid_blocks");
    expect(warn?.slack).toEqual({ code: "invalid_blocks", messages });
    expectNoErrors(messages);
  });

  it("when even the sentence's update is refused, the sentence is posted in the thread", async () => {
    const messages = ["[ERROR] no more than 50 items allowed [json-pointer:/blocks]"];
    h.slack.faults.failNext("chat.update", "invalid_blocks", 2, messages);
    const ts = await mention();
    const told = await h.slack.waitFor(() => botReplies(h, ACME_CHANNEL, ts).find((m) => OUR_SIDE.test(m.text)), { what: "the sentence in the thread" });
    expect(told.text).toMatch(REF);
    expectNoErrors(messages);
  });
});

describe("a refused result in place of a working line shown through a response_url (item 2)", () => {
  // Bolt's respond keeps only the HTTP status of a refused response_url post (RespondError), not
  // Slack's code: the user reads the "our side" sentence with the ref, the log has the status.
  it("/docket search: results refused (msg_too_long) leave no 'Searching…' behind; the user reads the sentence", async () => {
    const from = h.slack.responses.length;
    h.slack.faults.failNext("response_url", "msg_too_long");
    const ack = await h.slack.sendCommand({ text: "search acme", user: MEMBER, channel: ACME_CHANNEL });
    expect((ack.body as { text: string }).text).toMatch(/Searching for “acme”/);
    const told = await h.slack.waitFor(
      () => h.slack.responses.slice(from).find((r) => r.outcome !== "rejected" && OUR_SIDE.test(String((r.body as { text?: string }).text))),
      { what: "the sentence in place of Searching…" },
    );
    expect(told.outcome).toBe("replaced");
    expect(h.slack.responses.slice(from).filter((r) => r.outcome === "rejected").map((r) => r.error)).toEqual(["msg_too_long"]);
    const shown = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((e) => e.message_ts === told.ts)!;
    expect(shown.text).toMatch(REF);
    const warn = linesSince().find((l) => l.level === 40 && String(l.msg).startsWith("Slack refused the result in place of a working line"));
    expect((warn?.err as { message?: string } | undefined)?.message).toMatch(/400/);
    expect(warn?.ref).toBe(/\(ref ([0-9a-f]{8})\)$/.exec(shown.text)![1]);
    expectNoErrors();
  });

  it("/docket case: a refused case view leaves no 'Getting…' behind; the user reads the sentence", async () => {
    const from = h.slack.responses.length;
    h.slack.faults.failNext("response_url", "msg_too_long");
    await h.slack.sendCommand({ text: "case nysd 1:23-cv-01234", user: MEMBER, channel: ACME_CHANNEL });
    const told = await h.slack.waitFor(
      () => h.slack.responses.slice(from).find((r) => r.outcome !== "rejected" && OUR_SIDE.test(String((r.body as { text?: string }).text))),
      { what: "the sentence in place of Getting…" },
    );
    expect(told.outcome).toBe("replaced");
    expectNoErrors();
  });
});

/** A message with one button, as the case view renders it. */
async function postButton(actionId: string): Promise<string> {
  const res = await h.bot.slack!.app.client.chat.postMessage({
    channel: ACME_CHANNEL, text: "Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234",
    blocks: [section("*A case*"), actions([button({ text: "Go", actionId, value: encodeValue(FLAGSHIP) })])] as never,
  });
  return res.ts!;
}
const ephemeralSince = (user: string, from: number, text: string) =>
  h.slack.waitFor(() => h.slack.state.ephemerals(user, ACME_CHANNEL).slice(from).find((e) => e.text.includes(text)), { what: `"${text}" for ${user}` });

describe("Slack-side refusals get their own sentence (item 7)", () => {
  it("expired_trigger_id from the Ask button: click again", async () => {
    const ts = await postButton(ACTION.askCase);
    const from = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    h.slack.faults.failNext("views.open", "expired_trigger_id");
    await h.slack.sendBlockAction({ user: MEMBER, actionId: ACTION.askCase, channel: ACME_CHANNEL, message: ts });
    expect((await ephemeralSince(MEMBER, from, CLICK_AGAIN)).text).toBe(CLICK_AGAIN);
    expectNoErrors();
  });

  it("expired_trigger_id from the Track message shortcut: click again", async () => {
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "Track S.D.N.Y. No. 1:23-cv-01234 please" });
    const from = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).length;
    h.slack.faults.failNext("views.open", "expired_trigger_id");
    await h.slack.sendMessageShortcut({ callbackId: CALLBACK.trackShortcut, user: MEMBER, channel: ACME_CHANNEL, message: posted.ts });
    expect((await ephemeralSince(MEMBER, from, CLICK_AGAIN)).text).toBe(CLICK_AGAIN);
    expectNoErrors();
  });

  it("expired_trigger_id from the Search global shortcut (no response_url): click again, in the user's DM", async () => {
    const dm = h.slack.state.messages("D0MO").length;
    h.slack.faults.failNext("views.open", "expired_trigger_id");
    await h.slack.sendGlobalShortcut({ callbackId: CALLBACK.searchShortcut, user: MEMBER });
    const told = await h.slack.waitFor(() => h.slack.state.messages("D0MO").slice(dm).find((m) => m.text === CLICK_AGAIN), { what: "the DM" });
    expect(told.text).toBe(CLICK_AGAIN);
    expectNoErrors();
  });

  it("user_not_in_channel on chat.postEphemeral: the Track modal's outcome reaches the user's DM", async () => {
    const ts = await postButton("track_case");
    const views = h.slack.callsTo("views.open").length;
    await h.slack.sendBlockAction({ user: MEMBER, actionId: "track_case", channel: ACME_CHANNEL, message: ts });
    await h.slack.waitFor(() => h.slack.callsTo("views.open").slice(views).find((c) => c.ok), { what: "the Track modal" });
    const dm = h.slack.state.messages("D0MO").length;
    // The modal was closed meanwhile (views.update: not_found), and the user left the channel.
    h.slack.faults.failNext("views.update", "not_found");
    h.slack.faults.failNext("chat.postEphemeral", "user_not_in_channel");
    await h.slack.sendViewSubmission({ user: MEMBER, values: { track_modal_frequency: "weekly" } });
    const told = await h.slack.waitFor(() => h.slack.state.messages("D0MO").slice(dm).find((m) => m.text.includes("1:23-cv-01234")), { what: "the outcome in the DM" });
    expect(told.text).toMatch(/Tracking|tracked/i);
    expect(h.slack.callsTo("chat.postEphemeral").at(-1)).toMatchObject({ ok: false, error: "user_not_in_channel" });
    expectNoErrors();
  });

  it("cannot_unfurl_url: the link stays bare, logged at info, nothing unhandled", async () => {
    const link = `${h.docket.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Widgets_Inc_v_Globex_Corporation/`;
    h.slack.faults.failNext("chat.unfurl", "cannot_unfurl_url");
    const calls = h.slack.calls.length;
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: `See <${link}>` });
    await h.slack.waitFor(() => h.slack.calls.slice(calls).find((c) => c.method === "chat.unfurl"), { what: "chat.unfurl" });
    const info = await h.slack.waitFor(() => linesSince().find((l) => (l.slack as { code?: string } | undefined)?.code === "cannot_unfurl_url"), { what: "the log line" });
    expect(info.level).toBe(30);
    expectNoErrors();
  });

  it("is_archived on /docket ask's question: the user reads how to fix it, only they see it", async () => {
    const from = h.slack.responses.length;
    h.slack.faults.failNext("chat.postMessage", "is_archived");
    await h.slack.sendCommand({ text: "ask nysd 1:23-cv-01234 Who is the judge?", user: ADMIN, channel: ACME_CHANNEL });
    const told = await h.slack.waitFor(() => h.slack.responses.slice(from).find((r) => JSON.stringify(r.body).includes(CANNOT_POST)), { what: "the sentence" });
    expect((told.body as { response_type?: string }).response_type ?? "ephemeral").toBe("ephemeral");
    expectNoErrors();
  });
});


