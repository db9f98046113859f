/**
 * Over real HTTP: the requester's "waiting for an admin's approval" card is replaced by what became
 * of it once an admin decides: a posted card (a question's, in its thread) by chat.update, an
 * ephemeral one (a PACER search's, shown in place of its confirmation) through the click's
 * response_url. It never still says it is waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { command, expectValidMessage, textOf } from "../tracking/helpers.ts";
import { waitForReplies } from "../qa/helpers.ts";

const ADMIN_DM = "D0ANN";
const WAITING = "is waiting for an admin's approval";
let h: BotHarness;

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await command(h, "budget set ACME-001 $0", ADMIN, ACME_CHANNEL);
});
afterAll(async () => {
  await h?.close();
});

/** The admin's DM asking about `words`, posted after `from` messages. */
const approvalRequest = (from: number, words: string) =>
  h.slack.waitFor(() => h.slack.state.messages(ADMIN_DM).slice(from).find((m) => textOf(m).includes("Approval needed") && textOf(m).includes(words)), { what: "the admin's DM" });

/** Asks in #acme; the held card in the question's thread. */
async function heldQuestion(question: string) {
  const from = h.slack.state.messages(ACME_CHANNEL).length;
  const dm = h.slack.state.messages(ADMIN_DM).length;
  await command(h, `ask nysd 1:23-cv-01234 ${question}`, MEMBER, ACME_CHANNEL);
  const root = await h.slack.waitFor(() => h.slack.state.messages(ACME_CHANNEL).slice(from).find((m) => textOf(m).includes(question)));
  const [card] = await waitForReplies(h, ACME_CHANNEL, root.ts, 1);
  expect(textOf(card!)).toContain(WAITING);
  return { root: root.ts, card: card!.ts, request: await approvalRequest(dm, question) };
}

const cardText = (ts: string) => textOf(h.slack.state.message(ACME_CHANNEL, ts)!);
const changed = (read: () => string, words: string) => h.slack.waitFor(() => (read().includes(words) ? read() : undefined), { what: `a card saying "${words}"` });

describe("the requester's card once an admin decides", () => {
  it("a question's card in its thread: declined, then (another) approved and run", async () => {
    const declined = await heldQuestion("Who is the judge?");
    await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: declined.request.ts, actionId: "fee_deny" });
    const text = await changed(() => cardText(declined.card), "declined by");
    expect(h.slack.state.message(ACME_CHANNEL, declined.card)!.text).toBe(":no_entry_sign: This question was declined by <@U0ADMIN>; nothing was charged.");
    expect(text).not.toContain(WAITING);
    expectValidMessage(h.slack.state.message(ACME_CHANNEL, declined.card)!);

    const approved = await heldQuestion("When was it filed?");
    await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: approved.request.ts, actionId: "fee_approve" });
    await changed(() => cardText(approved.card), "approved by");
    expect(h.slack.state.message(ACME_CHANNEL, approved.card)!.text).toBe(":white_check_mark: This question was approved by <@U0ADMIN> — it ran.");
    // The answer follows the card in the thread.
    const replies = await waitForReplies(h, ACME_CHANNEL, approved.root, 2);
    expect(textOf(replies.at(-1)!)).toMatch(/filed on/);
  });

  it("a PACER search's ephemeral card, through the click's response_url: declined, then approved", async () => {
    for (const [decision, words] of [["fee_deny", "declined by"], ["fee_approve", "approved by"]] as const) {
      await command(h, "pacer Acme court:nysd", MEMBER, ACME_CHANNEL);
      const confirm = h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).at(-1)!;
      expect(textOf(confirm)).toContain("Ask an admin to approve");
      const dm = h.slack.state.messages(ADMIN_DM).length;
      const click = await h.slack.sendBlockAction({ user: MEMBER, actionId: "pacer_run", ephemeral: confirm.message_ts });
      const read = () => textOf(h.slack.state.ephemerals(MEMBER, ACME_CHANNEL).find((e) => e.message_ts === confirm.message_ts) ?? {});
      await changed(read, WAITING);
      const request = await approvalRequest(dm, "Acme");
      await h.slack.sendBlockAction({ user: ADMIN, channel: ADMIN_DM, message: request.ts, actionId: decision });
      const text = await changed(read, words);
      expect(text).not.toContain(WAITING);
      expect(text).toContain(`This PACER search was ${words} <@U0ADMIN>`);
      // The card was replaced through the URL of the requester's own click, in place.
      const mine = h.slack.responses.filter((p) => p.url === click.responseUrl && p.status === 200);
      expect(mine.map((p) => p.outcome)).toContain("replaced");
      expect(mine.every((p) => p.ts === confirm.message_ts || p.outcome !== "replaced")).toBe(true);
    }
  });
});
