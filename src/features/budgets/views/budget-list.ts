/**
 * `/docket budget` (issue 14 item 3): each of the channel's matters with its monthly cap, what it
 * has spent this month (as `/docket usage` counts it), its ask-first price, and the fees waiting
 * for an admin. Only the channel's own matters are passed in (the wall). Pure.
 */
import { context, fieldsSection, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { budgetStanding, count, money } from "../../../slack/blockkit/format.ts";
import { matterName } from "../../../slack/blockkit/names.ts";

export interface BudgetLine {
  clientMatter: string;
  cap?: number | undefined;
  askAbove?: number | undefined;
  spent: number;
  awaiting: number;
}

/** A message holds 50 blocks; a channel has a few matters. */
export const BUDGET_MATTERS_MAX = 20;

const percent = (spent: number, cap: number) => (cap <= 0 ? (spent > 0 ? "over" : "0%") : `${Math.floor((spent / cap) * 100)}%`);

export function renderBudgets(m: { lines: readonly BudgetLine[]; month: string; isAdmin: boolean }): MessagePayload {
  if (m.lines.length === 0) {
    const text = "This channel isn't linked to a client matter, so it has no budget. Run `/docket budget` in a matter's channel.";
    return { text, blocks: [section(text)] };
  }
  const blocks: Block[] = [section(`*Budgets for ${m.month}* · by client matter of this channel`)];
  for (const l of m.lines.slice(0, BUDGET_MATTERS_MAX)) {
    blocks.push(section(matterName(l.clientMatter)));
    blocks.push(
      fieldsSection([
        `*Monthly cap*\n${l.cap === undefined ? "none set" : money(l.cap)}`,
        `*Spent this month*\n${money(l.spent)}${l.cap === undefined ? "" : ` (${percent(l.spent, l.cap)})`}${budgetStanding(l.spent, l.cap) ? `\n${budgetStanding(l.spent, l.cap)}` : ""}`,
        `*Asks first above*\n${l.askAbove === undefined ? "never" : money(l.askAbove)}`,
        `*Waiting for approval*\n${count(l.awaiting)}`,
      ]),
    );
  }
  if (m.lines.length > BUDGET_MATTERS_MAX) blocks.push(context(`…and ${count(m.lines.length - BUDGET_MATTERS_MAX)} more matters.`));
  blocks.push(
    context(
      "Spent: AI spend as reported plus court fees reported or estimated at the tariff, as `/docket usage` shows. " +
        "At 80% and 100% of the cap this channel and the admins are told; past it, each fee waits for an admin's approval. " +
        (m.isAdmin ? "Change it: `/docket budget set MATTER $500 ask-above $0.25` or `/docket budget clear MATTER`." : "Admins set budgets with `/docket budget set`."),
    ),
  );
  return { text: `Budgets for ${m.month}`, blocks };
}

/** After an admin sets or clears a budget. */
export function budgetSetText(m: { clientMatter: string; cap?: number | undefined; askAbove?: number | undefined; spent: number }): string {
  if (m.cap === undefined) return `${matterName(m.clientMatter)} has no monthly budget now: its fees run without an admin's approval (${money(m.spent)} spent this month).`;
  const ask = m.askAbove === undefined ? "" : ` Questions and searches expected to cost more than ${money(m.askAbove)} ask first.`;
  return `${matterName(m.clientMatter)}'s monthly budget is now ${money(m.cap)} (${money(m.spent)} spent this month).${ask}`;
}
