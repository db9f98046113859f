/**
 * Subscriptions and the audit trail (issue 13). docketbot keeps its own subscriptions, one per
 * matter × case (or saved search), each with the frequency that matter asked for and who asked;
 * the service's one tracker per case is their union (features/tracking). A subscription that ends
 * is kept with who ended it and when: "this matter untracked that case" is what lets routing stop
 * the matter's pushes while the service's tracker still carries its tag (routing.ts).
 *
 * Audit events: every track, untrack, frequency change, link and unlink, and every change of what a
 * matter's channels see, pay or are reminded of (audit-trail.ts), with who, when, channel and
 * matter. Frequencies are the service's words as strings (the store knows no docket schema).
 */
import type { CaseOrSearch } from "../court/push-target.ts";
import type { MatterScope } from "./records.ts";

/** A case (court + docket as written) or a saved search's query: what a push names (court/push-target.ts). */
export type SubscriptionTarget = CaseOrSearch;

export interface Subscription {
  id: number;
  teamId: string;
  clientMatter: string;
  target: SubscriptionTarget;
  frequency: string;
  /** The channel and user that last set it. */
  channelId: string;
  subscribedBy: string;
  subscribedAt: number;
  updatedAt: number;
  /** Set on an ended subscription (listed only when asked for). */
  endedAt?: number | undefined;
}

export interface SubscribeInput {
  teamId: string;
  channelId: string;
  clientMatter: string;
  target: SubscriptionTarget;
  frequency: string;
  userId: string;
}

export interface SubscribeResult {
  subscription: Subscription;
  /** The matter's frequency before, when it already subscribed. */
  previousFrequency?: string | undefined;
  /** When the subscription this call reopened had ended (a re-track, an Undo): what came since went elsewhere. */
  reopenedAfter?: number | undefined;
}

export interface DeliverMissedInput {
  teamId: string;
  clientMatter: string;
  target: SubscriptionTarget;
  /** Pushes stored at or after this time (the subscription's end). */
  since: number;
}

export interface UnsubscribeInput {
  teamId: string;
  channelId: string;
  clientMatter: string;
  target: SubscriptionTarget;
  userId: string;
}

/** Tracking and links: what the audit table was made for (migration 9). */
export const TRACKING_AUDIT_ACTIONS = ["track", "untrack", "frequency", "link", "unlink", "reconcile"] as const;
export type TrackingAuditAction = (typeof TRACKING_AUDIT_ACTIONS)[number];
/**
 * Every other change of what a matter's channels see, pay or are reminded of (migration 19): a
 * budget set or removed; a fee action confirmed, cancelled, approved, declined or billed to a
 * picked matter; a case muted or unmuted; a channel's alert or reminder settings; Calendared ✓ and
 * its undo; dead alerts retried. Each is written by the store method that makes the change, in its
 * transaction (areas/audit-trail.ts), so no path changes one without its row.
 */
export const CHANGE_AUDIT_ACTIONS = [
  "budget_set", "budget_cleared", "fee_confirmed", "fee_cancelled", "fee_approved", "fee_declined", "fee_matter_picked",
  "muted", "unmuted", "alert_settings", "reminder_settings", "calendared", "uncalendared", "alerts_retried",
] as const;
/** What docketbot records in its own audit table. */
export const RECORDED_AUDIT_ACTIONS = [...TRACKING_AUDIT_ACTIONS, ...CHANGE_AUDIT_ACTIONS] as const;
export type RecordedAuditAction = (typeof RECORDED_AUDIT_ACTIONS)[number];
/**
 * What the audit shows: those, the filing sign-off actions of issue 12 (stored as filing_actions),
 * calendar feed URLs made and revoked (issue 16 item 5, read from calendar_feeds; no channel), and
 * parked alerts an admin dismissed (read from deliveries).
 */
export const AUDIT_ACTIONS = [
  ...RECORDED_AUDIT_ACTIONS, "docketed", "undocketed", "assigned", "unassigned", "feed_made", "feed_revoked", "alert_dismissed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditInput {
  teamId: string;
  channelId: string;
  clientMatter: string;
  userId: string;
  action: RecordedAuditAction;
  target?: SubscriptionTarget | undefined;
  /** What changed, in plain words: `daily → weekly`, `$500 a month (ask above $0.25)`. */
  detail?: string | undefined;
}

export interface AuditEvent extends Omit<AuditInput, "action"> {
  /** Unique across the sources: `a12` (audit_events), `f7` (filing_actions), `c3` / `r3` (calendar feed 3 made / revoked). */
  key: string;
  action: AuditAction;
  at: number;
  /** Sign-off actions: the filing's docket entry number, and whom it was assigned to or taken from. */
  entryNumber?: string | undefined;
  assignee?: string | undefined;
}

export interface SubscriptionDesk {
  /** Starts, or changes the frequency of, a matter's subscription; stores the audit event in the same transaction. */
  subscribe(input: SubscribeInput): Promise<SubscribeResult>;
  /** Ends a matter's subscription (audit event included); undefined when it had none. */
  unsubscribe(input: UnsubscribeInput): Promise<Subscription | undefined>;
  /** Active subscriptions to one case or search, every matter's (for the service's union: never shown to a channel). */
  subscribersOf(target: SubscriptionTarget): Promise<Subscription[]>;
  /** Active subscriptions of these matters in a workspace. */
  subscriptionsOf(teamId: string, matters: readonly string[]): Promise<Subscription[]>;
  /** Every active subscription, oldest first; with includeEnded, ended ones too (reconciliation). */
  allSubscriptions(options?: { includeEnded?: boolean }): Promise<Subscription[]>;
  /**
   * Delivers to the matter's channels (in the workspace) every routed push of the target stored
   * since `since` that they lack: what arrived while its subscription was off, on an Undo. Routed
   * in one transaction under the routing lock, like any push; returns the pushes and deliveries made.
   */
  deliverMissed(input: DeliverMissedInput): Promise<{ pushes: number; deliveries: number }>;
  recordAudit(input: AuditInput): Promise<AuditEvent>;
  /** Newest first, within the matters of the scope: tracking and link events, and filing sign-off actions. */
  auditLog(teamId: string, scope: Required<MatterScope>, options?: { limit?: number }): Promise<AuditEvent[]>;
}
