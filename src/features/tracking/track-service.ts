/**
 * Tracking for a channel's matters, behind the wall (issue 4), as subscriptions (issue 13): each
 * matter subscribes to a case or saved search at its own frequency, and the service's one tracker
 * per case is their union (tracker-union.ts). Several matters may follow one case; none takes the
 * tracker from another, and one matter's untrack never stops another's alerts. A channel is told
 * only about its own matters' subscriptions: never that another matter follows the case.
 *
 * Members may raise their matter's frequency; lowering it takes an admin (item 2). The service is
 * called before the store records the change, so a refused call leaves both as they were. The
 * read and the change are separate calls, so two people racing on one case could both pass the
 * check; the window is one round trip, and reconciliation repairs the tracker daily.
 */
import { wallAllows } from "../../court/matter-wall.ts";
import type { DocketClient } from "../../docket/client.ts";
import type { TrackTarget } from "../../docket/requests.ts";
import type { Tracker, TrackFrequency } from "../../docket/schemas/index.ts";
import { callOptions, lookupMatter, type RequestContext } from "../../slack/context.ts";
import type { Subscription } from "../../store/store.ts";
import { lowers, planTracker, type TrackerPlan } from "./tracker-union.ts";
import { isFrequency } from "./views/track-frequency.ts";
import { findTracker, listAllTrackers, ownerOf, type TrackerListing } from "./trackers.ts";
import type { TrackingStore } from "./deps.ts";

type Docket = Pick<DocketClient, "track" | "listTrackers">;
type Subscriptions = Pick<TrackingStore, "subscribersOf" | "subscribe" | "unsubscribe">;

export type TrackOutcome =
  | {
      kind: "tracked"; title?: string | undefined; previousFrequency?: string | undefined;
      /** When the matter's subscription had ended, if this reopened it (an Undo): what came since went elsewhere. */
      reopenedAfter?: number | undefined;
    }
  /** Lowering a matter's frequency takes an admin. */
  | { kind: "needs_admin"; current: string }
  /** An admin lowering it is asked first (item 2): nothing changed yet. */
  | { kind: "confirm_lower"; current: string; title?: string | undefined };

const live = (t: Tracker | undefined) => (t ? { enabled: t.enabled, owner: ownerOf(t), frequency: t.frequency } : undefined);

/**
 * Brings the service's tracker to the plan, tagged with the matter the plan names. The call is
 * made for `actingFor`, this channel's matter that asked: its usage row is that matter's, even
 * when the tracker keeps another subscriber's tag (a channel's usage never names another matter's
 * channel or user).
 */
export async function applyPlan(docket: Pick<DocketClient, "track">, ctx: RequestContext, target: TrackTarget, plan: TrackerPlan, actingFor: string): Promise<void> {
  if (plan.kind === "leave") return;
  if (plan.kind === "disable") return void (await docket.track(target, { enable: false }, callOptions(ctx, "", undefined, actingFor)));
  await docket.track(target, { enable: true, frequency: plan.frequency }, callOptions(ctx, plan.tag, undefined, actingFor));
}

