/**
 * The Ask modal end to end: a case view's Ask button and the `docket_ask` message shortcut open it,
 * its submission is validated in the modal and then answered in the channel it came from.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultEngines } from "../../../sandbox/docket-service/engines-default.ts";
import type { AskInput } from "../../../sandbox/docket-service/engines.ts";
import { actions, button, section } from "../../../src/slack/blockkit/blocks.ts";
import { ASK_BLOCK, ASK_ELEMENT } from "../../../src/features/qa/views/ask-modal.ts";
import { ACTION, CALLBACK, encodeValue } from "../../../src/slack/blockkit/ids.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { expectValidPayloads, rootPostedSince, textOf, waitForReplies } from "./helpers.ts";

let h: BotHarness;
const asked: AskInput[] = [];

beforeAll(async () => {
  h = await startBotHarness({ docket: { engines: { answer: (input) => (asked.push(input), defaultEngines.answer(input)) } } });
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

/** A message with the case view's Ask button, as the cases feature posts it. */
async function postCaseViewStub(value = encodeValue(FLAGSHIP)): Promise<string> {
  const res = await h.bot.slack!.app.client.chat.postMessage({
    channel: ACME_CHANNEL,
    text: "Acme Widgets, Inc. v. Globex Corporation · S.D.N.Y. · 1:23-cv-01234",
    blocks: [section("*Acme Widgets, Inc. v. Globex Corporation*"), actions([button({ text: "Ask", actionId: ACTION.askCase, value })])] as never,
  });
  return res.ts!;
}

const openModal = (user: string) => h.slack.waitFor(() => h.slack.state.modals(user).at(-1), { what: "an open modal" });
const inputIds = (view: { blocks: { type: string; block_id?: string }[] }) => view.blocks.filter((b) => b.type === "input").map((b) => b.block_id);

describe("the case view's Ask button", () => {
  it("opens the modal for that case; the submission answers in the channel, from the target chosen", async () => {
    const ts = await postCaseViewStub();
    const from = h.slack.calls.length;
    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: ACTION.askCase, channel: ACME_CHANNEL, message: ts });
    expect(click.ackMs).toBeLessThan(3000);
    const { view } = await openModal(MEMBER);
    expect(view.callback_id).toBe(CALLBACK.askModal);
    expect(inputIds(view)).toEqual([ASK_BLOCK.question, ASK_BLOCK.target]); // the case is known: no case input
    expect(JSON.stringify(view.blocks)).toContain("1:23-cv-01234");
    expect(JSON.stringify(view.blocks)).toContain("charged to matter ACME-001");
    expect(JSON.stringify(view.blocks)).toMatch(/Expected AI price (usually|about) \$/); // before anything is spent (issue 14 item 2)

    const submitted = await h.slack.sendViewSubmission({
      user: MEMBER,
      values: { [ASK_BLOCK.question]: "What do the filings say about damages?", [ASK_BLOCK.target]: "documents" },
    });
    expect(submitted.ackMs).toBeLessThan(3000);
    expect(submitted.body).toBe("");
    expect(h.slack.state.modals(MEMBER)).toEqual([]);

    const rootTs = await rootPostedSince(h, from, ACME_CHANNEL);
    const [answer] = await waitForReplies(h, ACME_CHANNEL, rootTs, 1);
    const root = h.slack.state.message(ACME_CHANNEL, rootTs)!;
    expect(textOf(root)).toContain("> What do the filings say about damages?");
    expect(textOf(root)).toContain("Answered from the documents");
    expect(asked.at(-1)).toMatchObject({ target: "documents", question: "What do the filings say about damages?" });
    expect(textOf(answer!)).toContain("docket as of");
    expect(await h.store.getThread({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: rootTs })).toMatchObject({ ...FLAGSHIP, clientMatter: "ACME-001", createdBy: MEMBER });

    // A follow-up in that thread (a mention: issue 14 item 1) reads the documents too.
    await h.slack.postUserMessage({ user: MEMBER, channel: ACME_CHANNEL, text: "<@U0BOT> And about the injunction?", threadTs: rootTs });
    await waitForReplies(h, ACME_CHANNEL, rootTs, 2);
    expect(asked.at(-1)!.target).toBe("documents");
    expectValidPayloads(h, from);
  });

  it("a tampered or stale button value gets a sentence, not a modal", async () => {
    const ts = await postCaseViewStub();
    await h.slack.sendBlockAction({ user: ADMIN, actionId: ACTION.askCase, channel: ACME_CHANNEL, message: ts, value: '{"c":"","d":"x"}' });
    const note = await h.slack.waitFor(() => h.slack.state.ephemerals(ADMIN, ACME_CHANNEL).find((e) => e.text.includes("out of date")));
    expect(note.text).toMatch(/^That button is out of date\./);
    expect(h.slack.state.modals(ADMIN)).toEqual([]);
  });
});

