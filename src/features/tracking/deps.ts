/**
 * What tracking (subscriptions, trackers, reconciliation) reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { ContextStore } from "../../slack/context.ts";
import type { Store } from "../../store/store.ts";
import type { CaseDatesStore } from "../deadlines/index.ts";

export type TrackingStore = Pick<
  Store,
  "allSubscriptions" | "channelsOfMatter" | "deliverMissed" | "recentCases" | "recordAudit" | "subscribe" | "subscribersOf"
  | "subscriptionsOf" | "unsubscribe"
>
  & ContextStore
  & CaseDatesStore;

export type TrackingDeps = SlackDeps & { store: TrackingStore };