export async function startTracking(
  docket: Docket,
  store: Subscriptions,
  ctx: RequestContext,
  req: { target: TrackTarget; matter: string; frequency: TrackFrequency; confirmed?: boolean | undefined },
): Promise<TrackOutcome> {
  // A channel with no matter tracks nothing (alerts are routed by matter), so blank is never chosen.
  if (ctx.matters.length === 0 || !wallAllows(ctx.matters, req.matter)) throw new Error("startTracking: the matter is not one of the channel's");
  const { trackers } = await listAllTrackers(docket, callOptions(ctx, req.matter));
  const existing = findTracker(trackers, req.target);
  const subs = await store.subscribersOf(req.target);
  const mine = (s: Subscription) => s.teamId === ctx.teamId && s.clientMatter === req.matter;
  const own = subs.find(mine);
  if (own && lowers(own.frequency, req.frequency)) {
    if (!ctx.isAdmin) return { kind: "needs_admin", current: own.frequency };
    // The matter tracks it already: the listing's caption is its own case's.
    if (!req.confirmed) return { kind: "confirm_lower", current: own.frequency, title: "q" in req.target ? undefined : existing?.title };
  }
  // The subscriptions as they will be: this matter's replaced (or added last: the newest subscriber).
  const after: Subscription[] = [
    ...subs.map((s) => (mine(s) ? { ...s, frequency: req.frequency } : s)),
    ...(own ? [] : [{ id: 0, teamId: ctx.teamId, clientMatter: req.matter, target: req.target, frequency: req.frequency, channelId: ctx.channelId ?? "", subscribedBy: ctx.userId, subscribedAt: Number.MAX_SAFE_INTEGER, updatedAt: 0 }]),
  ];
  const plan = planTracker(after, live(existing));
  await applyPlan(docket, ctx, req.target, plan, req.matter);
  const saved = await store.subscribe({ teamId: ctx.teamId, channelId: ctx.channelId ?? "", clientMatter: req.matter, target: req.target, frequency: req.frequency, userId: ctx.userId });
  // Logs are for admins: the tag may name another matter; the channel is never told it.
  ctx.log.info({ target: req.target, matter: req.matter, frequency: req.frequency, tracker: plan }, "tracking");
  const title = "q" in req.target ? undefined : existing?.title;
  // A matter that followed the case only through a tracker made outside docketbot: it was tracked at the tracker's frequency.
  const previousFrequency = saved.previousFrequency ?? (existing?.enabled && ownerOf(existing) === req.matter ? existing.frequency : undefined);
  return { kind: "tracked", title, previousFrequency, reopenedAfter: saved.reopenedAfter };
}

export type StopOutcome =
  | {
      kind: "stopped"; matter: string; matters: string[]; title?: string | undefined; listing: TrackerListing;
      /** Each stopped matter's frequency before, for Undo. */
      undo: { matter: string; frequency: TrackFrequency }[];
    }
  | { kind: "not_tracked"; listing: TrackerListing };

/**
 * Ends this channel's matters' subscriptions to the case (and a tracker of one of its matters that
 * docketbot has no subscription for: made outside it or before subscriptions). The tracker stays
 * for the other subscribers, re-tagged and at their frequency; it stops only when nobody is left.
 */
export async function stopTracking(docket: Docket, store: Subscriptions, ctx: RequestContext, target: TrackTarget): Promise<StopOutcome> {
  const listing = await listAllTrackers(docket, callOptions(ctx));
  const existing = findTracker(listing.trackers, target);
  const subs = await store.subscribersOf(target);
  const here = (s: Subscription) => s.teamId === ctx.teamId && wallAllows(ctx.matters, s.clientMatter);
  const leaving = subs.filter(here);
  const owner = existing?.enabled ? ownerOf(existing) : undefined;
  const ownerHere = owner !== undefined && wallAllows(ctx.matters, owner);
  if (leaving.length === 0 && !ownerHere) return { kind: "not_tracked", listing };
  const remaining = subs.filter((s) => !here(s));
  const plan = planTracker(remaining, live(existing), new Set(ctx.matters));
  await applyPlan(docket, ctx, target, plan, leaving[0]?.clientMatter ?? (ownerHere && owner ? owner : lookupMatter(ctx)));
  for (const s of leaving) {
    await store.unsubscribe({ teamId: ctx.teamId, channelId: ctx.channelId ?? "", clientMatter: s.clientMatter, target, userId: ctx.userId });
  }
  const matters = [...new Set([...leaving.map((s) => s.clientMatter), ...(ownerHere && owner ? [owner] : [])])];
  ctx.log.info({ target, matters, tracker: plan }, "stopped tracking");
  const undo = matters.flatMap((m) => {
    const f = leaving.find((s) => s.clientMatter === m)?.frequency ?? existing?.frequency;
    return isFrequency(f) ? [{ matter: m, frequency: f }] : [];
  });
  // The listing as it now stands, so a list can be redrawn without reading it again.
  const after = plan.kind === "disable"
    ? { ...listing, trackers: listing.trackers.map((t) => (t === existing ? { ...t, enabled: false } : t)) }
    : plan.kind === "enable"
      ? { ...listing, trackers: listing.trackers.map((t) => (t === existing ? { ...t, client_matter: plan.tag, frequency: plan.frequency } : t)) }
      : listing;
  return { kind: "stopped", matter: matters[0]!, matters, title: "q" in target ? undefined : existing?.title, listing: after, undo };
}
