/**
 * Setting a matter's budget from App Home (issue 14 item 3: "admins set a monthly cap per matter
 * (`/docket budget` and App Home)"): which matter (of the admin's channels), its monthly cap, and an
 * optional ask-first price. Amounts are typed as in the command and checked on submit. Pure.
 */
import { context, plainText, type Block, type InputBlock, type ModalView } from "../../../slack/blockkit/blocks.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";

export const BUDGET_MODAL_CALLBACK = "docket_budget_modal";
export const BUDGET_BLOCK = { matter: "budget_matter", cap: "budget_cap", askAbove: "budget_ask_above" } as const;
export const BUDGET_ELEMENT = "value";
/** A static_select holds at most 100 options. */
export const BUDGET_MATTERS_SHOWN = 100;

export function renderBudgetModal(m: { matters: readonly string[] }): ModalView {
  const options = m.matters.slice(0, BUDGET_MATTERS_SHOWN).map((matter) => ({ text: plainText(toPlainText(matter, 75), 75), value: matter.slice(0, 150) }));
  const blocks: Array<Block | InputBlock> = [
    {
      type: "input", block_id: BUDGET_BLOCK.matter, label: plainText("Client matter", 2000),
      element: { type: "static_select", action_id: BUDGET_ELEMENT, placeholder: plainText("Choose a matter", 150), options },
    },
    {
      type: "input", block_id: BUDGET_BLOCK.cap, label: plainText("Monthly cap", 2000), hint: plainText("AI and court fees together, per calendar month (UTC). Example: $500", 2000),
      element: { type: "plain_text_input", action_id: BUDGET_ELEMENT, placeholder: plainText("$500", 150), max_length: 20 },
    },
    {
      type: "input", block_id: BUDGET_BLOCK.askAbove, optional: true, label: plainText("Ask first above", 2000),
      hint: plainText("A question or search expected to cost more asks its requester first. Leave empty for never.", 2000),
      element: { type: "plain_text_input", action_id: BUDGET_ELEMENT, placeholder: plainText("$0.25", 150), max_length: 20 },
    },
    context("At 80% and 100% the matter's channels and the admins are told; past the cap each fee waits for an admin's approval."),
  ];
  return { type: "modal", callback_id: BUDGET_MODAL_CALLBACK, title: plainText("Set a budget", 24), submit: plainText("Save", 24), close: plainText("Cancel", 24), blocks };
}
