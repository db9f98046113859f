/**
 * Reconciliation (issue 13, item 5): the service's trackers against docketbot's subscriptions,
 * at start and daily. The listing is read whole, 50 at a time (trackers.ts). Drift is fixed both
 * ways:
 * - a case or search some matter subscribes to, whose tracker the service lost, disabled, tagged
 *   with a matter that left, or checks less often than asked: set to the union (tracker-union.ts);
 * - a tracker still enabled though every subscription docketbot had to it has ended (an untrack
 *   the service missed): stopped.
 * A tracker docketbot never had a subscription for was made outside docketbot: left alone, and
 * routing by its client_matter goes on. An incomplete listing (the service repeating a page, or
 * the page cap) stops nothing: a tracker missing from it may only be unread. No Slack here.
 */
import type { DocketClient } from "../../docket/client.ts";
import type { TrackTarget } from "../../docket/requests.ts";
import type { Subscription } from "../../store/store.ts";
import { planTracker, type TrackerPlan } from "./tracker-union.ts";
import { findTracker, listAllTrackers, ownerOf, targetKey } from "./trackers.ts";
import type { TrackingStore } from "./deps.ts";

export interface ReconcileFix {
  target: TrackTarget;
  kind: "restored" | "updated" | "stopped";
  /** The matters subscribed (for stopped: those whose subscriptions ended). */
  matters: string[];
  plan: TrackerPlan;
  /** The case's caption, when the service's tracker listing has it. */
  title?: string | undefined;
}

export interface ReconcileReport {
  fixes: ReconcileFix[];
  /** Trackers listed; false complete: the listing stopped early and nothing was stopped. */
  listed: number;
  complete: boolean;
  /** Fixes the service refused (each logged). */
  failed: number;
}

interface Deps {
  docket: Pick<DocketClient, "listTrackers" | "track">;
  store: Pick<TrackingStore, "allSubscriptions" | "recordAudit">;
  logger: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
}

export async function reconcileTrackers(deps: Deps): Promise<ReconcileReport> {
  const all = await deps.store.allSubscriptions({ includeEnded: true });
  // Nothing ever subscribed through docketbot: nothing to compare, and no call to the service.
  if (all.length === 0) return { fixes: [], listed: 0, complete: true, failed: 0 };
  const groups = new Map<string, Subscription[]>();
  for (const s of all) groups.set(targetKey(s.target), [...(groups.get(targetKey(s.target)) ?? []), s]);
  const listing = await listAllTrackers(deps.docket, { clientMatter: "" });
  const fixes: ReconcileFix[] = [];
  let failed = 0;
  for (const subs of groups.values()) {
    const target = subs[0]!.target;
    const live = subs.filter((s) => s.endedAt === undefined);
    const existing = findTracker(listing.trackers, target);
    const state = existing ? { enabled: existing.enabled, owner: ownerOf(existing), frequency: existing.frequency } : undefined;
    // Matters that once subscribed: their tag on an enabled tracker is ours, not an outside one.
    const plan = planTracker(live, state, new Set(subs.map((s) => s.clientMatter)));
    if (plan.kind === "leave") continue;
    if (plan.kind === "disable" && !listing.complete) continue;
    const kind = plan.kind === "disable" ? "stopped" : existing?.enabled ? "updated" : "restored";
    try {
      if (plan.kind === "disable") await deps.docket.track(target, { enable: false }, { clientMatter: "" });
      else await deps.docket.track(target, { enable: true, frequency: plan.frequency }, { clientMatter: plan.tag });
    } catch (err) {
      failed += 1;
      deps.logger.warn({ err, target, plan }, "reconciliation could not fix a tracker");
      continue;
    }
    const matters = [...new Set((plan.kind === "disable" ? subs : live).map((s) => s.clientMatter))];
    fixes.push({ target, kind, matters, plan, title: "q" in target ? undefined : existing?.title });
    const who = plan.kind === "disable" ? subs.at(-1)! : live[0]!;
    await deps.store.recordAudit({
      teamId: who.teamId, channelId: who.channelId, clientMatter: plan.kind === "enable" ? plan.tag : who.clientMatter, userId: "docketbot",
      action: "reconcile", target, detail: plan.kind === "enable" ? `${kind} (${plan.frequency})` : "stopped",
    }).catch((err: unknown) => deps.logger.warn({ err }, "could not record the reconciliation"));
  }
  deps.logger.info({ listed: listing.trackers.length, complete: listing.complete, fixed: fixes.length, failed }, "trackers reconciled");
  return { fixes, listed: listing.trackers.length, complete: listing.complete, failed };
}
