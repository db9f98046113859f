/**
 * The one check before any fee-incurring call (issue 14 items 2, 3 and 5): reads the matter's
 * budget and month-to-date spend from the store and asks fee-decision.ts. Knows no Slack: the
 * feature that called it says what happens next in its own place (a thread, an ephemeral card).
 */
import type { Clock } from "../../clock.ts";
import { decideFee, type FeeClearance, type FeeVerdict } from "./fee-decision.ts";
import { monthSpend } from "./spend.ts";
import type { BudgetsStore } from "./deps.ts";

/** What the fee gate reads: budgets and the month's ledger rows. */
export type FeeGateStore = Pick<BudgetsStore, "budgetsOf" | "usageEntries">;

export interface FeeGateDeps {
  store: FeeGateStore;
  clock: Clock;
}

export interface FeeCheck {
  clientMatter: string;
  expected: number;
  cleared?: FeeClearance | undefined;
}

export async function checkFee(deps: FeeGateDeps, q: FeeCheck): Promise<FeeVerdict> {
  if (q.clientMatter.trim() === "") return { verdict: "needs_matter" };
  const [budget] = await deps.store.budgetsOf([q.clientMatter]);
  if (!budget) return decideFee({ ...q, spent: 0 });
  const [spend] = await monthSpend(deps.store, [q.clientMatter], deps.clock.now());
  return decideFee({ ...q, spent: spend?.spent ?? 0, budget });
}
