/**
 * The caption to show in a tracking confirmation. POST track/ answers only `success`, so the
 * caption comes from what we already have: the tracker listing read before tracking, else a case
 * this user viewed recently (the case view records its title). Never a service call of its own.
 */
import type { TrackTarget } from "../../docket/requests.ts";
import type { RequestContext } from "../../slack/context.ts";
import { targetKey } from "./trackers.ts";
import type { TrackingStore } from "./deps.ts";

export async function knownTitle(store: TrackingStore, ctx: RequestContext, target: TrackTarget, fromListing?: string): Promise<string | undefined> {
  if ("q" in target) return undefined;
  if (fromListing && fromListing.trim() !== "") return fromListing;
  try {
    const key = targetKey(target);
    const recent = await store.recentCases({ teamId: ctx.teamId, userId: ctx.userId }, 50);
    return recent.find((r) => targetKey({ court: r.court, docket: r.docket }) === key)?.title;
  } catch (err) {
    ctx.log.debug({ err }, "could not read recent cases for a title");
    return undefined;
  }
}
