/**
 * The outbox's per-channel lanes across replicas (issue 17 item 2). Every replica runs the outbox;
 * a channel is worked by one holder at a time, which claims its lane for a lease and gets a fence
 * token (a number that grows with every claim). The delivery writes that matter (markInFlight,
 * markSent, markRetry, markDead) take the fence and do nothing once another holder has claimed the
 * lane since: a replica that stalled past its lease cannot record over the one that took over.
 *
 * The lane also keeps when the channel was last posted to, so Slack's one message per second per
 * channel holds whichever replica posts next.
 *
 * A lease alone does not give exactly once (a post can land after its sender died): the outbox looks
 * a taken-over delivery up in Slack before posting it again (features/alerts/outbox/recovery.ts).
 */
import type { ChannelRef } from "./records.ts";

/** Who holds a lane, under which fence. */
export interface LaneLease {
  holder: string;
  fence: number;
}

export interface LaneClaim extends LaneLease {
  /** When the channel was last posted to (by any holder), for its pacing. */
  lastPostAt?: number | undefined;
  /** Another holder had the lane last: what this holder remembers of the channel may be stale. */
  takenOver: boolean;
  /** Deliveries the previous holder left in flight, put back in the queue by this claim (to be looked up first). */
  resumed: number[];
}

export interface LaneDesk {
  /**
   * Claims the channel's lane for `ttlMs` if no other holder's lease is live (and no other claim of
   * it is under way); undefined otherwise. A claim puts the channel's in-flight deliveries back to
   * pending, due now: with the lease ours, whoever had them in flight is gone.
   */
  claimLane(channel: ChannelRef, holder: string, ttlMs: number): Promise<LaneClaim | undefined>;
  /** Extends the lease (and records a post's time); false once another holder has claimed the lane. */
  renewLane(channel: ChannelRef, lease: LaneLease, ttlMs: number, postedAt?: number): Promise<boolean>;
  /** Ends the lease now, so any replica may claim the lane at once. */
  releaseLane(channel: ChannelRef, lease: LaneLease): Promise<void>;
  /** Channels whose head delivery is in flight while no live lease covers them: their sender died. */
  strandedChannels(now?: number): Promise<ChannelRef[]>;
  /**
   * Wakes every replica's outbox (PostgreSQL NOTIFY; in one process, the listeners here). Call
   * after writing deliveries; the outbox's poll is the fallback when a wake-up is lost.
   */
  announceWork(): Promise<void>;
  /** Calls `listener` on every announceWork, in any replica; resolves with the unsubscribe. */
  onWork(listener: () => void): Promise<() => Promise<void>>;
}
