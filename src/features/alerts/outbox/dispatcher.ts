/**
 * The outbox dispatcher (issue 5, Delivery): posts stored deliveries to Slack, in order per
 * channel, at most one message per second per channel, channels in parallel.
 *
 * One loop looks at the store (dueChannels) and gives each channel with due work a lane: a worker
 * that claims the channel from the store (lane.ts: a lease with a fence, so that several replicas
 * share the outbox and one works each channel), then takes that channel's head delivery (FIFO)
 * until none is due, pacing its posts on the injected clock. A channel waiting on a Retry-After or a backoff has its head's next_attempt_at in
 * the future, so the store holds it back and its lane ends, while the other lanes go on. The loop
 * sleeps until the earliest next_attempt_at, a notify() (intake stored a push), a lane ending, or
 * the poll interval (deliveries made elsewhere: a matter linked, an admin's Retry).
 *
 *   const outbox = createOutbox({ store, slack: createOutboxSlackClient(…), clock, logger, siteUrl });
 *   await outbox.start();     // resumes what a crash interrupted, then runs
 *   outbox.notify();          // after storing a push
 *   await outbox.stop();      // finishes or parks in-flight work; before store.close()
 */
import { randomUUID } from "node:crypto";
import type { WebClient } from "@slack/web-api";
import type { Clock } from "../../../clock.ts";
import type { Logger } from "../../../logger.ts";
import type { ChannelRef, MatterScope } from "../../../store/store.ts";
import { attemptDelivery, unlessAbandoned, type AttemptContext, type OutboxMetrics, type Overdue } from "./attempt.ts";
import { createAdminNotifier } from "./notices.ts";
import { outboxPolicy, type OutboxPolicy } from "./policy.ts";
import { PushPlans } from "./push-plans.ts";
import { createPushPlanner } from "./push-planner.ts";
import { createHolidayCalendar } from "../../../holidays.ts";
import { createTurnTaker } from "../../../event-loop.ts";
import type { HolidayCalendar } from "../../../court/rules/holidays.ts";
import type { AlertAddOns } from "../../../slack/alert-add-ons.ts";
import { claimLane, laneKey, type HeldLane, type LaneDeps } from "./lane.ts";
import { counted } from "./counted-poster.ts";
import { createSlackPoster, type SlackPoster } from "./slack-poster.ts";
import { Wakeup } from "../../../schedules/wakeup.ts";
import { singleFlight, spacedWake } from "./wake-coalescing.ts";
import type { AlertsStore } from "../deps.ts";

export interface OutboxDeps {
  store: AlertsStore;
  /** The outbox's OWN client (createOutboxSlackClient: retries off, 429s rejected), or a poster over one. */
  slack: WebClient | SlackPoster;
  clock: Clock;
  logger: Logger;
  /** The service's `{site_url}`: alerts link there, and only there. */
  siteUrl: string;
  /** The legal-holiday calendar court dates are counted on (FRCP 6(a)); made once in main.ts. */
  holidays?: HolidayCalendar | undefined;
  /** What features do when an alert is delivered, and say under its filings (main.ts registers them). */
  addOns?: AlertAddOns | undefined;
  /** Slack user ids told about dead and overdue alerts (DOCKETBOT_ADMINS). */
  admins?: readonly string[] | undefined;
  metrics?: OutboxMetrics | undefined;
  policy?: Partial<OutboxPolicy> | undefined;
  /** Jitter source for backoff; default Math.random. */
  random?: (() => number) | undefined;
  /** Who this outbox is when it holds a channel's lane (default: a random id per outbox). */
  holder?: string | undefined;
  /** Pushes of more characters are planned in a worker thread (default PLAN_WORKER_ABOVE_CHARS, push-planner.ts). */
  planWorkerAboveChars?: number | undefined;
}

export interface OutboxRuntimeStats {
  running: boolean;
  /** Channels being worked on now. */
  activeLanes: number;
  /** Slack calls awaiting an answer now. */
  slackCallsInFlight: number;
  /** Since start: deliveries sent, retries after a transient failure, waits for a 429, deaths. */
  sent: number;
  retried: number;
  rateLimited: number;
  dead: number;
  /** Channels whose head delivery is still retrying past the max retry age (admins were told). */
  overdue: Overdue[];
}

