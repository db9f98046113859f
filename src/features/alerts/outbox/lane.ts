/**
 * One channel's lane, held under a lease from the store (issue 17 item 2; store/lane-records.ts):
 * every replica runs the outbox, and a channel is worked only by the replica holding its lane, so
 * FIFO per channel holds across replicas. The lane paces its posts from the channel's last post as
 * the store records it (whichever replica made it), so Slack's one message per second per channel
 * holds across replicas too (docs.slack.dev/apis/web-api/rate-limits).
 *
 * The lease is renewed before every post and every next delivery; once another holder has claimed
 * the lane (our lease ran out: a stall, a partition) nothing more is posted or recorded here.
 */
import type { Clock } from "../../../clock.ts";
import type { Logger } from "../../../logger.ts";
import type { ChannelRef, LaneLease } from "../../../store/store.ts";
import type { AlertsStore } from "../deps.ts";

/** A channel as the outbox works it: its deliveries are fenced by the lease, its posts paced. */
export interface Lane extends ChannelRef {
  key: string;
  /** The lane's lease: the outbox's writes of a delivery are fenced by it (store/lane-records.ts). */
  lease?: LaneLease | undefined;
  paced<T>(post: () => Promise<T>): Promise<T>;
}

/** Thrown by a lane's paced post once its lease is lost: the delivery is the new holder's now. */
export class LaneLostError extends Error {
  readonly code = "lane_lost";
  readonly laneKey: string;
  constructor(laneKey: string) {
    super(`the outbox lane ${laneKey} was claimed by another replica`);
    this.name = "LaneLostError";
    this.laneKey = laneKey;
  }
}

export interface HeldLane extends Lane {
  readonly lease: LaneLease;
  /** Another holder had the lane last: what this process remembers of the channel may be stale. */
  readonly takenOver: boolean;
  readonly resumed: readonly number[];
  /** Extends the lease; false (and the lane is lost) once another holder claimed it. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
  lost(): boolean;
}

export interface LaneDeps {
  store: AlertsStore;
  clock: Clock;
  logger: Logger;
  holder: string;
  leaseMs: number;
  minPostIntervalMs: number;
  /** When this process may post next per lane key (kept after a lane ends, so pacing spans lanes). */
  nextPostAt: Map<string, number>;
  signal: AbortSignal;
}

export const laneKey = (c: ChannelRef) => `${c.teamId}:${c.channelId}`;

/** Claims the channel's lane; undefined when another replica holds it. */
export async function claimLane(deps: LaneDeps, channel: ChannelRef): Promise<HeldLane | undefined> {
  const { store, clock, logger, leaseMs } = deps;
  const claim = await store.claimLane(channel, deps.holder, leaseMs);
  if (!claim) return undefined;
  const key = laneKey(channel);
  const lease: LaneLease = { holder: claim.holder, fence: claim.fence };
  if (claim.lastPostAt !== undefined) {
    deps.nextPostAt.set(key, Math.max(deps.nextPostAt.get(key) ?? 0, claim.lastPostAt + deps.minPostIntervalMs));
  }
  if (claim.resumed.length > 0) logger.warn({ channel: channel.channelId, deliveries: claim.resumed }, "resuming alerts a replica left in flight; checking Slack first");
  let lost = false;
  const renew = async (postedAt?: number) => {
    if (lost) return false;
    if (!(await store.renewLane(channel, lease, leaseMs, postedAt))) lost = true;
    return !lost;
  };
  return {
    ...channel,
    key,
    lease,
    takenOver: claim.takenOver,
    resumed: claim.resumed,
    renew: () => renew(),
    lost: () => lost,
    async release() {
      if (!lost) await store.releaseLane(channel, lease);
    },
    async paced(post) {
      // Stopping: no new post starts (the delivery is parked and resumed after a lookup).
      deps.signal.throwIfAborted();
      const wait = (deps.nextPostAt.get(key) ?? 0) - clock.now();
      if (wait > 0) await clock.sleep(wait, deps.signal);
      if (!(await renew())) throw new LaneLostError(key);
      try {
        return await post();
      } finally {
        // From Slack's answer, not our request: a slow answer never squeezes two posts into a second.
        const at = clock.now();
        deps.nextPostAt.set(key, at + deps.minPostIntervalMs);
        // Recorded for the next holder's pacing; a failure here must not lose what was just posted.
        await renew(at).catch((err: unknown) => logger.warn({ err, channel: channel.channelId }, "could not record a post's time on the lane"));
      }
    },
  };
}
