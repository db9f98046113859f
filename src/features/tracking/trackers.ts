/**
 * The account's trackers, read whole, and the wall over them. The service lists trackers 50 at a
 * time for the whole account (spec, GET track/: limit at most 50), with no filter by matter, so
 * every view of "this channel's trackers" pages through the lot and keeps only rows whose
 * client_matter is one of the channel's. It also keeps one tracker per case or saved search per
 * account (a POST for an already tracked case re-tags it), which is why tracking checks here
 * first whose it is. No Slack in this file.
 */
import type { DocketClient } from "../../docket/client.ts";
import { caseKey } from "../../court/case-key.ts";
import { wallAllows } from "../../court/matter-wall.ts";
import type { CallOptions, TrackTarget } from "../../docket/requests.ts";
import type { Tracker } from "../../docket/schemas/index.ts";
import type { Subscription } from "../../store/store.ts";
import type { TrackerRow } from "./views/tracker-list.ts";

export const LIST_PAGE_SIZE = 50;
/** 10,000 trackers: past that the listing is reported incomplete rather than read forever. */
export const LIST_MAX_PAGES = 200;

export interface TrackerListing {
  trackers: Tracker[];
  /** false when the listing stopped early (page cap, or the service repeating a page). */
  complete: boolean;
}

export async function listAllTrackers(docket: Pick<DocketClient, "listTrackers">, opts: CallOptions): Promise<TrackerListing> {
  const trackers: Tracker[] = [];
  let previous = "";
  for (let page = 0; page < LIST_MAX_PAGES; page++) {
    const { data } = await docket.listTrackers({ offset: page * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE }, opts);
    const rows = data.dockets;
    // A service that ignored `offset` would send the same page forever.
    const signature = rows.map(rowKey).join("\n");
    if (page > 0 && rows.length > 0 && signature === previous) return { trackers, complete: false };
    previous = signature;
    trackers.push(...rows);
    if (rows.length < LIST_PAGE_SIZE) return { trackers, complete: true };
  }
  return { trackers, complete: false };
}

/** What a listed tracker follows; undefined for a row with neither a case nor a query. */
export function targetOf(t: Tracker): TrackTarget | undefined {
  if (t.q !== undefined && t.q.trim() !== "") return { q: t.q };
  if (t.court && t.docket) return { court: t.court, docket: t.docket };
  return undefined;
}

/** A case by its identity (court/case-key.ts), a saved search by its trimmed query. */
export function targetKey(t: TrackTarget): string {
  return "q" in t ? `q\u0000${t.q.trim()}` : `c\u0000${caseKey(t)}`;
}

function rowKey(t: Tracker): string {
  const target = targetOf(t);
  return `${target ? targetKey(target) : "?"}\u0000${t.client_matter ?? ""}\u0000${String(t.enabled)}`;
}

/** The account's tracker for this case or search, if any (enabled or not). */
export function findTracker(trackers: readonly Tracker[], target: TrackTarget): Tracker | undefined {
  const key = targetKey(target);
  // One per target per account; should the service ever list two, an enabled one is the live one.
  const all = trackers.filter((t) => {
    const tt = targetOf(t);
    return tt !== undefined && targetKey(tt) === key;
  });
  return all.find((t) => t.enabled) ?? all[0];
}

/**
 * The matter a tracker belongs to, for the wall. The bot tracks only under a matter (a channel
 * with none tracks nothing), so a blank client_matter is not "made outside every matter" but
 * untagged (set by another tool on the account): no channel's, like a missing one.
 */
export function ownerOf(t: Tracker): string | undefined {
  return t.client_matter === "" ? undefined : t.client_matter;
}

/**
 * The wall: what `matters` follow, as rows to render. Their subscriptions (issue 13), each at the
 * frequency that matter asked for (the service's tracker may run more often for another matter:
 * not this channel's business), then enabled trackers tagged with one of `matters` that no
 * subscription of theirs covers (made outside docketbot, or before subscriptions).
 */
export function rowsForMatters(trackers: readonly Tracker[], matters: readonly string[], subscriptions: readonly Subscription[] = []): TrackerRow[] {
  const rows: TrackerRow[] = [];
  const covered = new Set<string>();
  for (const s of subscriptions) {
    if (!wallAllows(matters, s.clientMatter)) continue;
    const key = `${targetKey(s.target)}\u0000${s.clientMatter}`;
    if (covered.has(key)) continue;
    covered.add(key);
    const listed = findTracker(trackers, s.target);
    rows.push({ target: s.target, title: "q" in s.target ? undefined : listed?.title, frequency: s.frequency, matter: s.clientMatter });
  }
  for (const t of trackers) {
    const target = targetOf(t);
    const owner = ownerOf(t);
    if (!t.enabled || !target || owner === undefined || !wallAllows(matters, owner)) continue;
    if (covered.has(`${targetKey(target)}\u0000${owner}`)) continue;
    rows.push({ target, title: "q" in target ? undefined : t.title, frequency: t.frequency, matter: owner });
  }
  return rows;
}
