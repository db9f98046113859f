/**
 * One delivery, start to outcome (issue 5, Delivery): pending → in_flight, render, look up what an
 * earlier attempt left in Slack if needed, post, then sent, retry or dead.
 *
 * What a failure means is failure.ts's one reading:
 * - 429 → pending again, due after Retry-After. The store keeps a channel FIFO, so the wait holds
 *   back that channel only; other channels' lanes keep posting.
 * - Slack's outage class (5xx, network, try-again codes; the store busy) → pending again after
 *   exponential backoff with jitter; forever, but past the max age admins are told once (log, DM,
 *   and the channel listed as overdue in stats()).
 * - a fault (anything else: an unknown code, a store write refused, a bug) → retried with backoff
 *   `policy.maxFaults` times, then parked like the next, so no error holds a lane forever.
 * - the channel or token refused (permanent), Slack refused the message (rejected), or a fault past
 *   its bound → parked: dead with the code as its reason, the lane moves on, admins are told (and
 *   the channel, when it can take posts) which filing it was and why; the alert stays in the store
 *   for an admin's Retry (Store.retryDead) or Dismiss (Store.dismissDead).
 * - stop() while waiting for the channel's next slot → parked: pending, due now, for the next start.
 * - stop() while a Slack call hangs past the stop grace → abandoned and parked the same way; its
 *   attempt was counted, so the next start looks it up before posting again (never doubled).
 */
import type { AlertAddOns } from "../../../slack/alert-add-ons.ts";
import type { Clock } from "../../../clock.ts";
import type { Logger } from "../../../logger.ts";
import type { Metrics } from "../../../metrics/metrics.ts";
import type { ChannelRef, DeliveryWithPush } from "../../../store/store.ts";
import { backoffDelay, isOverdue, retryAfterDelay } from "./backoff.ts";
import { deliver } from "./deliver.ts";
import { SlackCallError } from "../../../slack/slack-errors.ts";
import { classifyFailure, type Failure } from "./failure.ts";
import type { AdminNotifier } from "./notices.ts";
import { tellParked } from "./parked.ts";
import { LaneLostError, type Lane } from "./lane.ts";
import { InvalidPushError } from "./plan.ts";
import type { PushPlan } from "./push-plan.ts";
import type { PushPlans } from "./push-plans.ts";
import type { OutboxPolicy } from "./policy.ts";

export type { Lane } from "./lane.ts";
import { emptyProgress, findPosted, type Progress } from "./recovery.ts";
import type { SlackPoster } from "./slack-poster.ts";
import type { AlertsStore } from "../deps.ts";

/**
 * Where the outbox counts what it does: docketbot_outbox_deliveries_{sent,retried,dead}_total
 * and docketbot_outbox_delivery_lag_seconds (src/metrics/metrics.ts). Reasons are bounded sets:
 * rate_limited/transient, Slack's error codes.
 */
export type OutboxMetrics = Pick<Metrics, "inc" | "observe">;

export interface Overdue extends ChannelRef {
  deliveryId: number;
  clientMatter: string;
  queuedAt: number;
  lastError: string;
}

export interface AttemptContext {
  store: AlertsStore;
  /** Turns of the event loop, one delivery at a time (event-loop.ts). */
  turns: { take(): Promise<void> };
  poster: SlackPoster;
  clock: Clock;
  logger: Logger;
  policy: OutboxPolicy;
  siteUrl: string;
  /** What features do when an alert is delivered (slack/alert-add-ons.ts). */
  addOns?: AlertAddOns | undefined;
  random: () => number;
  notices: AdminNotifier;
  metrics?: OutboxMetrics | undefined;
  /** Plans shared by the deliveries of one push (planned once, not once per channel). */
  plans: PushPlans;
  /** What each unfinished delivery has posted so far, in this process. */
  progress: Map<number, Progress>;
  /** Channels whose head is past the max retry age, by lane key. */
  overdue: Map<string, Overdue>;
  counts: { sent: number; retried: number; rateLimited: number; dead: number };
  /** True once stop() was called: an aborted wait parks the delivery. */
  stopping(): boolean;
  /** Aborted once stop()'s grace is over: a Slack call still in flight is abandoned. */
  abandon?: AbortSignal | undefined;
}

