/**
 * Record types of the alert desk (issue 12, "Alerts nobody misses"): every filing posted to a
 * channel, its sign-off (Docketed ✓, Assign) with the history of who did what, per-channel alert
 * settings, per-case snoozes and digest runs. Times are milliseconds since the epoch from the
 * injected Clock. Every read that feeds a channel takes its MatterScope (the wall).
 */
import type { ChannelRef, MatterScope } from "./records.ts";

/** court/significance.ts's levels: urgent (orders, opinions…), notable (motions, briefs…), routine. */
export type FilingLevel = "urgent" | "notable" | "routine";

// ---- Filings as delivered to a channel -----------------------------------------------------

/** One docket entry as a channel received it. Unique per (team, channel, court, docket, entryKey). */
export interface FilingInput extends ChannelRef {
  clientMatter: string;
  /** The service's long court name (the case thread key's court). */
  court: string;
  docket: string;
  /** The entry's number when it has one, else a stable hash of its date and text. */
  entryKey: string;
  entryNumber?: string | undefined;
  /** ISO `YYYY-MM-DD`. */
  entryDate?: string | undefined;
  level: FilingLevel;
  /** The type tag users read: `Order`, `Motion`, `Notice of appearance`… */
  kind: string;
  /** The first line of the entry's text, plain, at most 300 characters. */
  summary: string;
  /** The service's document link, when the entry has one. */
  link?: string | undefined;
  caseTitle?: string | undefined;
  deliveryId?: number | undefined;
  /** Where it shows: "channel" (a channel-level message), "thread" (folded in the case thread), "muted" (snoozed). */
  shown: "channel" | "thread" | "muted";
  /** The Slack message carrying it (its channel-level message, or the thread reply). */
  messageTs?: string | undefined;
}

export interface FilingRecord extends FilingInput {
  id: number;
  createdAt: number;
  docketedBy?: string | undefined;
  docketedAt?: number | undefined;
  assignee?: string | undefined;
  assignedBy?: string | undefined;
  assignedAt?: number | undefined;
}

export type FilingActionKind = "docketed" | "undocketed" | "assigned" | "unassigned";

/** One sign-off action, kept forever (who, when, channel, matter): the audit trail of issue 13 reads these. */
export interface FilingAction {
  id: number;
  filingId: number;
  action: FilingActionKind;
  userId: string;
  /** For assigned: the assignee. */
  assignee?: string | undefined;
  teamId: string;
  channelId: string;
  clientMatter: string;
  at: number;
}

// ---- Channel settings and snoozes -----------------------------------------------------------

export interface AlertSettings extends ChannelRef {
  /** Notable filings (motions, briefs, hearing notices) get a channel-level message; else thread only. */
  postNotable: boolean;
  /** Routine filings (appearances, pro hac vice…) get a channel-level message; else thread only. */
  postRoutine: boolean;
  /** Daily digest at this local time (`HH:MM`, 24 h) in `timeZone`; undefined: no daily digest. */
  dailyAt?: string | undefined;
  /** Weekly digest on this weekday (0 Sunday … 6 Saturday) at `dailyAt ?? "09:00"`; undefined: none. */
  weeklyOn?: number | undefined;
  /** IANA zone of the digest times, e.g. `America/New_York`. */
  timeZone: string;
  updatedBy?: string | undefined;
  updatedAt?: number | undefined;
}

/** Defaults for a channel nobody has configured: urgent and notable post, routine stays in the thread, no digest. */
export const DEFAULT_ALERT_SETTINGS = { postNotable: true, postRoutine: false, timeZone: "America/New_York" } as const;

export type SnoozeMode = "until" | "next_order" | "unmuted";

export interface CaseSnoozeKey extends ChannelRef {
  court: string;
  docket: string;
}

export interface CaseSnooze extends CaseSnoozeKey {
  clientMatter: string;
  mode: SnoozeMode;
  /** For mode "until": when it ends. */
  until?: number | undefined;
  by: string;
  at: number;
}

