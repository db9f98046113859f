/**
 * Starting and stopping trackers for a channel's matter, behind the wall (issue 4, "A channel sees
 * and changes only its own matters' trackers"). The service keeps one tracker per case or saved
 * search per account and a POST re-tags it, so before tracking we read whose it is:
 * - enabled under another matter of this channel: it is moved to the matter the user chose;
 * - enabled under a matter this channel does not have: we refuse, without naming that matter
 *   (tracking it would silently take its alerts away from the other matter's channels);
 * - stopped, or absent: tracked for the chosen matter.
 * Stopping is allowed only for a tracker enabled under one of the channel's matters; any other
 * answers "not tracked here", whoever tracks it. The check and the change are two calls, so two
 * people racing on the same case could both pass the check; the window is one round trip.
 */
import { wallAllows } from "../../court/matter-wall.ts";
import type { DocketClient } from "../../docket/client.ts";
import type { TrackTarget } from "../../docket/requests.ts";
import type { TrackFrequency } from "../../docket/schemas/index.ts";
import { callOptions, type RequestContext } from "../../slack/context.ts";
import { findTracker, listAllTrackers, ownerOf, type TrackerListing } from "./trackers.ts";

type Docket = Pick<DocketClient, "track" | "listTrackers">;

export type TrackOutcome =
  | { kind: "tracked"; title?: string | undefined; previousFrequency?: string | undefined; movedFrom?: string | undefined }
  | { kind: "unavailable" };

export async function startTracking(
  docket: Docket,
  ctx: RequestContext,
  req: { target: TrackTarget; matter: string; frequency: TrackFrequency },
): Promise<TrackOutcome> {
  // A channel with no matter tracks nothing (alerts are routed by matter), so blank is never chosen.
  if (ctx.matters.length === 0 || !wallAllows(ctx.matters, req.matter)) throw new Error("startTracking: the matter is not one of the channel's");
  const opts = callOptions(ctx, req.matter);
  const { trackers } = await listAllTrackers(docket, opts);
  const existing = findTracker(trackers, req.target);
  const owner = existing?.enabled ? (existing.client_matter ?? "") : undefined;
  if (owner !== undefined && owner !== req.matter && !wallAllows(ctx.matters, owner)) {
    // Logs are for admins: they may name the other matter; the user is told only that it can't be done.
    ctx.log.warn({ target: req.target, owner, wanted: req.matter }, "tracker belongs to a matter this channel does not have; not re-tagging it");
    return { kind: "unavailable" };
  }
  await docket.track(req.target, { enable: true, frequency: req.frequency }, opts);
  ctx.log.info({ target: req.target, matter: req.matter, frequency: req.frequency, movedFrom: owner !== req.matter ? owner : undefined }, "tracking");
  const title = "q" in req.target ? undefined : existing?.title;
  if (owner === undefined) return { kind: "tracked", title };
  if (owner === req.matter) return { kind: "tracked", title, previousFrequency: existing?.frequency };
  return { kind: "tracked", title, movedFrom: owner };
}

export type StopOutcome =
  | { kind: "stopped"; matter: string; title?: string | undefined; listing: TrackerListing }
  | { kind: "not_tracked"; listing: TrackerListing };

export async function stopTracking(docket: Docket, ctx: RequestContext, target: TrackTarget): Promise<StopOutcome> {
  const listing = await listAllTrackers(docket, callOptions(ctx));
  const existing = findTracker(listing.trackers, target);
  const matter = existing?.enabled ? ownerOf(existing) : undefined;
  if (matter === undefined || !wallAllows(ctx.matters, matter)) return { kind: "not_tracked", listing };
  await docket.track(target, { enable: false }, callOptions(ctx, matter));
  ctx.log.info({ target, matter }, "stopped tracking");
  // The listing as it now stands, so a list can be redrawn without reading it again.
  const after = { ...listing, trackers: listing.trackers.map((t) => (t === existing ? { ...t, enabled: false } : t)) };
  return { kind: "stopped", matter, title: "q" in target ? undefined : existing?.title, listing: after };
}
