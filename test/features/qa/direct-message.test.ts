/**
 * A person writes to docketbot's own DM (the manifest's Messages tab is on): issue 15 item 5. A
 * message naming a case starts a Q&A thread on it; anything else gets what docketbot can do there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DM_HOW_TO } from "../../../src/features/qa/views/question.ts";
import { ASK_BLOCK } from "../../../src/features/qa/views/ask-modal.ts";
import { ACTION } from "../../../src/slack/blockkit/ids.ts";
import { ACME_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { botReplies, expectValidPayloads, textOf, waitForReplies } from "./helpers.ts";

const MO_DM = "D0MO";
/** The stand-in's membership switch (its state view's type does not name it). */
type SetMember = { setMember(channel: string, user: string, member: boolean): void };
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
    // The picker ends done, not waiting: no hourglass once the answer is in.
    const picked = await h.slack.waitFor(() => {
      const t = textOf(h.slack.state.message(MO_DM, chooser!.ts)!);
      return t.includes(":white_check_mark: Billed to *ACME-001*") ? t : undefined;
    }, { what: "the picker marked billed" });
    expect(picked).not.toContain("hourglass");

    // The DM is addressed to docketbot: a reply in the thread is a follow-up without a mention (issue 14 item 1).
    await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "When was it filed?", threadTs: posted.ts });
    const after = await waitForReplies(h, MO_DM, posted.ts, 3);
    expect(after).toHaveLength(3);
    expect(textOf(after[2]!)).toMatch(/filed on/); // the follow-up's own answer, not the judge again, billed to the same matter
    expectValidPayloads(h, from);
  });
});

describe("the matter picker of a question asked in the app DM", () => {
  it("says the question's expected price on each Bill button, as the PACER picker does, the same amount the fee action records", async () => {
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "nysd 1:23-cv-01234 When are expert reports due?" });
    const [chooser] = await waitForReplies(h, MO_DM, posted.ts, 1);
    const buttons = (chooser!.blocks ?? []).flatMap((b) => (b.type === "actions" ? (b.elements as { text: { text: string }; value?: string; action_id: string }[]) : []));
    const bill = buttons.find((b) => b.action_id === "fee_matter:0")!;
    // The estimator's amount (what the fee guard checks and the audit records), rounded up to the cent.
    const { a } = JSON.parse(bill.value!) as { a: number };
    const held = await h.store.getFeeAction(a);
    const shown = `~$${(Math.ceil(held!.expected * 100 - 1e-6) / 100).toFixed(2)}`;
    expect(bill.text.text).toBe(`Bill ACME-001 · Run (${shown})`);
    expect(textOf(chooser!)).toContain(`This question is expected to cost about ${shown.slice(1)}`);
    await h.slack.sendBlockAction({ user: MEMBER, channel: MO_DM, message: chooser!.ts, actionId: "fee_cancel" });
  });
});

describe("issue 22 item 7: a thread bills its matter only while its asker may still bill it", () => {
  const asks = () => h.docket.ledger.entries.filter((e) => e.endpoint.includes("ask"));

  async function dmThread(): Promise<string> {
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "nysd 1:23-cv-01234 Who is the judge?" });
    const [chooser] = await waitForReplies(h, MO_DM, posted.ts, 1);
    await h.slack.sendBlockAction({ user: MEMBER, channel: MO_DM, message: chooser!.ts, actionId: "fee_matter:0" });
    await waitForReplies(h, MO_DM, posted.ts, 2);
    return posted.ts;
  }

  it("removed from the matter's channel: a DM follow-up gets a sentence and no fee", async () => {
    const root = await dmThread();
    (h.slack.state as unknown as SetMember).setMember(ACME_CHANNEL, MEMBER, false);
    try {
      h.docket.ledger.clear();
      await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "When was it filed?", threadTs: root });
      const replies = await waitForReplies(h, MO_DM, root, 3);
      expect(textOf(replies[2]!)).toContain("You can no longer bill *ACME-001*");
      expect(asks()).toEqual([]);
    } finally {
      (h.slack.state as unknown as SetMember).setMember(ACME_CHANNEL, MEMBER, true);
    }
  });

  it("the matter unlinked everywhere: a DM follow-up gets a sentence and no fee", async () => {
    const root = await dmThread();
    await h.store.unlinkMatter({ teamId: TEAM, channelId: ACME_CHANNEL, clientMatter: "ACME-001", unlinkedBy: "U0ADMIN" });
    try {
      h.docket.ledger.clear();
      await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "When was it filed?", threadTs: root });
      const replies = await waitForReplies(h, MO_DM, root, 3);
      expect(textOf(replies[2]!)).toContain("You can no longer bill *ACME-001*");
      expect(asks()).toEqual([]);
    } finally {
      await h.linkMatter(ACME_CHANNEL, "ACME-001");
    }
  });

  it("the Ask a follow-up button under a DM answer, after the asker left the matter's channel: a sentence and no fee", async () => {
    const root = await dmThread();
    const answer = botReplies(h, MO_DM, root).at(-1)!;
    (h.slack.state as unknown as SetMember).setMember(ACME_CHANNEL, MEMBER, false);
    try {
      h.docket.ledger.clear();
      await h.slack.sendBlockAction({ user: MEMBER, actionId: ACTION.askFollowUp, channel: MO_DM, message: answer.ts });
      await h.slack.waitFor(() => h.slack.state.modals(MEMBER).at(-1), { what: "the Ask modal" });
      await h.slack.sendViewSubmission({ user: MEMBER, values: { [ASK_BLOCK.question]: "When are expert reports due?" } });
      // The follow-up is shown in the thread as asked (its asker's own words), then why it is not answered.
      const replies = await waitForReplies(h, MO_DM, root, 4);
      expect(textOf(replies[2]!)).toContain("When are expert reports due?");
      expect(textOf(replies[3]!)).toContain("You can no longer bill *ACME-001*");
      expect(asks()).toEqual([]);
    } finally {
      (h.slack.state as unknown as SetMember).setMember(ACME_CHANNEL, MEMBER, true);
    }
  });
});
