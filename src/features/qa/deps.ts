/**
 * What thread Q&A reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { ContextStore } from "../../slack/context.ts";
import type { UserMattersStore } from "../../slack/user-channels.ts";
import type { Store } from "../../store/store.ts";

export type QaStore = Pick<
  Store,
  "appendTurn" | "billThread" | "bindThread" | "claimOnce" | "getCaseThread" | "getThread" | "recentAnswerPrices" | "recentTurns"
  | "touchRecentCase"
>
  & ContextStore
  & UserMattersStore;

export type QaDeps = SlackDeps & { store: QaStore };
