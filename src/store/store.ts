/**
 * Everything docketbot keeps: channel ↔ matter links (the ethical walls), Q&A thread bindings, the
 * usage ledger, recent cases for App Home, pushes received (issue 5: durable intake), the outbox of
 * deliveries to Slack, per-case alert threads, and the alert desk (filing-records.ts: filings as
 * delivered, sign-off, channel alert settings, snoozes, digest runs). Every method is async so that another
 * implementation (a server database) could stand in for SQLite without changing callers.
 *
 * Walls: every read that feeds a channel takes a MatterScope; pass the channel's matters.
 */
import type {
  CaseAlertUpdate, CaseThread, CaseThreadKey, DeliveryRecord, DeliveryWithPush, ListDeliveriesOptions,
  OutboxStats, PushRecord, PushStats, SaveCaseThreadInput, StorePushInput, StorePushResult,
} from "./alert-records.ts";
import type { BudgetDesk } from "./budget-records.ts";
import type { CalendarFeedDesk } from "./calendar-feed-records.ts";
import type { CourtDateDesk } from "./court-date-records.ts";
import type { FeeReservationDesk } from "./fee-reservation-records.ts";
import type { FilingDesk } from "./filing-records.ts";
import type { LaneDesk, LaneLease } from "./lane-records.ts";
import type { OnceDesk } from "./once-records.ts";
import type { SharedDesk } from "./shared-records.ts";
import type { SqlCounts } from "./sql/counts.ts";
import type { SubscriptionDesk } from "./subscription-records.ts";
import type {
  BindThreadInput, ChannelRef, LinkMatterInput, LinkMatterResult, MatterLink, MatterScope, MatterUsage,
  QaTarget, QaTurn, QaTurnInput, RecentCase, RecentCaseInput, ReleaseResult, StoreHealth, ThreadBinding, ThreadKey,
  UnlinkMatterResult, UsageEntry, UsageEntryInput,
} from "./records.ts";

export type * from "./alert-records.ts";
export type * from "./budget-records.ts";
export type * from "./calendar-feed-records.ts";
export type * from "./court-date-records.ts";
export type * from "./fee-reservation-records.ts";
export type * from "./filing-records.ts";
export type * from "./lane-records.ts";
export type * from "./once-records.ts";
export type * from "./shared-records.ts";
export type * from "./records.ts";
export type * from "./subscription-records.ts";
export type { SqlCounts } from "./sql/counts.ts";

export interface Store extends FeeReservationDesk, FilingDesk, SubscriptionDesk, BudgetDesk, CourtDateDesk, CalendarFeedDesk, LaneDesk, OnceDesk, SharedDesk {
  // ---- Matters (ethical walls) ----
  /**
   * Links a channel to a matter (audited: link); on the matter's first link its held pushes are
   * released in the same transaction.
   */
  linkMatter(input: LinkMatterInput): Promise<LinkMatterResult>;
  /** Unlinks (audited: unlink); pending deliveries of that matter to that channel are marked dead (`matter_unlinked`). */
  unlinkMatter(input: ChannelRef & { clientMatter: string; unlinkedBy: string }): Promise<UnlinkMatterResult>;
  mattersOfChannel(channel: ChannelRef): Promise<MatterLink[]>;
  /** The links of several channels of one workspace at once (App Home: the user's channels). */
  mattersOfChannels(teamId: string, channelIds: readonly string[]): Promise<MatterLink[]>;
  channelsOfMatter(clientMatter: string): Promise<MatterLink[]>;

  // ---- Thread Q&A ----
  /** Binds a thread to a case; the first binding wins and is returned if the thread is already bound. */
  bindThread(input: BindThreadInput): Promise<ThreadBinding>;
  getThread(key: ThreadKey, scope?: MatterScope): Promise<ThreadBinding | undefined>;
  /**
   * Bills a thread that has no matter (asked in the app DM, issue 14 item 5) to the matter its asker
   * picked; undefined when it already has one (or is unknown): a thread's matter never changes.
   */
  billThread(key: ThreadKey, clientMatter: string): Promise<ThreadBinding | undefined>;
  /** Appends a turn (throws StoreError not_found for an unbound thread). */
  appendTurn(key: ThreadKey, turn: QaTurnInput): Promise<QaTurn>;
  /** The last `limit` turns, oldest first (the context for a follow-up). */
  recentTurns(key: ThreadKey, limit: number): Promise<QaTurn[]>;
  /**
   * The prices the service reported for the workspace's last `limit` priced answers that read
   * `target`, newest first: what a question's expected price is read from (issue 14 item 2).
   */
  recentAnswerPrices(q: { teamId: string; target: QaTarget; limit: number }): Promise<number[]>;

  // ---- Usage ledger ----
  recordUsage(entry: UsageEntryInput): Promise<UsageEntry>;
  /** Month-to-date totals (UTC month of the store's clock), one row per matter asked for, zeros included. */
  usageMonthToDate(matters: readonly string[]): Promise<MatterUsage[]>;
  /**
   * Notes the page count of a live federal document on the newest ledger row of that request
   * (`correlationId` and endpoint); false when there is no such row yet.
   */
  recordPages(q: { correlationId: string; endpoint: string; pages: number }): Promise<boolean>;
  /** The calls billed to `matters` in [start, end), oldest first, at most `limit` (usage export, issue 14 item 4). */
  usageEntries(q: { matters: readonly string[]; start: number; end: number; limit: number }): Promise<UsageEntry[]>;

