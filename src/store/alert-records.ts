/**
 * Record types of the alert feeds (issue 5): pushes received, outbox deliveries, per-case threads.
 * Times are milliseconds since the epoch from the injected Clock.
 */
import type { CaseOrSearch } from "../court/push-target.ts";
import type { ChannelRef, MatterScope } from "./records.ts";

// ---- Pushes --------------------------------------------------------------------------------

/** routed: deliveries were made; held: no channel had the matter yet; quarantined: failed schema. */
export type PushRouting = "routed" | "held" | "quarantined";

export interface StorePushInput {
  /**
   * The raw JSON text as received, or its UTF-8 bytes (intake's worker hands those over, so no
   * megabytes-long string is made on the event loop); the SHA-256 of that UTF-8 is the dedupe key
   * (observed-facts: resends are byte-identical). A push read back always has the text.
   */
  body: string | Uint8Array;
  receivedAt: number;
  pushType?: string | undefined;
  /**
   * Blank is allowed (spec: "may be blank"; omitted counts as blank). No channel can link a blank
   * matter, so such a push stays held, visible to admins in pushStats.
   */
  clientMatter?: string | undefined;
  /** Set for an authenticated push that failed the payload schema: kept, never delivered. */
  quarantineReason?: string | undefined;
  /**
   * The case or search the body names (court/push-target.ts), as intake's one parse read it; null
   * when it names none (or is not JSON). Stored beside the push, quarantined or not: subscriptions
   * are matched on it, never on the body. Omitted, the store reads it from the body itself.
   */
  target?: CaseOrSearch | null | undefined;
}

export interface StorePushResult {
  id: number;
  /** true when the same body was stored before: nothing new was created. */
  duplicate: boolean;
  routing: PushRouting;
  /** Deliveries created by this call (0 for duplicates, held and quarantined pushes). */
  deliveries: number;
  /** The channel of each of those deliveries (the outbox is told where the new work waits). */
  channels: readonly ChannelRef[];
}

export interface PushRecord {
  id: number;
  bodySha256: string;
  body: string;
  receivedAt: number;
  storedAt: number;
  pushType?: string | undefined;
  clientMatter?: string | undefined;
  routing: PushRouting;
  quarantineReason?: string | undefined;
}

export interface PushStats {
  stored: number;
  held: number;
  quarantined: number;
}

// ---- Deliveries (outbox) -------------------------------------------------------------------

/** The moves between them are one table: store/areas/delivery-states.ts. dead is a parked delivery. */
export type DeliveryState = "pending" | "in_flight" | "sent" | "dead" | "dismissed";

export interface DeliveryRecord extends ChannelRef {
  id: number;
  pushId: number;
  clientMatter: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string | undefined;
  deadReason?: string | undefined;
  slackTs?: string | undefined;
  createdAt: number;
  /** When the delivery (re)entered the queue: createdAt, or the admin's Retry. Bounds retry age. */
  queuedAt: number;
  updatedAt: number;
  sentAt?: number | undefined;
  /** Failures since queued that were not Slack's rate limit, network or 5xx (the outbox parks it past a bound). */
  faults: number;
  /** An admin's Dismiss of a parked delivery: who and when (the audit trail reads them). */
  dismissedBy?: string | undefined;
  dismissedAt?: number | undefined;
}

/** A delivery with what the dispatcher needs to render it. */
export interface DeliveryWithPush extends DeliveryRecord {
  push: { body: string; pushType?: string | undefined; receivedAt: number };
}

export interface DeliveryCounts {
  clientMatter: string;
  pending: number;
  inFlight: number;
  sent: number;
  /** Parked: kept for an admin's Retry or Dismiss. */
  dead: number;
  dismissed: number;
}

export interface OutboxStats {
  byMatter: DeliveryCounts[];
  /** queuedAt of the oldest pending or in-flight delivery, and its age on the store's clock. */
  oldestPendingAt?: number | undefined;
  oldestPendingAgeMs?: number | undefined;
}

export interface ListDeliveriesOptions extends MatterScope {
  state?: DeliveryState | undefined;
  channel?: ChannelRef | undefined;
  limit?: number | undefined;
}

// ---- Per-case alert threads ----------------------------------------------------------------

export interface CaseThreadKey extends ChannelRef {
  court: string;
  docket: string;
}

export interface SaveCaseThreadInput extends CaseThreadKey {
  clientMatter: string;
  rootTs: string;
  title?: string | undefined;
}

export interface CaseThread extends SaveCaseThreadInput {
  /** New entries alerted in this thread so far. */
  newEntries: number;
  /** Latest entry date seen, ISO 8601 (YYYY-MM-DD) so that it orders as text. */
  latestEntryDate?: string | undefined;
  createdAt: number;
  updatedAt: number;
}

export interface CaseAlertUpdate {
  newEntries: number;
  /** ISO 8601 date; kept only if later than the one stored. */
  latestEntryDate?: string | undefined;
  title?: string | undefined;
}
