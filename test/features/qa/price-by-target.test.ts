/**
 * A question's expected price follows what it reads (QA: the Ask form showed the docket's price
 * for "Both", which then cost 2.7 times as much, and the fee guard let it through). The service
 * answers "both" from the docket and from the documents, one answer per part and provider (spec,
 * ask_docket: from_dockets and from_documents), so each kind has its own price: the Ask form, the
 * "Reading…" line and the fee guard all use the estimate for the kind asked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actions, button, section } from "../../../src/slack/blockkit/blocks.ts";
import { ASK_BLOCK, ASK_ELEMENT } from "../../../src/features/qa/views/ask-modal.ts";
import { ACTION, encodeValue } from "../../../src/slack/blockkit/ids.ts";
import { ACME_CHANNEL, ADMIN, FLAGSHIP, MEMBER, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";
import { command } from "../tracking/helpers.ts";
import { expectValidPayloads, rootPostedSince, textOf, waitForReplies } from "./helpers.ts";

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
});
afterAll(async () => {
  await h?.close();
});

const QUESTION = "What did the court order in the most recent order about discovery?";
const paid = () => h.docket.ledger.filter({ endpoint: "ask_docket" }).map((e) => e.fee);
/** Cents rounded up, as an estimate is shown (format.ts estimate). */
const up = (n: number) => Math.ceil(n * 100 - 1e-6) / 100;
/** Every dollar amount in a text, in order. */
const amounts = (text: string) => [...text.matchAll(/\$(\d+\.\d\d)/g)].map((m) => Number(m[1]));

async function askDocket(question: string): Promise<string> {
  const from = h.slack.calls.length;
  await h.slack.sendCommand({ text: `ask nysd 1:23-cv-01234 ${question}`, user: MEMBER, channel: ACME_CHANNEL });
  const root = await rootPostedSince(h, from, ACME_CHANNEL);
  await waitForReplies(h, ACME_CHANNEL, root, 1);
  return root;
}

async function openAskForm(): Promise<{ id: string; blocks: Record<string, unknown>[] }> {
  const res = await h.bot.slack!.app.client.chat.postMessage({
    channel: ACME_CHANNEL, text: "Acme Widgets, Inc. v. Globex Corporation",
    blocks: [section("*Acme Widgets, Inc. v. Globex Corporation*"), actions([button({ text: "Ask", actionId: ACTION.askCase, value: encodeValue(FLAGSHIP) })])] as never,
  });
  const before = h.slack.state.modals(MEMBER).at(-1)?.view.id;
  await h.slack.sendBlockAction({ user: MEMBER, actionId: ACTION.askCase, channel: ACME_CHANNEL, message: res.ts! });
  // views.open replaces a modal already open: a new view id is the new form.
  const { view } = await h.slack.waitFor(() => {
    const top = h.slack.state.modals(MEMBER).at(-1);
    return top && top.view.id !== before ? top : undefined;
  }, { what: "the Ask form" });
  return view as unknown as { id: string; blocks: Record<string, unknown>[] };
}

const priceLine = (view: { blocks: Record<string, unknown>[] }) => JSON.stringify(view.blocks.at(-1));
const targetBlock = (view: { blocks: Record<string, unknown>[] }) => view.blocks.find((b) => b.block_id === ASK_BLOCK.target)!;

