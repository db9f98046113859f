/**
 * The "Ask about a case" modal (issue 4, Thread Q&A): opened by a case view's Ask button and by the
 * `docket_ask` message shortcut. The question, what to read (docket / documents / both), and a
 * case reference input when the case is not known yet. The block and action ids are the contract
 * with the submission handler, which reads `view.state.values[block][action]`.
 */
import { context, plainText, section, type Block, type InputBlock, type OptionObject, type ModalView } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { CALLBACK } from "../../../slack/blockkit/ids.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { chargedTo, expectedPriceShort, expectedPriceText, type PriceEstimate } from "./question.ts";

export const ASK_BLOCK = { caseRef: "ask_case", question: "ask_question", target: "ask_target" } as const;
export const ASK_ELEMENT = { caseRef: "case_ref", question: "question", target: "target" } as const;
export const ASK_TARGETS = ["docket", "documents", "both"] as const;
export type AskModalTarget = (typeof ASK_TARGETS)[number];

/** Longest question the modal accepts (the command is held to the same). */
export const QUESTION_MAX = 1_000;



export interface AskModalModel {
  /** The case, when the button or the message named one; otherwise the modal asks for it. */
  case?: { court: string; docket: string } | undefined;
  /** The case's title, when already known (no call is made to open a modal). */
  title?: string | undefined;
  /** Opened by an answer's "Ask a follow-up": the question goes in that thread. */
  followUp?: boolean | undefined;
  /** A suggested question (from the message the shortcut was used on). */
  question?: string | undefined;
  target?: AskModalTarget;
  /** Opaque state for the submission (channel, case), at most 3,000 characters. */
  privateMetadata: string;
  /** The channel's matter the AI price is charged to, when it has one. */
  clientMatter?: string | undefined;
  /** The channel has several matters: the asker picks which pays before anything is spent. */
  matterPicked?: boolean | undefined;
  testMode?: boolean;
  /**
   * What a question is expected to cost (issue 14 item 2), for each choice of what it reads: the
   * chosen one's is the price line, and each choice names its own (qa/expected-price.ts).
   */
  expectedPrices?: Partial<Record<AskModalTarget, PriceEstimate>> | undefined;
}

const TARGET_TEXT: Record<AskModalTarget, { label: string; description: string }> = {
  docket: { label: "The docket", description: "Entries, parties and case facts" },
  documents: { label: "The documents", description: "The filed documents the service holds" },
  both: { label: "Both", description: "The docket and its documents" },
};

/** A choice, with its own expected price when known (`The docket and its documents · about $0.06`). */
function option(t: AskModalTarget, price: PriceEstimate | undefined): OptionObject {
  const description = price ? `${TARGET_TEXT[t].description} · ${expectedPriceShort(price)}` : TARGET_TEXT[t].description;
  return { text: plainText(TARGET_TEXT[t].label, 75), value: t, description: plainText(description, 75) };
}

function costNote(model: AskModalModel, target: AskModalTarget): string {
  if (model.testMode) return "Answers come from the service's AI, grounded in the case (test mode: no charges).";
  const expected = model.expectedPrices?.[target];
  if (expected) {
    // Issue 14 item 2: the price before it is spent, for what the question reads, from recent
    // answers of that kind here (or the documented range).
    return `Expected AI price ${expectedPriceText(expected)}, ${model.matterPicked ? "charged to the channel's matter you pick before it runs" : chargedTo(model.clientMatter)}. Answers come from the service's AI, grounded in the stored case: no court fees; each answer shows what it cost.`;
  }
  const matter = model.clientMatter ? `, charged to matter ${toMrkdwnLine(model.clientMatter, 50)}` : "";
  return `Answers come from the service's AI, grounded in the stored case: no court fees; each answer shows its AI price (usually a few cents${matter}).`;
}

export function renderAskModal(model: AskModalModel, opts: { siteUrl: string }): ModalView {
  const blocks: Array<Block | InputBlock> = [];
  if (model.case) {
    // The case named as everywhere (message-style.md: its title, then court and number; issue 25 item 1).
    const identity = caseIdentity({ ...model.case, title: model.title }, { siteUrl: opts.siteUrl, maxTitle: 100 });
    blocks.push(section(model.followUp
      ? `*Follow-up about* ${identity}\nYour question is posted in the thread under your name, then the answer.`
      : `*About:* ${identity}`));
  } else {
    blocks.push({
      type: "input",
      block_id: ASK_BLOCK.caseRef,
      label: plainText("Case", 2000),
      hint: plainText("A court and docket number, or the case's link on the docket service's site.", 2000),
      element: {
        type: "plain_text_input",
        action_id: ASK_ELEMENT.caseRef,
        max_length: 500,
        placeholder: plainText("nysd 1:23-cv-01234", 150),
      },
    });
  }
  const question = model.question ? toPlainText(model.question, QUESTION_MAX) : "";
  blocks.push({
    type: "input",
    block_id: ASK_BLOCK.question,
    label: plainText("Question", 2000),
    element: {
      type: "plain_text_input",
      action_id: ASK_ELEMENT.question,
      multiline: true,
      max_length: QUESTION_MAX,
      placeholder: plainText("Has the motion to dismiss been decided?", 150),
      ...(question ? { initial_value: question } : {}),
    },
  });
  const target = model.target ?? "docket";
  const prices = model.testMode ? undefined : model.expectedPrices;
  blocks.push({
    type: "input",
    block_id: ASK_BLOCK.target,
    // A change of choice is sent at once (Slack sends block_actions from an input only with
    // dispatch_action), so the price line is updated to the choice's (modal.ts, views.update).
    ...(prices ? { dispatch_action: true } : {}),
    label: plainText("Answer from", 2000),
    element: {
      type: "radio_buttons", action_id: ASK_ELEMENT.target,
      options: ASK_TARGETS.map((t) => option(t, prices?.[t])), initial_option: option(target, prices?.[target]),
    },
  });
  blocks.push(context(costNote(model, target)));
  return {
    type: "modal",
    callback_id: CALLBACK.askModal,
    // Slack holds a modal's title to 24 characters: the case is named in the first block.
    title: plainText(model.followUp ? "Ask a follow-up" : "Ask about a case", 24),
    submit: plainText("Ask", 24),
    close: plainText("Cancel", 24),
    private_metadata: model.privateMetadata,
    blocks,
  };
}
