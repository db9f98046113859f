/**
 * What budgets (the fee guard, held fee actions, /docket budget, the 80%/100% notices) reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { ContextStore } from "../../slack/context.ts";
import type { UserMattersStore } from "../../slack/user-channels.ts";
import type { Store } from "../../store/store.ts";

export type BudgetsStore = Pick<
  Store,
  "budgetsOf" | "channelsOfMatter" | "claimBudgetNotice" | "claimOnce" | "clearBudget" | "createFeeAction"
  | "expireFeeActions" | "feeActionsAwaiting" | "forgetOnce" | "getFeeAction" | "moveFeeAction" | "nextFeeActionExpiry" | "releaseFee" | "reserveFee"
  | "setBudget" | "setFeeActionCard" | "settleFee" | "usageEntries"
>
  & ContextStore
  & UserMattersStore;

export type BudgetsDeps = SlackDeps & { store: BudgetsStore };
