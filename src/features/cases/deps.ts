/**
 * What case views, documents, lookups and unfurls reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { ContextStore } from "../../slack/context.ts";
import type { FeeGateStore } from "../budgets/index.ts";
import type { Store } from "../../store/store.ts";

export type CasesStore = Pick<Store, "recordCourtDates" | "recordPages" | "subscribersOf" | "touchRecentCase">
  & ContextStore
  & FeeGateStore;

export type CasesDeps = SlackDeps & { store: CasesStore };
