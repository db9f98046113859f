/**
 * Whether a fee-incurring action may run now (issue 14 items 2, 3 and 5). Pure.
 * - no matter to bill: it does not run (item 5, "No fee without a matter");
 * - past the matter's monthly cap, or the expected fee would take it past: an admin approves first
 *   (item 3). A fee whose amount nobody knows yet (a live docket pull) counts as $0, so it waits
 *   only once the cap is reached;
 * - expected to cost more than the matter's ask-first price: its requester confirms first (item 2);
 * - otherwise it runs.
 * An approval clears both checks (the admin saw the price); a confirmation clears only the price.
 */
import type { MatterBudget } from "../../store/store.ts";

export type FeeClearance = "none" | "confirmed" | "approved";

export type FeeVerdict =
  | { verdict: "run" }
  | { verdict: "needs_matter" }
  | { verdict: "confirm"; expected: number; askAbove: number }
  | { verdict: "approval"; expected: number; spent: number; cap: number };

export interface FeeQuestion {
  clientMatter: string;
  /** Dollars; 0 when unknown. */
  expected: number;
  /** Month-to-date spend of the matter, dollars. */
  spent: number;
  budget?: Pick<MatterBudget, "monthlyCap" | "askAbove"> | undefined;
  cleared?: FeeClearance | undefined;
}

/** Cents are what budgets are set in: compare in whole micro-dollars so $0.1 + $0.2 is not past $0.30. */
const micros = (usd: number) => Math.round(usd * 1e6);

export function decideFee(q: FeeQuestion): FeeVerdict {
  if (q.clientMatter.trim() === "") return { verdict: "needs_matter" };
  if (q.cleared === "approved" || !q.budget) return { verdict: "run" };
  const { monthlyCap: cap, askAbove } = q.budget;
  if (micros(q.spent) >= micros(cap) || micros(q.spent) + micros(q.expected) > micros(cap)) {
    return { verdict: "approval", expected: q.expected, spent: q.spent, cap };
  }
  if (q.cleared !== "confirmed" && askAbove !== undefined && micros(q.expected) > micros(askAbove)) {
    return { verdict: "confirm", expected: q.expected, askAbove };
  }
  return { verdict: "run" };
}

/** The notice levels (percent of the cap) a spend has reached, lowest first (item 3: 80% and 100%). */
export const NOTICE_LEVELS = [80, 100] as const;

export function levelsReached(spent: number, cap: number): number[] {
  // A $0 cap: any spend is past it.
  if (micros(cap) <= 0) return micros(spent) > 0 ? [...NOTICE_LEVELS] : [];
  return NOTICE_LEVELS.filter((level) => micros(spent) * 100 >= micros(cap) * level);
}
