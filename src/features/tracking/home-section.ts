/**
 * Tracking's App Home section (slack/home-sections.ts): the trackers of the user's channels'
 * matters. It needs the service's tracker listing, so Home shows it loading when that is slow, and
 * says so when the service does not answer.
 */
import { section, type Block } from "../../slack/blockkit/blocks.ts";
import { callOptions } from "../../slack/context.ts";
import type { HomeSection } from "../../slack/home-sections.ts";
import { listAllTrackers, rowsForMatters } from "./trackers.ts";
import { homeTrackerBlocks } from "./views/home-trackers.ts";
import type { TrackerRow } from "./views/tracker-list.ts";
import type { TrackingDeps } from "./deps.ts";

const HEADING = "*Tracked for those matters*";

export function trackingHomeSection(deps: Pick<TrackingDeps, "docket" | "store" | "siteUrl">): HomeSection {
  const blocks = (trackers: readonly TrackerRow[] | "loading" | "unavailable", hasMatters: boolean): Block[] => [
    section(HEADING),
    ...homeTrackerBlocks(trackers, { siteUrl: deps.siteUrl, hasMatters }),
  ];
  return {
    id: "tracking",
    order: 10,
    loading: ({ matters }) => blocks("loading", matters.length > 0),
    async render({ request: ctx, matters }) {
      if (matters.length === 0) return blocks([], false);
      const rows = await listAllTrackers(deps.docket, callOptions(ctx, "")).then(
        // Subscriptions of these matters only (issue 13): another matter following the same case never shows.
        async (listing) => rowsForMatters(listing.trackers, matters, await deps.store.subscriptionsOf(ctx.teamId, matters)),
        (err: unknown) => {
          ctx.log.warn({ err }, "could not list trackers for Home");
          return "unavailable" as const;
        },
      );
      return blocks(rows, true);
    },
  };
}