/** `work`, unless `signal` aborts first (the work is left to finish or fail on its own). */
export function unlessAbandoned<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Parks `d`: dead with `reason`, out of its lane. A channel or token that refused us cannot be told
 * in the channel, and its admins hear once per episode; anything else is told in the channel and
 * to the admins, naming the filing.
 */
async function park(ctx: AttemptContext, lane: Lane, d: DeliveryWithPush, reason: string, plan: PushPlan | undefined, opts: { refused?: boolean; error?: string } = {}): Promise<void> {
  ctx.progress.delete(d.id);
  if (!(await ctx.store.markDead(d.id, reason, lane.lease, opts.error))) return;
  ctx.counts.dead++;
  ctx.metrics?.inc("docketbot_outbox_deliveries_dead_total", { reason });
  if (opts.refused) {
    ctx.notices.notify({ kind: "dead", channel: d, clientMatter: d.clientMatter, deliveryId: d.id, reason });
    return;
  }
  await tellParked(ctx, lane, d, reason, plan, true);
}

async function retry(ctx: AttemptContext, lane: Lane, d: DeliveryWithPush, f: Failure): Promise<void> {
  const now = ctx.clock.now();
  const limited = f.class === "wait";
  // d.attempts is the count before this attempt; this was attempt d.attempts + 1.
  const delay = limited ? retryAfterDelay(f.retryAfterSec, ctx.policy.rateLimit) : backoffDelay(d.attempts + 1, ctx.policy.backoff, ctx.random);
  const error = `${f.method}: ${f.code}`;
  if (!(await ctx.store.markRetry(d.id, { nextAttemptAt: now + delay, error, fault: f.class === "fault" }, lane.lease))) {
    // The channel lost the matter meanwhile: the store marked it dead (walls hold at the last gate);
    // or another replica took the lane over, and the delivery is its now.
    ctx.progress.delete(d.id);
    if ((await ctx.store.getDelivery(d.id))?.state === "dead") ctx.metrics?.inc("docketbot_outbox_deliveries_dead_total", { reason: "matter_unlinked" });
    return;
  }
  if (limited) ctx.counts.rateLimited++;
  else ctx.counts.retried++;
  ctx.metrics?.inc("docketbot_outbox_deliveries_retried_total", { reason: limited ? "rate_limited" : f.class === "fault" ? "fault" : "transient" });
  ctx.logger.warn(
    { deliveryId: d.id, channel: d.channelId, code: f.code, method: f.method, attempt: d.attempts + 1, faults: d.faults + (f.class === "fault" ? 1 : 0), retryInMs: delay },
    limited ? "Slack rate-limited the channel; waiting Retry-After" : "alert delivery failed; will retry",
  );
  if (isOverdue(d.queuedAt, now, ctx.policy.maxRetryAgeMs)) {
    ctx.overdue.set(lane.key, { teamId: d.teamId, channelId: d.channelId, deliveryId: d.id, clientMatter: d.clientMatter, queuedAt: d.queuedAt, lastError: error });
    // The notifier tells admins once per episode (and again only if that DM failed).
    ctx.notices.notify({ kind: "overdue", channel: d, clientMatter: d.clientMatter, deliveryId: d.id, reason: f.code, ageMs: now - d.queuedAt });
  }
}

async function lookupIfResumed(ctx: AttemptContext, lane: Lane, d: DeliveryWithPush, plan: PushPlan): Promise<Progress> {
  const known = ctx.progress.get(d.id);
  if (known) return known;
  let progress = emptyProgress();
  // Attempted before, by a process that is gone (or by another replica): what did it post?
  if (d.attempts > 0 && ctx.policy.lookupOnResume) {
    const roots: string[] = [];
    if (plan.kind === "thread") {
      const thread = await ctx.store.getCaseThread({ teamId: d.teamId, channelId: d.channelId, court: plan.court, docket: plan.docket });
      if (thread) roots.push(thread.rootTs);
    }
    progress = await findPosted(ctx.poster, d, roots, ctx.policy.lookup, ctx.logger);
    ctx.logger.info({ deliveryId: d.id, found: [...progress.parts.keys()], root: progress.root }, "looked up a resumed alert in Slack");
  }
  progress.lane = lane.key;
  ctx.progress.set(d.id, progress);
  return progress;
}

