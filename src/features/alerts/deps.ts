/**
 * What alerts (intake, outbox, digests, sign-off, settings, snooze) reads and writes in the store, and what its handlers
 * get: its data dependencies, at its front door (index.ts exports both). main.ts passes the one store, which satisfies it.
 */
import type { SlackDeps } from "../../slack/deps.ts";
import type { Store } from "../../store/store.ts";

export type AlertsStore = Pick<
  Store,
  "activeSnooze" | "announceWork" | "attachFilingMessage" | "channelsWithDigests" | "claimDigestRun"
  | "claimLane" | "claimOnce" | "deleteCaseThread" | "dismissDead" | "dueChannels" | "filingsBetween" | "filingsOfMessage"
  | "finishDigestRun" | "forgetOnce" | "getAlertSettings" | "getCaseThread" | "getDelivery" | "getFiling"
  | "getReminderSettings" | "lastDigestRun" | "listDeliveries" | "markDead" | "markInFlight" | "markRetry"
  | "markSent" | "mattersOfChannel" | "nextDue" | "nextWakeAt" | "onWork" | "outboxStats" | "pushStats"
  | "recordCaseAlert" | "recordFilings" | "releaseLane" | "renewLane" | "retryDead"
  | "saveAlertSettings" | "saveCaseThread" | "saveReminderSettings" | "setAssignee" | "setDocketed"
  | "snoozeCase" | "storePush" | "strandedChannels" | "undocketed" | "unfinishedDigestRuns" | "unsnoozeCase"
>;

export type AlertsHandlerDeps = SlackDeps & { store: AlertsStore };
