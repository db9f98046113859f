/**
 * Issue 22 item 8 over real HTTP: a fee card changes only once the click it describes was
 * accepted. A refused Go ahead (someone else's card) or a refused matter pick (a matter the
 * clicker may no longer bill) leaves the card as it was, buttons and all, and tells the clicker.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACME_CHANNEL, ADMIN, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { command, textOf } from "../tracking/helpers.ts";
import { waitForReplies } from "../qa/helpers.ts";

const MO_DM = "D0MO";
let h: BotHarness;
const asks = () => h.docket.ledger.entries.filter((e) => e.endpoint.includes("ask"));
type SetMember = { setMember(channel: string, user: string, member: boolean): void };

beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

const settle = () => new Promise((r) => setTimeout(r, 250));
/** A sentence to the clicker since mark `from` (through the response_url, or an API call). */
const toldSince = (from: { calls: number; responses: number }, words: string) =>
  h.slack.responses.slice(from.responses).some((r) => JSON.stringify(r).includes(words)) || h.slack.calls.slice(from.calls).some((c) => JSON.stringify(c.params).includes(words)) || undefined;
const mark = () => ({ calls: h.slack.calls.length, responses: h.slack.responses.length });
const updatesOf = (ts: string, from: number) => h.slack.calls.slice(from).filter((c) => c.method === "chat.update" && c.params.ts === ts);

describe("a refused fee click leaves its card alone", () => {
  it("an admin's Go ahead on a member's card: refused with a sentence, the card unchanged", async () => {
    await command(h, "budget set ACME-001 $100 ask-above $0.01", ADMIN, ACME_CHANNEL);
    const from = h.slack.state.messages(ACME_CHANNEL).length;
    await command(h, "ask nysd 1:23-cv-01234 Who is the judge?", MEMBER, ACME_CHANNEL);
    const root = await h.slack.waitFor(() => h.slack.state.messages(ACME_CHANNEL).slice(from).find((m) => textOf(m).includes("Who is the judge?")));
    const [card] = await waitForReplies(h, ACME_CHANNEL, root.ts, 1);
    const m = mark();
    const calls = m.calls;
    await h.slack.sendBlockAction({ user: ADMIN, channel: ACME_CHANNEL, message: card!.ts, actionId: "fee_confirm" });
    await h.slack.waitFor(() => toldSince(m, "Only the person who asked"), { what: "the refusal" });
    await settle();
    expect(updatesOf(card!.ts, calls)).toEqual([]);
    expect(textOf(h.slack.state.message(ACME_CHANNEL, card!.ts)!)).toContain("Nothing has been charged yet.");
    expect(textOf(h.slack.state.message(ACME_CHANNEL, card!.ts)!)).not.toContain("Going ahead");
    // The asker's own click is accepted: then, and only then, the card says so.
    await h.slack.sendBlockAction({ user: MEMBER, channel: ACME_CHANNEL, message: card!.ts, actionId: "fee_confirm" });
    await h.slack.waitFor(() => (textOf(h.slack.state.message(ACME_CHANNEL, card!.ts)!).includes("Confirmed by") ? true : undefined), { what: "the confirmed card" });
    await command(h, "budget clear ACME-001", ADMIN, ACME_CHANNEL);
  });

  it("a DM matter pick the clicker may no longer bill: refused, nothing charged, the card not 'Billed to'", async () => {
    const posted = await h.slack.postUserMessage({ user: MEMBER, channel: MO_DM, text: "nysd 1:23-cv-01234 Who is the judge?" });
    const [chooser] = await waitForReplies(h, MO_DM, posted.ts, 1);
    (h.slack.state as unknown as SetMember).setMember(ACME_CHANNEL, MEMBER, false);
    try {
      const before = asks().length;
      const m = mark();
      const calls = m.calls;
      await h.slack.sendBlockAction({ user: MEMBER, channel: MO_DM, message: chooser!.ts, actionId: "fee_matter:0" });
      await h.slack.waitFor(() => toldSince(m, "You can only bill a matter of a channel you"), { what: "the refusal" });
      await settle();
      expect(updatesOf(chooser!.ts, calls)).toEqual([]);
      expect(textOf(h.slack.state.message(MO_DM, chooser!.ts)!)).not.toContain("Billed to");
      expect(asks()).toHaveLength(before);
    } finally {
      (h.slack.state as unknown as SetMember).setMember(ACME_CHANNEL, MEMBER, true);
    }
  });
});
