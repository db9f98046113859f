import { describe, expect, it } from "vitest";
import { ASK_BLOCK, ASK_ELEMENT, QUESTION_MAX, renderAskModal } from "../../../../src/features/qa/views/ask-modal.ts";
import { CALLBACK } from "../../../../src/slack/blockkit/ids.ts";
import { expectedPriceText, MENTION_HOW_TO, QA_DISABLED, quoteQuestion, renderAnswerError, renderQuestionRoot, renderThreadNote, renderWorking } from "../../../../src/features/qa/views/question.ts";
import { expectValidMessage, expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const acme = { court: "New York Southern District Court", docket: "1:23-cv-01234", title: "Acme Corp v. Widget Inc" };

describe("renderQuestionRoot", () => {
  it("names the case with its identity line and quotes the question", () => {
    const msg = renderQuestionRoot({ ...acme, question: "Has the motion to dismiss\nbeen decided?", askedBy: "U0ADMIN" }, { siteUrl });
    expectValidMessage(msg);
    expect(msg.blocks[0]).toMatchObject({
      text: { text: ":speech_balloon: *Question* about *<https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/|Acme Corp v. Widget Inc>* · S.D.N.Y. · 1:23-cv-01234" },
    });
    expect(msg.blocks[1]).toMatchObject({ text: { text: "> Has the motion to dismiss\n> been decided?" } });
    expect(JSON.stringify(msg.blocks[2])).toContain("Asked by <@U0ADMIN> · To follow up, mention @docketbot in this thread or click Ask a follow-up; other replies are just for the team (not sent, not charged).");
    // In the app's DM every reply is addressed to docketbot.
    expect(JSON.stringify(renderQuestionRoot({ ...acme, question: "Q?", followUps: "reply" }, { siteUrl }).blocks[2])).toContain("Reply in this thread to ask a follow-up.");
    expect(msg.text).toBe("Question about Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234: Has the motion to dismiss been decided?");
  });

  it("defuses what a user types: mentions, foreign links, markup; drops a forged asker id", () => {
    const msg = renderQuestionRoot({ ...acme, question: "<!channel> ask <https://evil.example|here> @everyone ```x```", askedBy: "<!here>", target: "both" }, { siteUrl });
    const json = JSON.stringify(msg.blocks);
    // Shown as typed, never live: no mention, no link (a `<` is written as an entity), no code fence.
    expect(json).not.toMatch(/<!channel>|<!here>|<https?:\/\/evil|```/);
    expect(json).toContain("&lt;!channel&gt; ask &lt;https://evil.example|here&gt;");
    expect(json).toContain("Answered from the docket and its documents");
    expect(json).not.toContain("Asked by");
    expect(msg.text).not.toMatch(/<[!@]/);
    expectValidMessage(msg);
  });

  it("quotes a question as typed: its <, > and & are text, not markup to drop", () => {
    expect(quoteQuestion("Did Acme & Globex agree on <anything> re \"expert\" discovery?")).toBe("> Did Acme &amp; Globex agree on &lt;anything&gt; re \"expert\" discovery?");
    expect(quoteQuestion("R&D <costs>\nor AT&T?")).toBe("> R&amp;D &lt;costs&gt;\n> or AT&amp;T?");
  });

  it("stays valid with a very long question and no title", () => {
    const msg = renderQuestionRoot({ court: "nysd", docket: "1:23-cv-01234", question: "why ".repeat(2_000) }, { siteUrl });
    expectValidMessage(msg);
    expect(quoteQuestion("")).toBe("> …");
  });
});

describe("the small messages", () => {
  it("working, error, notes: valid, with a text fallback", () => {
    expect(renderWorking().text).toBe("Reading the docket…");
    expect(renderWorking("both").blocks[0]).toMatchObject({ text: { text: ":hourglass_flowing_sand: Reading the docket and its documents…" } });
    const err = renderAnswerError("I couldn't find 1:23-cv-9 in S.D.N.Y. Check the court and docket number, or try `/docket search`. (ref 1a2b3c4d)");
    expect(err.blocks[0]).toMatchObject({ text: { text: expect.stringMatching(/^:warning: I couldn't find .* try `\/docket search`\. \(ref 1a2b3c4d\)$/) } });
    for (const m of [renderWorking("documents"), err, renderThreadNote(MENTION_HOW_TO), renderThreadNote(QA_DISABLED)]) expectValidMessage(m);
    expect(JSON.stringify(renderThreadNote(MENTION_HOW_TO))).toContain("`@docketbot nysd 1:23-cv-01234");
  });
});

describe("renderAskModal", () => {
  it("with a known case: names it, asks the question and the target; valid", () => {
    const view = renderAskModal({ case: acme, privateMetadata: '{"ch":"C0ACME"}', clientMatter: "ACME-001" }, { siteUrl });
    expectValidView(view as unknown as Record<string, unknown>);
    expect(view.callback_id).toBe(CALLBACK.askModal);
    expect(view.blocks.map((b) => b.block_id ?? b.type)).toEqual(["section", ASK_BLOCK.question, ASK_BLOCK.target, "context"]);
    expect(JSON.stringify(view.blocks[0])).toContain("*About:* *<https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/|1:23-cv-01234>* · S.D.N.Y.");
    expect(view.title.text).toBe("Ask about a case");
    const target = view.blocks[2] as unknown as { element: { action_id: string; options: { value: string }[]; initial_option: { value: string } } };
    expect(target.element.action_id).toBe(ASK_ELEMENT.target);
    expect(target.element.options.map((o) => o.value)).toEqual(["docket", "documents", "both"]);
    expect(target.element.initial_option.value).toBe("docket");
    expect(JSON.stringify(view.blocks[3])).toContain("charged to matter ACME-001");
  });

  it("without a case: asks for it; a suggested question is prefilled as plain text; test mode says so", () => {
    const view = renderAskModal({ question: "Any <!here> news?", privateMetadata: "{}", testMode: true, target: "both" }, { siteUrl });
    expectValidView(view as unknown as Record<string, unknown>);
    expect(view.blocks.map((b) => b.block_id ?? b.type)).toEqual([ASK_BLOCK.caseRef, ASK_BLOCK.question, ASK_BLOCK.target, "context"]);
    const q = view.blocks[1] as unknown as { element: { initial_value: string; max_length: number } };
    expect(q.element.initial_value).toBe("Any ‹!here> news?");
    expect(q.element.max_length).toBe(QUESTION_MAX);
    expect(JSON.stringify(view.blocks[3])).toContain("test mode: no charges");
  });
});

describe("question and ask-modal goldens", () => {
  const view = (v: unknown) => expectValidView(v as Record<string, unknown>);

  it("the question root", async () => {
    const msg = renderQuestionRoot({ ...acme, question: "Has the motion to dismiss\nbeen decided?", askedBy: "U0ADMIN" }, { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/question-root");
  });

  it("the question root, asked of docket and documents", async () => {
    const msg = renderQuestionRoot({ ...acme, question: "What did the order of 3/3/2026 decide?", askedBy: "U0ADMIN", target: "both" }, { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/question-root-both");
  });

  it("working (docket, documents)", async () => {
    const docket = renderWorking();
    const documents = renderWorking("documents");
    expectValidMessage(docket);
    expectValidMessage(documents);
    await expectGoldens(docket, "./__goldens__/working-docket");
    await expectGoldens(documents, "./__goldens__/working-documents");
  });

  it("an answer error", async () => {
    const msg = renderAnswerError("The docket service is busy right now. Try again in a minute with `/docket ask`.");
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/answer-error");
  });

  it("thread notes: how to mention, Q&A disabled", async () => {
    const howTo = renderThreadNote(MENTION_HOW_TO);
    const disabled = renderThreadNote(QA_DISABLED);
    expectValidMessage(howTo);
    expectValidMessage(disabled);
    await expectGoldens(howTo, "./__goldens__/thread-note-how-to");
    await expectGoldens(disabled, "./__goldens__/thread-note-qa-disabled");
  });

  it("the ask modal for a known case, with a suggested question and a matter", async () => {
    const v = renderAskModal(
      { case: { court: "nysd", docket: "1:23-cv-01234" }, question: "Has the motion to dismiss been decided?", target: "docket", privateMetadata: '{"c":"C0LIT1"}', clientMatter: "ACME-001" },
      { siteUrl },
    );
    view(v);
    await expectGoldens(v, "./__goldens__/ask-modal-case");
  });

  it("the ask modal without a case, in test mode", async () => {
    const v = renderAskModal({ privateMetadata: "{}", testMode: true }, { siteUrl });
    view(v);
    await expectGoldens(v, "./__goldens__/ask-modal-no-case");
  });
});

describe("the price before it is spent (issue 14 item 2)", () => {
  const recent = { typical: 0.03, low: 0.02, high: 0.05, basis: "recent" as const, samples: 12 };
  const documented = { typical: 0.03, low: 0.01, high: 0.1, basis: "documented" as const };

  it("words the estimate from recent answers, or the documented range", () => {
    expect(expectedPriceText(recent)).toBe("about $0.03, based on the last 12 answers in this workspace ($0.02–$0.05)");
    expect(expectedPriceText(documented)).toBe("usually $0.01–$0.10");
    // Issue 25 item 5: rounded UP to the cent, equal ends are one amount, and what it rests on is said.
    expect(expectedPriceText({ typical: 0.0197, low: 0.0191, high: 0.0199, basis: "recent", samples: 3 })).toBe("about $0.02, based on the last 3 answers in this workspace");
    expect(expectedPriceText({ typical: 0.004, low: 0.004, high: 0.004, basis: "recent", samples: 5 })).toBe("about $0.01, based on the last 5 answers in this workspace");
    expect(expectedPriceText({ typical: 0.0197, low: 0.0101, high: 0.0286, basis: "recent", samples: 20 })).toBe("about $0.02, based on the last 20 answers in this workspace ($0.02–$0.03)");
  });

  it("names the kind of answers an estimate was read from (each kind is priced from its own)", () => {
    expect(expectedPriceText({ ...recent, from: "docket" })).toBe("about $0.03, based on the last 12 answers from the docket in this workspace ($0.02–$0.05)");
    expect(expectedPriceText({ ...recent, from: "documents" })).toBe("about $0.03, based on the last 12 answers from the documents in this workspace ($0.02–$0.05)");
    expect(expectedPriceText({ ...recent, samples: 1, from: "both" })).toBe("about $0.03, based on the last answer from the docket and its documents in this workspace ($0.02–$0.05)");
    expect(expectedPriceText({ ...documented, from: "both" })).toBe("usually $0.01–$0.10");
  });

  it("the working placeholder says what the answer is expected to cost and who pays; valid; hostile matter defused", async () => {
    const m = renderWorking("docket", { expected: { ...recent, from: "docket" }, clientMatter: "ACME-001" });
    expectValidMessage(m);
    expect(m.text).toBe("Reading the docket…");
    expect(JSON.stringify(m.blocks[1])).toContain("Expected AI price about $0.03, based on the last 12 answers from the docket in this workspace ($0.02–$0.05), charged to matter ACME-001; no court fees.");
    await expectGoldens(m, "./__goldens__/working-with-price");
    expect(JSON.stringify(renderWorking("docket", { expected: documented }).blocks)).toContain("usually $0.01–$0.10, not billed to a client matter");
    expect(JSON.stringify(renderWorking("docket", { expected: documented, testMode: true }).blocks)).toContain("Test mode: no charge.");
    const hostile = renderWorking("docket", { expected: recent, clientMatter: "<!channel> <@U0ADMIN>" });
    expectValidMessage(hostile);
    expect(JSON.stringify(hostile.blocks)).not.toMatch(/<!channel>|<@U0ADMIN>/);
  });

  it("the ask modal shows the expected price and the matter before the question is asked", async () => {
    const prices = {
      docket: { ...recent, from: "docket" as const },
      documents: { ...documented, from: "documents" as const },
      both: { typical: 0.06, low: 0.02, high: 0.2, basis: "documented" as const, from: "both" as const },
    };
    const v = renderAskModal({ case: acme, privateMetadata: '{"ch":"C0ACME"}', clientMatter: "ACME-001", expectedPrices: prices }, { siteUrl });
    expectValidView(v as unknown as Record<string, unknown>);
    expect(JSON.stringify(v.blocks.at(-1))).toContain("Expected AI price about $0.03, based on the last 12 answers from the docket in this workspace ($0.02–$0.05), charged to matter ACME-001.");
    // Each choice says its own price, and a change of choice is sent at once (to update the line).
    const target = v.blocks.find((b) => "block_id" in b && b.block_id === ASK_BLOCK.target) as unknown as { dispatch_action?: boolean; element: { options: { description: { text: string } }[] } };
    expect(target.dispatch_action).toBe(true);
    expect(target.element.options.map((o) => o.description.text)).toEqual([
      "Entries, parties and case facts · about $0.03",
      "The filed documents the service holds · usually $0.01–$0.10",
      "The docket and its documents · usually $0.02–$0.20",
    ]);
    await expectGoldens(v, "./__goldens__/ask-modal-expected-price");
    // "Both" picked: the line is Both's.
    const both = renderAskModal({ case: acme, privateMetadata: '{"ch":"C0ACME"}', clientMatter: "ACME-001", expectedPrices: prices, target: "both" }, { siteUrl });
    expect(JSON.stringify(both.blocks.at(-1))).toContain("Expected AI price usually $0.02–$0.20, charged to matter ACME-001.");
    // Test mode: no prices, nothing to dispatch.
    const test = renderAskModal({ case: acme, privateMetadata: "{}", expectedPrices: prices, testMode: true }, { siteUrl });
    expect(JSON.stringify(test.blocks)).not.toMatch(/dispatch_action|\$0\./);
  });
});
