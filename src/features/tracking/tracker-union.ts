/**
 * The service's tracker as the union of docketbot's subscriptions (issue 13, item 1). The service
 * keeps one tracker per case or saved search per account, with one frequency and one client_matter
 * tag; docketbot keeps one subscription per matter. The tracker is enabled while any subscription
 * exists, at the most frequent frequency any of them asks for, and carries the tag of:
 * - the matter it already carries, while that matter still subscribes (no needless re-tag), or
 *   when docketbot has no subscription of that matter at all (a tracker made outside docketbot:
 *   its matter keeps its pushes through routing by client_matter);
 * - otherwise the longest-standing subscriber.
 * Pure: no Slack, no service, no store.
 */
import type { TrackFrequency } from "../../docket/schemas/index.ts";
import type { Subscription } from "../../store/store.ts";
import { FREQUENCIES, isFrequency } from "./views/track-frequency.ts";

/** 0 is the most frequent (the spec's list runs from realtime to monthly). */
export function frequencyRank(f: string | undefined): number {
  return isFrequency(f) ? FREQUENCIES.indexOf(f) : FREQUENCIES.length;
}

export const lowers = (from: string | undefined, to: string): boolean => from !== undefined && frequencyRank(to) > frequencyRank(from);

export function mostFrequent(fs: readonly (string | undefined)[]): TrackFrequency | undefined {
  let best: TrackFrequency | undefined;
  for (const f of fs) if (isFrequency(f) && (best === undefined || frequencyRank(f) < frequencyRank(best))) best = f;
  return best;
}

export interface LiveTracker {
  enabled: boolean;
  owner?: string | undefined;
  frequency?: string | undefined;
}

export type TrackerPlan =
  | { kind: "enable"; tag: string; frequency: TrackFrequency }
  | { kind: "disable" }
  | { kind: "leave" };

/**
 * What the tracker should be given the subscriptions (oldest first) and what the service has now.
 * `leave` when it already is that, or when nobody subscribes but the tracker belongs to a matter
 * docketbot never tracked for (made outside docketbot: not ours to stop).
 */
export function planTracker(subs: readonly Subscription[], live: LiveTracker | undefined, ours: ReadonlySet<string> = new Set()): TrackerPlan {
  const owner = live?.enabled ? live.owner : undefined;
  const outside = owner !== undefined && !subs.some((s) => s.clientMatter === owner) && !ours.has(owner);
  if (subs.length === 0) {
    if (!live?.enabled || outside) return { kind: "leave" };
    return { kind: "disable" };
  }
  const tag = owner !== undefined && (outside || subs.some((s) => s.clientMatter === owner)) ? owner : subs[0]!.clientMatter;
  const frequency = mostFrequent([...subs.map((s) => s.frequency), outside ? live?.frequency : undefined])!;
  if (live?.enabled && live.owner === tag && live.frequency === frequency) return { kind: "leave" };
  return { kind: "enable", tag, frequency };
}