  // ---- Recent cases (App Home) ----
  touchRecentCase(input: RecentCaseInput): Promise<void>;
  /** Newest first. */
  recentCases(user: { teamId: string; userId: string }, limit: number, scope?: MatterScope): Promise<RecentCase[]>;

  // ---- Push intake ----
  /**
   * Stores a push and its deliveries; resolves only once durably committed. Concurrent calls are
   * committed together in one transaction (group commit). A body seen before returns its id with
   * duplicate=true and creates nothing.
   */
  storePush(input: StorePushInput): Promise<StorePushResult>;
  getPush(id: number): Promise<PushRecord | undefined>;
  /** Quarantined pushes, newest first; pushes with no matter are only listed unscoped. */
  listQuarantined(options?: MatterScope & { limit?: number; beforeId?: number }): Promise<PushRecord[]>;
  /** Routes a quarantined push after a fix, as if it had just arrived with this type and matter. */
  requeueQuarantined(id: number, fix: { pushType: string; clientMatter: string }): Promise<StorePushResult | undefined>;
  pushStats(scope?: MatterScope): Promise<PushStats>;
  /** Creates deliveries for the matter's held pushes to its channels (no-op without channels). */
  releaseHeld(clientMatter: string): Promise<ReleaseResult>;

  // ---- Outbox deliveries ----
  /** Channels whose oldest unfinished delivery is pending and due at `now` (default: the clock). */
  dueChannels(now?: number): Promise<ChannelRef[]>;
  /** The channel's head delivery if it is pending and due; FIFO, so a waiting head blocks the rest. */
  nextDue(channel: ChannelRef, now?: number): Promise<DeliveryWithPush | undefined>;
  /** The earliest next_attempt_at among pending heads, for the dispatcher's sleep. */
  nextWakeAt(): Promise<number | undefined>;
  getDelivery(id: number): Promise<DeliveryRecord | undefined>;
  listDeliveries(options?: ListDeliveriesOptions): Promise<DeliveryRecord[]>;
  /**
   * pending → in_flight, counting an attempt. false if it was not pending, or if its channel no
   * longer has its matter (it is then marked dead `matter_unlinked`: walls hold at the last gate).
   * With `lane`, also false (and nothing written) once its channel's lane has another fence: these
   * four writes of the outbox are fenced by the lane lease (lane-records.ts).
   */
  markInFlight(id: number, lane?: LaneLease): Promise<boolean>;
  /** pending|in_flight → sent. */
  markSent(id: number, slackTs: string, lane?: LaneLease): Promise<boolean>;
  /**
   * pending|in_flight → pending, due at `nextAttemptAt` (→ dead `matter_unlinked`, false, if the link
   * is gone). `fault`: the failure was not Slack's rate limit, network or 5xx; counted in `faults`.
   */
  markRetry(id: number, retry: { nextAttemptAt: number; error: string; fault?: boolean | undefined }, lane?: LaneLease): Promise<boolean>;
  /** pending|in_flight → dead (parked), with its reason (a code) and, optionally, the error behind it. */
  markDead(id: number, reason: string, lane?: LaneLease, error?: string): Promise<boolean>;
  /**
   * dead → pending now (admin's Retry; attempts and faults start again); only within scope and while
   * the channel still has the matter. Audited (alerts_retried: who, where, how many) under each matter it revived.
   */
  retryDead(ids: readonly number[], scope: MatterScope | undefined, by: ChannelRef & { userId: string }): Promise<number>;
  /** dead → dismissed (admin's Dismiss), recording who and when for the audit trail; only within scope. */
  dismissDead(ids: readonly number[], by: string, scope?: MatterScope): Promise<number>;
  /** Deliveries that were in_flight when this store was opened (a crash mid-post) and still are. */
  inFlightAtStartup(): Promise<DeliveryWithPush[]>;
  outboxStats(scope?: MatterScope): Promise<OutboxStats>;

  // ---- Per-case alert threads ----
  getCaseThread(key: CaseThreadKey, scope?: MatterScope): Promise<CaseThread | undefined>;
  /** Records a case's root message; if one exists already it is kept and returned with created=false. */
  saveCaseThread(input: SaveCaseThreadInput): Promise<{ thread: CaseThread; created: boolean }>;
  /** Adds to the counters of an existing thread; undefined when there is none. */
  recordCaseAlert(key: CaseThreadKey, update: CaseAlertUpdate): Promise<CaseThread | undefined>;
  /** Forgets a root (e.g. the message was deleted), so the next alert starts a new one. */
  deleteCaseThread(key: CaseThreadKey): Promise<boolean>;

  // ---- Lifecycle ----
  /** ok when a tiny write transaction commits (the database is writable). */
  health(): Promise<StoreHealth>;
  /** The statements this store has run since it opened, and its round trips to the server (sql/counts.ts). */
  sqlCounts(): SqlCounts;
  /** Commits the pending push batch, then closes the database. Later calls fail with store_closed. */
  close(): Promise<void>;
}
