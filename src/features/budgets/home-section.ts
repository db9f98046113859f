/**
 * Budgets' App Home section (slack/home-sections.ts): each matter of the user's channels with its
 * month's spend against its cap; admins also get Set a budget and Export usage.
 */
import type { HomeSection } from "../../slack/home-sections.ts";
import { budgetLines } from "./budget-lines.ts";
import { homeBudgetBlocks } from "./views/home-budgets.ts";
import type { BudgetsDeps } from "./deps.ts";

export function budgetsHomeSection(deps: Pick<BudgetsDeps, "store" | "clock">): HomeSection {
  return {
    id: "budgets",
    order: 30,
    render: async ({ request, matters }) => homeBudgetBlocks({ lines: (await budgetLines(deps, matters)).lines, isAdmin: request.isAdmin }),
  };
}
