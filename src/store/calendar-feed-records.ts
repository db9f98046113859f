/**
 * Calendar feeds (issue 16 item 5): a matter's iCalendar URL carries a secret token; the store
 * keeps only its SHA-256 (hex), with who created it and when, and who revoked it and when. One live
 * feed per (workspace, matter): creating a new one revokes the old in the same transaction.
 * Looking a feed up by the hash of the presented token is what makes the check constant-time in
 * the token: the index compares hashes, which an attacker cannot steer byte by byte.
 */

export interface CalendarFeed {
  id: number;
  teamId: string;
  clientMatter: string;
  createdBy: string;
  createdAt: number;
  revokedBy?: string | undefined;
  revokedAt?: number | undefined;
}

export interface CreateCalendarFeedInput {
  teamId: string;
  clientMatter: string;
  /** sha256 of the token, 64 lower-case hex digits. */
  tokenHash: string;
  userId: string;
}

/** The calendar-feed part of the Store (store.ts). */
export interface CalendarFeedDesk {
  /** A new live feed for the matter; its earlier live feed, if any, is revoked by the same user at once. */
  createCalendarFeed(input: CreateCalendarFeedInput): Promise<{ feed: CalendarFeed; replaced?: CalendarFeed | undefined }>;
  /** Revokes the matter's live feed; undefined when it had none. */
  revokeCalendarFeed(input: { teamId: string; clientMatter: string; userId: string }): Promise<CalendarFeed | undefined>;
  /** The live feed whose token hashes to `tokenHash`; undefined for a revoked or unknown one. */
  calendarFeedByHash(tokenHash: string): Promise<CalendarFeed | undefined>;
  /** The live feeds of these matters in the workspace. */
  calendarFeedsOf(teamId: string, matters: readonly string[]): Promise<CalendarFeed[]>;
}
