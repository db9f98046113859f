/**
 * The once-a-month notice that a matter reached 80% or 100% of its budget (issue 14 item 3), sent
 * to the matter's channels and to the admins. Pure.
 */
import { toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { money } from "../../../slack/blockkit/format.ts";
import { matterName } from "../../../slack/blockkit/names.ts";

export function renderBudgetNotice(m: { clientMatter: string; level: number; spent: number; cap: number; month: string }): MessagePayload {
  const reached = m.level >= 100;
  const head = reached
    ? `:no_entry: ${matterName(m.clientMatter)} has reached its ${money(m.cap)} budget for ${m.month} (${money(m.spent)} spent).`
    : `:warning: ${matterName(m.clientMatter)} has used ${m.level}% of its ${money(m.cap)} budget for ${m.month} (${money(m.spent)} spent).`;
  const next = reached
    ? "From now on each fee-incurring question, search, live pull or live document waits for an admin's approval until the month ends or the cap is raised."
    : "At 100%, each fee-incurring action will wait for an admin's approval.";
  return {
    text: reached ? `${toMrkdwnLine(m.clientMatter, 50)} has reached its monthly budget.` : `${toMrkdwnLine(m.clientMatter, 50)} has used ${m.level}% of its monthly budget.`,
    blocks: [section(`${head} ${next}`), context("`/docket budget` shows each matter's cap and spend; admins change it with `/docket budget set`.")],
  };
}
