/** What the search handlers share: the Slack deps and the guard against paying twice. */
import type { FeeGuard } from "../budgets/index.ts";
import { createInFlight, type InFlight } from "./in-flight.ts";
import type { SearchDeps } from "./deps.ts";

export interface SearchRuntime {
  deps: SearchDeps;
  inFlight: InFlight;
  /** Asked before every paid page (issue 14: budgets, no fee without a matter). */
  fees: FeeGuard;
}

export function createSearchRuntime(deps: SearchDeps, fees: FeeGuard): SearchRuntime {
  return { deps, inFlight: createInFlight(deps.store), fees };
}

/** Said when a button's value does not decode (tampered, or from an older version). */
export const STALE_SEARCH = "That button is out of date. Run the search again with `/docket search …`.";
export const STALE_PACER = "That button is out of date, so nothing was searched or charged. Run `/docket pacer …` again.";
