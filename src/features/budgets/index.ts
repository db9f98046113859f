/**
 * Budgets per matter (issue 14 items 2, 3 and 5): `/docket budget`, the fee guard every
 * fee-incurring feature asks first (fee-guard.ts), the buttons that confirm or approve a held fee
 * (fee-clicks.ts), and the 80%/100% notices after each ledger write (budget-watch.ts).
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerBudgetCommand } from "./budget-command.ts";
import { registerFeeClicks } from "./fee-clicks.ts";
import { registerHomeExport } from "./home-export.ts";
import { registerHomeBudgetForm } from "./home-budget-form.ts";
import type { FeeGuard } from "./fee-guard.ts";
import type { HomeSections } from "../../slack/home-sections.ts";
import { budgetsHomeSection } from "./home-section.ts";
import type { BudgetsDeps } from "./deps.ts";

export type { BudgetsDeps, BudgetsStore } from "./deps.ts";

export { createBudgetWatch, type BudgetWatch } from "./budget-watch.ts";
export { createFeeGuard, type FeeGuard } from "./fee-guard.ts";
export { createHeldFeeExpiry, type HeldFeeExpiryDeps } from "./held-expiry.ts";
export type { FeeRun } from "./fee-actions.ts";
export type { CardPlace } from "./fee-card.ts";
export type { FeeClearance } from "./fee-decision.ts";
export { COURT_FEE_MOST, courtFeeAdmission } from "./court-fee-check.ts";
export type { FeeAdmission, FeeGateStore } from "./fee-gate.ts";
export { NO_FEES, type FeeReservationHandle } from "./fee-reservation.ts";
export { renderNeedsMatter } from "./views/fee-hold.ts";

export function registerBudgets(app: App, router: CommandRouter, deps: BudgetsDeps, guard: FeeGuard, ext: { home: HomeSections }): void {
  ext.home.add(budgetsHomeSection(deps));
  registerBudgetCommand(router, deps);
  registerFeeClicks(app, deps, guard);
  registerHomeExport(app, deps);
  registerHomeBudgetForm(app, deps);
}