describe("the Ask form's expected price follows Answer from", () => {
  it("shows each choice's price, updates the price line when Both is picked, and the answer costs no more than shown", async () => {
    for (const q of ["Who is the judge?", "Has the motion to dismiss been decided?", "When was it filed?"]) await askDocket(q);
    const docketPrices = paid();
    expect(docketPrices).toHaveLength(3);

    const view = await openAskForm();
    // Docket only: from the three docket answers.
    expect(priceLine(view)).toContain("based on the last 3 answers from the docket in this workspace");
    // The choice dispatches its change (Slack sends block_actions from an input only with dispatch_action).
    expect(targetBlock(view).dispatch_action).toBe(true);
    // Each choice says its own price before it is picked.
    const options = JSON.stringify((targetBlock(view).element as { options: unknown[] }).options);
    expect(options).toMatch(/The docket and its documents · usually \$0\.02–\$0\.20/);

    const from = h.slack.calls.length;
    await h.slack.sendBlockAction({
      user: MEMBER, view: view.id, actionId: ASK_ELEMENT.target, value: "both",
      viewValues: { [ASK_BLOCK.question]: QUESTION, [ASK_BLOCK.target]: "both" },
    });
    const updated = await h.slack.waitFor(() => {
      const v = h.slack.state.modals(MEMBER).at(-1)?.view as unknown as { blocks: Record<string, unknown>[] } | undefined;
      return v && priceLine(v).includes("usually $0.02–$0.20") ? v : undefined;
    }, { what: "the Ask form updated for Both" });
    expect(priceLine(updated)).toContain("Expected AI price usually $0.02–$0.20, charged to matter ACME-001");
    // The question typed so far is kept (same block and action ids: Slack's rule for views.update).
    expect(h.slack.calls.slice(from).filter((c) => c.method === "views.update")).toHaveLength(1);

    const submitted = await h.slack.sendViewSubmission({ user: MEMBER, values: { [ASK_BLOCK.question]: QUESTION, [ASK_BLOCK.target]: "both" } });
    expect(submitted.body).toBe("");
    const root = await rootPostedSince(h, from, ACME_CHANNEL);
    await waitForReplies(h, ACME_CHANNEL, root, 1);
    const placeholder = h.slack.calls.slice(from).find((c) => c.method === "chat.postMessage" && c.params.thread_ts === root)!;
    expect(placeholder.params.text).toBe("Reading the docket and its documents…");
    // The thread says what the form said, and the answer costs no more than it.
    expect(JSON.stringify(placeholder.params.blocks)).toContain("Expected AI price usually $0.02–$0.20, charged to matter ACME-001");
    const cost = paid().at(-1)!;
    expect(cost).toBeGreaterThan(Math.max(...docketPrices));
    expect(cost).toBeLessThanOrEqual(0.2);
    expectValidPayloads(h, from);
  });

  it("with answers of that kind, estimates from them: Both from Both answers, the docket from docket answers", async () => {
    // Two more "both" answers make three (the one above included).
    for (let i = 0; i < 2; i++) {
      const view = await openAskForm();
      const from = h.slack.calls.length;
      await h.slack.sendViewSubmission({ user: MEMBER, view: view.id, values: { [ASK_BLOCK.question]: `${QUESTION} (${i})`, [ASK_BLOCK.target]: "both" } });
      await waitForReplies(h, ACME_CHANNEL, await rootPostedSince(h, from, ACME_CHANNEL), 1);
    }
    const both = paid().slice(3);
    expect(both).toHaveLength(3);
    const view = await openAskForm();
    const docketLine = priceLine(view);
    expect(docketLine).toContain("based on the last 3 answers from the docket in this workspace");
    await h.slack.sendBlockAction({ user: MEMBER, view: view.id, actionId: ASK_ELEMENT.target, value: "both", viewValues: { [ASK_BLOCK.target]: "both" } });
    const updated = await h.slack.waitFor(() => {
      const v = h.slack.state.modals(MEMBER).at(-1)?.view as unknown as { blocks: Record<string, unknown>[] } | undefined;
      return v && priceLine(v).includes("answers from the docket and its documents") ? v : undefined;
    }, { what: "the Ask form updated for Both" });
    const line = priceLine(updated);
    expect(line).toContain("based on the last 3 answers from the docket and its documents in this workspace");
    const shown = amounts(line);
    expect(shown[0]).toBe(up([...both].sort((a, b) => a - b)[1]!)); // the median of the three
    expect(shown).toContain(up(Math.max(...both)));
  });
});

describe("the fee guard uses the estimate of the kind asked", () => {
  it("a Both question over the matter's ask-first price asks first, while a docket question under it runs", async () => {
    // Between what a docket answer costs here and what a Both answer costs.
    const docketHigh = Math.max(...paid().slice(0, 3));
    const askAbove = up(docketHigh) + 0.01;
    expect(await command(h, `budget set ACME-001 $100 ask-above $${askAbove.toFixed(2)}`, ADMIN, ACME_CHANNEL)).toBeTruthy();
    try {
      const before = paid().length;
      await askDocket("Who represents Globex?");
      expect(paid()).toHaveLength(before + 1); // ran without asking

      const view = await openAskForm();
      const from = h.slack.calls.length;
      await h.slack.sendViewSubmission({ user: MEMBER, view: view.id, values: { [ASK_BLOCK.question]: "And what about the protective order?", [ASK_BLOCK.target]: "both" } });
      const root = await rootPostedSince(h, from, ACME_CHANNEL);
      const [card] = await waitForReplies(h, ACME_CHANNEL, root, 1);
      expect(textOf(card!)).toContain("is expected to cost about");
      expect(textOf(card!)).toContain("Go ahead");
      expect(paid()).toHaveLength(before + 1); // nothing spent before the click
    } finally {
      await command(h, "budget clear ACME-001", ADMIN, ACME_CHANNEL);
    }
  });
});