// ---- Digests --------------------------------------------------------------------------------

export type DigestPeriod = "daily" | "weekly";

/** One scheduled digest of one channel; (team, channel, period, dueAt) is unique, so a run is made once. */
export interface DigestRun extends ChannelRef {
  id: number;
  period: DigestPeriod;
  dueAt: number;
  /** The period it covers: filings created in [since, dueAt). */
  since: number;
  status: "pending" | "posted" | "empty";
  postedTs?: string | undefined;
  finishedAt?: number | undefined;
}

/** The alert desk's part of the Store (store.ts). */
export interface FilingDesk {
  /** Records filings as delivered; an existing (channel, case, entryKey) is returned unchanged, not doubled. */
  recordFilings(inputs: readonly FilingInput[]): Promise<FilingRecord[]>;
  getFiling(id: number, scope?: MatterScope): Promise<FilingRecord | undefined>;
  /** Notes the Slack message that shows these filings (set after it is posted). */
  attachFilingMessage(ids: readonly number[], messageTs: string): Promise<void>;
  /** The filings one message shows, in the order they were recorded (to re-render it after a click). */
  filingsOfMessage(channel: ChannelRef, messageTs: string, scope?: MatterScope): Promise<FilingRecord[]>;
  /** Sets or clears Docketed ✓ and appends the action; undefined when the filing is outside scope. */
  setDocketed(id: number, input: { userId: string; docketed: boolean }, scope?: MatterScope): Promise<FilingRecord | undefined>;
  /** Sets or clears the assignee and appends the action; undefined when the filing is outside scope. */
  setAssignee(id: number, input: { userId: string; assignee: string | undefined }, scope?: MatterScope): Promise<FilingRecord | undefined>;
  filingActions(id: number): Promise<FilingAction[]>;
  /** Urgent and notable filings of the channel nobody has docketed, oldest first. */
  undocketed(channel: ChannelRef, scope: MatterScope, limit: number): Promise<FilingRecord[]>;
  /** The channel's filings created in [since, until), oldest first. */
  filingsBetween(channel: ChannelRef, since: number, until: number, scope: MatterScope): Promise<FilingRecord[]>;

  getAlertSettings(channel: ChannelRef): Promise<AlertSettings>;
  /** Saves a channel's settings; a change is audited (alert_settings) under each of the channel's matters. */
  saveAlertSettings(settings: AlertSettings & { updatedBy: string }): Promise<AlertSettings>;
  /** Every channel with a digest configured (the scheduler's list). */
  channelsWithDigests(): Promise<AlertSettings[]>;

  /** Mutes a case in a channel (audited: muted, under the snooze's matter). */
  snoozeCase(snooze: Omit<CaseSnooze, "at">): Promise<CaseSnooze>;
  /** Lifts a case's mute (audited: unmuted, by a user or "docketbot" with why); false when it had none. */
  unsnoozeCase(key: CaseSnoozeKey & { by: string; reason?: string | undefined }): Promise<boolean>;
  /** The case's snooze in that channel if still in force at `now` (an "until" snooze past its end is none). */
  activeSnooze(key: CaseSnoozeKey, now?: number): Promise<CaseSnooze | undefined>;

  /** Creates the run for (channel, period, dueAt) if absent; created=false means another attempt made it first. */
  claimDigestRun(input: ChannelRef & { period: DigestPeriod; dueAt: number; since: number }): Promise<{ run: DigestRun; created: boolean }>;
  finishDigestRun(id: number, result: { status: "posted" | "empty"; postedTs?: string | undefined }): Promise<DigestRun | undefined>;
  /** The latest run of that period in that channel (for `since` of the next one). */
  lastDigestRun(channel: ChannelRef, period: DigestPeriod): Promise<DigestRun | undefined>;
  /** Runs claimed but never finished (a crash between claim and post): retried by the scheduler. */
  unfinishedDigestRuns(): Promise<DigestRun[]>;
}
