/**
 * App Home's "Budgets this month" section (issue 14 items 3 and 4): each matter of the user's
 * channels with its spend against its cap; admins also get "Export usage", which sends the month's
 * CSV to their DM with docketbot. Composed by Home like tracking's and alerts' sections. Pure.
 */
import { button, context, section, type Block } from "../../../slack/blockkit/blocks.ts";
import { budgetStanding, count, money } from "../../../slack/blockkit/format.ts";
import { ACTION } from "../../../slack/blockkit/ids.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import type { BudgetLine } from "./budget-list.ts";

/** Matters listed on Home (a view holds 100 blocks; the other sections need theirs). */
export const HOME_BUDGETS_MAX = 10;

function line(l: BudgetLine): string {
  const standing = budgetStanding(l.spent, l.cap);
  const cap = l.cap === undefined
    ? `${money(l.spent)} this month · no budget`
    : `${money(l.spent)} of ${money(l.cap)} this month${standing ? ` · ${standing}` : ""}`;
  const ask = l.askAbove === undefined ? "" : ` · asks first above ${money(l.askAbove)}`;
  const waiting = l.awaiting > 0 ? ` · ${count(l.awaiting)} waiting for approval` : "";
  return `${matterName(l.clientMatter)}\n${cap}${ask}${waiting}`;
}

export function homeBudgetBlocks(m: { lines: readonly BudgetLine[]; isAdmin: boolean }): Block[] {
  if (m.lines.length === 0) return [];
  const shown = m.lines.slice(0, HOME_BUDGETS_MAX);
  return [
    section("*Budgets this month*", m.isAdmin ? button({ text: "Set a budget", actionId: ACTION.homeBudgetSet }) : undefined),
    // action_ids are unique within a view: `home_usage_export:<n>`.
    ...shown.map((l, i) =>
      section(line(l), m.isAdmin ? button({ text: "Export usage", actionId: `${ACTION.homeUsageExport}:${i}`, value: l.clientMatter.slice(0, 50) }) : undefined),
    ),
    ...(m.lines.length > shown.length ? [context(`…and ${count(m.lines.length - shown.length)} more matters: \`/docket budget\` in their channels.`)] : []),
    context(
      m.isAdmin
        ? "Export usage sends this month's calls, fees and totals as a CSV to your DM with docketbot. Set a budget here, or with `/docket budget set` in a matter's channel."
        : "Admins set each matter's monthly cap; past it, fees wait for their approval.",
    ),
  ];
}
