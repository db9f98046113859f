/**
 * Each matter's budget as people read it (issue 14 item 3): cap, ask-first price, month-to-date
 * spend (as `/docket usage` counts it) and the fees waiting for an admin. `/docket budget` and App
 * Home both show these lines.
 */
import { monthSpend } from "./spend.ts";
import type { BudgetLine } from "./views/budget-list.ts";
import type { BudgetsDeps } from "./deps.ts";

export async function budgetLines(deps: Pick<BudgetsDeps, "store" | "clock">, matters: readonly string[]): Promise<{ lines: BudgetLine[]; month: string }> {
  const [budgets, spends, awaiting] = await Promise.all([
    deps.store.budgetsOf(matters),
    monthSpend(deps.store, matters, deps.clock.now()),
    deps.store.feeActionsAwaiting(matters, 1000),
  ]);
  const lines = matters.map((clientMatter) => {
    const b = budgets.find((x) => x.clientMatter === clientMatter);
    return {
      clientMatter, cap: b?.monthlyCap, askAbove: b?.askAbove,
      spent: spends.find((s) => s.clientMatter === clientMatter)?.spent ?? 0,
      awaiting: awaiting.filter((a) => a.clientMatter === clientMatter).length,
    };
  });
  return { lines, month: new Date(deps.clock.now()).toISOString().slice(0, 7) };
}
