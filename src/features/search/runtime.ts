/** What the search handlers share: the Slack deps and the fee guard (which also refuses paying twice for one search running). */
import type { FeeGuard } from "../budgets/index.ts";
import type { SearchDeps } from "./deps.ts";

export interface SearchRuntime {
  deps: SearchDeps;
  /** Asked before every paid page (issue 14: budgets, no fee without a matter, one run at a time). */
  fees: FeeGuard;
}

export function createSearchRuntime(deps: SearchDeps, fees: FeeGuard): SearchRuntime {
  return { deps, fees };
}

/** Said when a button's value does not decode (tampered, or from an older version). */
export const STALE_SEARCH = "That button is out of date. Run the search again with `/docket search …`.";
export const STALE_PACER = "That button is out of date, so nothing was searched or charged. Run `/docket pacer …` again.";
