/**
 * What the usage ledger, /docket usage and its CSV reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { Store } from "../../store/store.ts";

export type UsageStore = Pick<Store, "recordUsage" | "usageEntries">;

export type UsageDeps = SlackDeps & { store: UsageStore };