describe("the docket_ask message shortcut", () => {
  it("finds the case in the message, suggests its question, and answers; the ack never waits for the service", async () => {
    const posted = await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "Is there a trial date yet in nysd 1:23-cv-01234?" });
    const from = h.slack.calls.length;
    const shortcut = await h.slack.sendMessageShortcut({ callbackId: CALLBACK.askShortcut, user: ADMIN, channel: ACME_CHANNEL, message: posted.ts });
    expect(shortcut.ackMs).toBeLessThan(3000);
    const { view } = await openModal(ADMIN);
    expect(inputIds(view)).toEqual([ASK_BLOCK.question, ASK_BLOCK.target]);
    const question = view.blocks.find((b) => b.block_id === ASK_BLOCK.question)!.element as { initial_value?: string };
    expect(question.initial_value).toBe("Is there a trial date yet in nysd 1:23-cv-01234?");

    h.docket.faults.delayNext("ask_docket", 3_200);
    const submitted = await h.slack.sendViewSubmission({ user: ADMIN, values: { [ASK_BLOCK.question]: question.initial_value!, [ASK_BLOCK.target]: "both" } });
    expect(submitted.ackMs).toBeLessThan(3000);
    expect(submitted.lateAck).toBe(false);
    // The answer goes under the colleague's message, in its thread (issue 15 item 13), not in a new post.
    const [answer] = await waitForReplies(h, ACME_CHANNEL, posted.ts, 1, 8_000);
    const body = textOf(answer!);
    expect(body).toContain("*providerone* · from the docket");
    expect(body).toContain("*providerone* · from the documents"); // one provider (ASK_PROVIDER's default), both parts
    expect(body).not.toContain("providertwo");
    expect(body).toContain("Acme Widgets, Inc. v. Globex Corporation"); // the thread's root names no case: the answer does
    const topLevel = h.slack.calls.slice(from).filter((c) => c.method === "chat.postMessage" && c.params.channel === ACME_CHANNEL && c.params.thread_ts === undefined);
    expect(topLevel).toEqual([]);
    expectValidPayloads(h, from);
  });

  it("asks for the case when the message names none, and shows input errors in the modal", async () => {
    const posted = await h.slack.postUserMessage({ user: ADMIN, channel: ACME_CHANNEL, text: "Can someone check the Globex case?" });
    const from = h.slack.calls.length;
    await h.slack.sendMessageShortcut({ callbackId: CALLBACK.askShortcut, user: ADMIN, channel: ACME_CHANNEL, message: posted.ts });
    const { view } = await openModal(ADMIN);
    expect(inputIds(view)).toEqual([ASK_BLOCK.caseRef, ASK_BLOCK.question, ASK_BLOCK.target]);

    const bad = await h.slack.sendViewSubmission({ user: ADMIN, values: { [ASK_BLOCK.caseRef]: "xyz 1:23-cv-01234", [ASK_BLOCK.question]: "?", [ASK_BLOCK.target]: "docket" } });
    expect(bad.body).toMatchObject({ response_action: "errors" });
    const [entry] = h.slack.state.modals(ADMIN);
    expect(Object.keys(entry!.errors ?? {}).sort()).toEqual([ASK_BLOCK.caseRef, ASK_BLOCK.question].sort());
    expect(entry!.errors![ASK_BLOCK.caseRef]).toMatch(/I don't know the court "xyz"/);

    const before = asked.length;
    const good = await h.slack.sendViewSubmission({
      user: ADMIN,
      values: { [ASK_BLOCK.caseRef]: { [ASK_ELEMENT.caseRef]: "S.D.N.Y. 1:23-cv-1234" }, [ASK_BLOCK.question]: "Who represents Globex?", [ASK_BLOCK.target]: "docket" },
    });
    expect(good.body).toBe("");
    // Answered under the message the shortcut was used on (issue 15 item 13).
    await waitForReplies(h, ACME_CHANNEL, posted.ts, 1);
    expect(asked.length).toBeGreaterThan(before);
    expect(asked.at(-1)).toMatchObject({ question: "Who represents Globex?", target: "docket" });
    expect(asked.at(-1)!.kase.docket).toBe(FLAGSHIP.docket);
    expectValidPayloads(h, from);
  });
});

