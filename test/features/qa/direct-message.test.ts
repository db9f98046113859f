/**
 * A person writes to docketbot's own DM (the manifest's Messages tab is on): issue 15 item 5. A
 * message naming a case starts a Q&A thread on it; anything else gets what docketbot can do there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DM_HOW_TO } from "../../../src/features/qa/views/question.ts";
import { ACME_CHANNEL, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { botReplies, expectValidPayloads, textOf, waitForReplies } from "./helpers.ts";

const MO_DM = "D0MO";
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  // Mo is in #acme, whose matter is the one a DM question can be billed to (issue 14 item 5).
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
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

  it("naming a case and a question: asks which of the user's matters pays, then answers in a thread on that message", async () => {
    const from = h.slack.calls.length;
    h.docket.ledger.clear();
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "nysd 1:23-cv-01234 Who is the judge?" });
    // No matter is linked to a DM: nothing is asked of the service until the user picks one of
    // their channels' matters (issue 14 item 5).
    const [chooser] = await waitForReplies(h, MO_DM, posted.ts, 1);
    expect(textOf(chooser!)).toContain("Which matter is it for?");
    expect(h.docket.ledger.entries.filter((e) => e.endpoint.includes("ask"))).toEqual([]);
    await h.slack.sendBlockAction({ user: MEMBER, channel: MO_DM, message: chooser!.ts, actionId: "fee_matter:0" });
    const replies = await waitForReplies(h, MO_DM, posted.ts, 2);
    const answer = replies.find((m) => /judge/i.test(textOf(m)) && m.ts !== chooser!.ts)!;
    expect(textOf(answer)).toMatch(/judge/i);
    expect(h.docket.ledger.entries.filter((e) => e.endpoint.includes("ask")).map((e) => e.client_matter)).toEqual(["ACME-001"]);

    // The DM is addressed to docketbot: a reply in the thread is a follow-up without a mention (issue 14 item 1).
    await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "When was it filed?", threadTs: posted.ts });
    const after = await waitForReplies(h, MO_DM, posted.ts, 3);
    expect(after).toHaveLength(3);
    expect(textOf(after[2]!)).toMatch(/filed on/); // the follow-up's own answer, not the judge again, billed to the same matter
    expectValidPayloads(h, from);
  });
});