/** Delivers `d` (the head of `lane`'s channel) once; every outcome is written to the store. */
export async function attemptDelivery(ctx: AttemptContext, lane: Lane, d: DeliveryWithPush): Promise<void> {
  if (!(await ctx.store.markInFlight(d.id, lane.lease))) {
    const now = await ctx.store.getDelivery(d.id);
    if (now?.state === "dead") ctx.metrics?.inc("docketbot_outbox_deliveries_dead_total", { reason: now.deadReason ?? "matter_unlinked" });
    return;
  }
  let plan: PushPlan;
  try {
    plan = await ctx.plans.get(d.pushId, d.push.body, {
      siteUrl: ctx.siteUrl, routine: ctx.policy.routine, maxMessages: ctx.policy.maxMessagesPerAlert, threadEntries: ctx.policy.threadEntries,
    });
  } catch (e) {
    ctx.logger.error({ err: e, deliveryId: d.id, pushId: d.pushId }, "stored push cannot be rendered");
    return park(ctx, lane, d, e instanceof InvalidPushError ? e.code : "render_failed", undefined, { error: String(e).slice(0, 300) });
  }
  // A push's deliveries (one per channel) await its one plan and wake together: each goes on in a
  // turn of its own, or their store writes and renders until the first Slack call all run in one.
  await ctx.turns.take();
  try {
    const render = { routine: ctx.policy.routine, maxMessages: ctx.policy.maxMessagesPerAlert };
    const ts = await unlessAbandoned((async () => {
      const progress = await lookupIfResumed(ctx, lane, d, plan);
      return deliver({ store: ctx.store, poster: ctx.poster, siteUrl: ctx.siteUrl, clock: ctx.clock, paced: lane.paced, render, addOns: ctx.addOns }, d, plan, progress);
    })(), ctx.abandon);
    ctx.progress.delete(d.id);
    if (!(await ctx.store.markSent(d.id, ts, lane.lease))) return; // the lane was taken over: its holder records it
    ctx.counts.sent++;
    ctx.metrics?.inc("docketbot_outbox_deliveries_sent_total");
    ctx.metrics?.observe("docketbot_outbox_delivery_lag_seconds", Math.max(0, ctx.clock.now() - d.createdAt) / 1000);
    ctx.overdue.delete(lane.key);
    ctx.notices.clear(d);
  } catch (e) {
    if (e instanceof LaneLostError) {
      // Another replica holds the channel now; it looks this delivery up before posting it.
      ctx.progress.delete(d.id);
      ctx.logger.warn({ deliveryId: d.id, channel: d.channelId }, "stopped an alert: another replica took its channel over");
      return;
    }
    if (ctx.stopping() && (!(e instanceof SlackCallError) || ctx.abandon?.aborted)) {
      // Interrupted by stop() between posts, or abandoned mid-call: put it back; the next start resumes from a lookup.
      ctx.progress.delete(d.id);
      await ctx.store.markRetry(d.id, { nextAttemptAt: ctx.clock.now(), error: "interrupted at shutdown" }, lane.lease);
      return;
    }
    const f = classifyFailure(e);
    if (!(e instanceof SlackCallError)) ctx.logger.error({ err: e, deliveryId: d.id, code: f.code }, "alert delivery failed unexpectedly");
    if (f.class === "refused") return park(ctx, lane, d, f.code, plan, { refused: true, error: f.detail });
    if (f.class === "rejected" || (f.class === "fault" && d.faults + 1 >= ctx.policy.maxFaults)) {
      return park(ctx, lane, d, f.code, plan, { error: `${f.method}: ${f.detail}` });
    }
    await retry(ctx, lane, d, f);
  }
}
