/**
 * This channel's matters' subscriptions to one case or search (issue 13): what the tracking UI
 * shows before a change, and what an untrack ends. Never another matter's. No Slack.
 */
import type { TrackTarget } from "../../docket/requests.ts";
import type { RequestContext } from "../../slack/context.ts";
import type { Subscription } from "../../store/store.ts";
import { targetKey } from "./trackers.ts";
import type { TrackingStore } from "./deps.ts";

export async function subscriptionsHere(store: Pick<TrackingStore, "subscriptionsOf">, ctx: Pick<RequestContext, "teamId" | "matters">, target: TrackTarget): Promise<Subscription[]> {
  if (ctx.matters.length === 0) return [];
  const key = targetKey(target);
  return (await store.subscriptionsOf(ctx.teamId, ctx.matters)).filter((s) => targetKey(s.target) === key);
}
