/**
 * A person writes to docketbot's own DM (the manifest's Messages tab is on): issue 15 item 5. A
 * message naming a case starts a Q&A thread on it; anything else gets what docketbot can do there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DM_HOW_TO } from "../../../src/features/qa/views/question.ts";
import { MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { botReplies, expectValidPayloads, textOf, waitForReplies } from "./helpers.ts";

const MO_DM = "D0MO";
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const botTopLevel = () => h.slack.state.messages(MO_DM).filter((m) => m.bot_id !== undefined && m.thread_ts === undefined);

describe("a direct message to docketbot", () => {
  it("without a case: says what docketbot can do here, at the top level, with no service call", async () => {
    h.docket.ledger.clear();
    const from = h.slack.calls.length;
    await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "hello, what can you do?" });
    const reply = await h.slack.waitFor(() => botTopLevel().find((m) => textOf(m).includes("Here you can ask me about a case")));
    expect(reply.text).toBe(DM_HOW_TO);
    expect(h.docket.ledger.entries).toEqual([]);
    expectValidPayloads(h, from);
  });

  it("a thank-you gets no how-to", async () => {
    const before = botTopLevel().length;
    await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "thanks!" });
    await new Promise((r) => setTimeout(r, 150)); // a reply would have been posted by now
    expect(botTopLevel()).toHaveLength(before);
  });

  it("naming a case and a question: answers in a thread on that message", async () => {
    const from = h.slack.calls.length;
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "nysd 1:23-cv-01234 Who is the judge?" });
    const [answer] = await waitForReplies(h, MO_DM, posted.ts, 1);
    expect(textOf(answer!)).toMatch(/judge/i);
    expect(botReplies(h, MO_DM, posted.ts).length).toBeGreaterThanOrEqual(1);

    // The DM is addressed to docketbot: a reply in the thread is a follow-up without a mention (issue 14 item 1).
    await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "When was it filed?", threadTs: posted.ts });
    const replies = await waitForReplies(h, MO_DM, posted.ts, 2);
    expect(replies).toHaveLength(2);
    expect(textOf(replies[1]!)).toMatch(/filed on/); // the follow-up's own answer, not the judge again
    expectValidPayloads(h, from);
  });
});