export interface Outbox {
  /** Runs; deliveries a dead process left in flight are resumed (looked up first) when their lane is claimed. */
  start(): Promise<void>;
  /**
   * Look at the store now (call after storing a push). Safe to call any time, even before start.
   * Given the channels the new deliveries wait in, nothing is read or announced when each of them
   * has a lane at work here: a lane takes its channel's deliveries until none is due, and its end
   * wakes the loop, whose next read comes after this push's commit.
   */
  notify(channels?: readonly ChannelRef[]): void;
  /**
   * Stops taking work; lets each channel finish its current post (for at most policy.stopGraceMs,
   * then it is abandoned and parked), parks the rest. Idempotent.
   */
  stop(): Promise<void>;
  /** Store.retryDead (an admin's Retry), then wakes the dispatcher. */
  retryDead(ids: readonly number[], scope: MatterScope | undefined, by: ChannelRef & { userId: string }): Promise<number>;
  stats(): OutboxRuntimeStats;
}

const isPoster = (s: WebClient | SlackPoster): s is SlackPoster => typeof (s as SlackPoster).dm === "function";

export function createOutbox(deps: OutboxDeps): Outbox {
  const { store, clock, logger } = deps;
  const policy = outboxPolicy(deps.policy);
  const holder = deps.holder ?? randomUUID();
  const calls = { n: 0 };
  const poster = counted(isPoster(deps.slack) ? deps.slack : createSlackPoster(deps.slack), calls);
  const stopping = new AbortController();
  /** Aborted policy.stopGraceMs after stop(): Slack calls still in flight are abandoned. */
  const abandon = new AbortController();
  const wake = new Wakeup();
  /** Channels being worked here; `working` once the lane is claimed, until it starts to end. */
  const lanes = new Map<string, { channel: ChannelRef; running: Promise<void>; working: boolean }>();
  /** When each channel may post next (kept after its lane ends, so pacing spans lanes). */
  const nextPostAt = new Map<string, number>();
  /** Channels whose lane another replica held when we tried: not tried again until the time kept here. */
  const heldElsewhere = new Map<string, number>();
  let lastPassAt = -Infinity;
  // Big pushes are planned in a worker thread, the others in process (push-planner.ts).
  const planner = createPushPlanner({ logger, holidays: deps.holidays ?? createHolidayCalendar(), workerAboveChars: deps.planWorkerAboveChars });
  const ctx: AttemptContext = {
    store, poster, clock, logger, policy, siteUrl: deps.siteUrl, addOns: deps.addOns, random: deps.random ?? Math.random,
    notices: createAdminNotifier({ poster, admins: deps.admins ?? [], logger, once: store }),
    metrics: deps.metrics, plans: new PushPlans(4, planner), turns: createTurnTaker(), progress: new Map(), overdue: new Map(),
    counts: { sent: 0, retried: 0, rateLimited: 0, dead: 0 },
    stopping: () => stopping.signal.aborted,
    abandon: abandon.signal,
  };
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped: Promise<void> | undefined;

  const laneDeps: LaneDeps = {
    store, clock, logger, holder, leaseMs: policy.laneLeaseMs, minPostIntervalMs: policy.minPostIntervalMs,
    nextPostAt, signal: stopping.signal,
  };

  const runLane = async (channel: ChannelRef) => {
    const key = laneKey(channel);
    let lane: HeldLane | undefined;
    try {
      lane = await claimLane(laneDeps, channel);
      // Another replica works this channel: it sees the channel's new deliveries itself, so we try
      // again only after a poll interval (in case it died), not on every wake-up.
      if (!lane) return void heldElsewhere.set(key, clock.now() + policy.pollIntervalMs);
      const entry = lanes.get(key);
      if (entry) entry.working = true;
      if (lane.takenOver) {
        // Another replica had the lane since: what we remember of its deliveries may be stale.
        for (const [id, p] of ctx.progress) if (p.lane === key) ctx.progress.delete(id);
      }
      while (!stopping.signal.aborted && (await lane.renew())) {
        const head = await store.nextDue(lane);
        if (!head) break;
        await attemptDelivery(ctx, lane, head);
        if (lane.lost()) break;
      }
      if (lane.lost()) logger.warn({ channel: channel.channelId }, "another replica took this channel's outbox lane over");
    } catch (err) {
      logger.error({ err, channel: channel.channelId }, "outbox lane failed; the dispatcher will try again");
    } finally {
      const entry = lanes.get(key);
      if (entry) entry.working = false;
      await lane?.release().catch((err: unknown) => logger.warn({ err, channel: channel.channelId }, "could not release an outbox lane; its lease will run out"));
      lanes.delete(key);
      // Only a lane that ran wakes the loop: a claim lost to another replica would spin it.
      if (lane) wake.fire();
    }
  };

  const startLane = (channel: ChannelRef) => {
    const key = laneKey(channel);
    if (lanes.has(key)) return;
    const until = heldElsewhere.get(key);
    if (until !== undefined && clock.now() < until) return;
    heldElsewhere.delete(key);
    const entry = { channel, running: Promise.resolve(), working: false };
    lanes.set(key, entry);
    entry.running = runLane(channel);
  };

  const run = async () => {
    while (!stopping.signal.aborted) {
      let waitMs: number | undefined = policy.pollIntervalMs;
      lastPassAt = clock.now();
      try {
        // Stranded: a head left in flight under a lease that ran out (its replica died mid-post).
        const stranded = await store.strandedChannels();
        for (const channel of [...stranded, ...(await store.dueChannels())]) {
          startLane(channel);
          // A lane's first read (nextDue, with its push's body) runs synchronously: one turn each,
          // not 20 reads of a 13 MB body in one turn (a 300 ms stall measured by npm run bench).
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        const at = await store.nextWakeAt();
        const now = clock.now();
        // at <= now: every due channel has a lane at work, and a lane's end wakes us (a short
        // sleep otherwise, so that no inconsistency can spin this loop).
        if (at !== undefined) {
          waitMs = at > now ? Math.min(at - now, policy.pollIntervalMs) : lanes.size > 0 ? undefined : policy.minPostIntervalMs;
        }
      } catch (err) {
        if (stopping.signal.aborted) break;
        logger.error({ err }, "outbox could not read the store; trying again");
      }
      if (stopping.signal.aborted) break;
      await wake.wait(clock, waitMs);
    }
  };

  /** Another replica stored work (its NOTIFY): one pass per gap, however many arrive. */
  const remoteWake = spacedWake({ clock, gapMs: policy.wakeGapMs, lastPassAt: () => lastPassAt, fire: () => wake.fire(), signal: stopping.signal });
  const announce = singleFlight(() =>
    store.announceWork().catch((err: unknown) => logger.debug({ err }, "could not announce outbox work; the poll will find it")),
  );

  return {
    async start() {
      if (loop || stopping.signal.aborted) return;
      loop = (async () => {
        // Other replicas' announcements wake this one (PostgreSQL LISTEN); the poll is the fallback.
        while (!stopping.signal.aborted && !unlisten) {
          try {
            unlisten = await store.onWork(remoteWake);
          } catch (err) {
            logger.error({ err }, "outbox could not listen for work; trying again");
            await wake.wait(clock, policy.pollIntervalMs);
          }
        }
        await run();
      })().catch((err: unknown) => logger.error({ err }, "the outbox stopped on an error"));
      logger.info({ minPostIntervalMs: policy.minPostIntervalMs, maxRetryAgeMs: policy.maxRetryAgeMs }, "outbox started");
    },
    notify(channels) {
      // A lane merely claiming may lose its claim to another replica, which must then be told:
      // only a claimed lane's channels are left to it.
      if (channels && channels.length > 0 && channels.every((c) => lanes.get(laneKey(c))?.working === true)) return;
      wake.fire();
      // Every replica's outbox: the channel's lane may be held by another one.
      announce();
    },
    stop() {
      stopped ??= (async () => {
        stopping.abort(new Error("the outbox is stopping"));
        const grace = setTimeout(() => abandon.abort(new Error("the outbox stopped waiting for Slack")), policy.stopGraceMs);
        wake.fire();
        await loop;
        await Promise.allSettled([...lanes.values()].map((l) => l.running));
        await unlisten?.().catch(() => undefined);
        await unlessAbandoned(ctx.notices.drain(), abandon.signal).catch(() => logger.warn("admin notices still unsent at shutdown"));
        await planner.close();
        clearTimeout(grace);
        logger.info({ ...ctx.counts }, "outbox stopped");
      })();
      return stopped;
    },
    async retryDead(ids, scope, by) {
      const n = await store.retryDead(ids, scope, by);
      if (n > 0) wake.fire();
      return n;
    },
    stats: () => ({
      running: loop !== undefined && !stopping.signal.aborted,
      activeLanes: lanes.size,
      slackCallsInFlight: calls.n,
      ...ctx.counts,
      overdue: [...ctx.overdue.values()],
    }),
  };
}