describe("the answer's Ask a follow-up button (issue 14 item 1)", () => {
  it("opens the modal prefilled with the thread's case; the submission answers in that thread with the earlier turn as context", async () => {
    const from = h.slack.calls.length;
    await h.slack.sendCommand({ text: "ask nysd 1:23-cv-01234 Has the motion to dismiss been decided?", user: ADMIN, channel: ACME_CHANNEL });
    const rootTs = await rootPostedSince(h, from, ACME_CHANNEL);
    const [answer] = await waitForReplies(h, ACME_CHANNEL, rootTs, 1);
    expect(JSON.stringify(answer!.blocks)).toContain('"text":"Ask a follow-up"');
    const ledger = h.docket.ledger.filter({ endpoint: "ask_docket" }).length;

    const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: ACTION.askFollowUp, channel: ACME_CHANNEL, message: answer!.ts });
    expect(click.ackMs).toBeLessThan(3000);
    const { view } = await openModal(MEMBER);
    expect(view.callback_id).toBe(CALLBACK.askModal);
    expect(inputIds(view)).toEqual([ASK_BLOCK.question, ASK_BLOCK.target]); // the thread's case: no case input
    // Issue 25 item 1: titled as a follow-up, naming the case by its title (known from the first answer).
    expect((view.title as { text: string }).text).toBe("Ask a follow-up");
    expect(JSON.stringify(view.blocks[0])).toMatch(/\*Follow-up about\* \*<[^|]+\|Acme Widgets, Inc\. v\. Globex Corporation>\* · S\.D\.N\.Y\. · 1:23-cv-01234/);
    expect(h.docket.ledger.filter({ endpoint: "ask_docket" })).toHaveLength(ledger); // opening it costs nothing

    const before = h.slack.calls.length;
    await h.slack.sendViewSubmission({ user: MEMBER, values: { [ASK_BLOCK.question]: "When are expert reports due?" } });
    // The question first, under its asker's name, then the answer (issue 25 item 1).
    const replies = await waitForReplies(h, ACME_CHANNEL, rootTs, 3);
    expect(replies).toHaveLength(3);
    expect(replies[1]!.text).toBe("Follow-up: When are expert reports due?");
    expect(JSON.stringify(replies[1]!.blocks)).toContain(`:speech_balloon: *<@${MEMBER}> asks a follow-up*\\n> When are expert reports due?`);
    expect(JSON.stringify(replies[2]!.blocks)).toMatch(/Expert Reports are due/);
    expect(asked.at(-1)!.question).toContain("Q1: Has the motion to dismiss been decided?");
    expect(asked.at(-1)!.question).toMatch(/Follow-up question \(answer this one\): When are expert reports due\?$/);
    // No new root: the follow-up is in the same thread.
    expect(h.slack.calls.slice(before).filter((c) => c.method === "chat.postMessage" && c.params.thread_ts === undefined)).toEqual([]);
    const turns = await h.store.recentTurns({ teamId: TEAM, channelId: ACME_CHANNEL, threadTs: rootTs }, 10);
    expect(turns.map((t) => [t.question, t.askedBy])).toEqual([
      ["Has the motion to dismiss been decided?", ADMIN],
      ["When are expert reports due?", MEMBER],
    ]);
    expect(h.docket.ledger.filter({ endpoint: "ask_docket" }).at(-1)).toMatchObject({ client_matter: "ACME-001" });
    expectValidPayloads(h, from);
  });
});
