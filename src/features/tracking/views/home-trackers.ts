/**
 * App Home's "Tracked for those matters" section (issue 4, "Shortcuts, unfurls, Home"): the
 * enabled trackers of the user's channels' matters, or why they are not shown (yet). The caller
 * passes only rows of matters this user may see (the wall). Pure.
 */
import { context, section, type Block } from "../../../slack/blockkit/blocks.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import { frequencyPhrase } from "./track-frequency.ts";
import { sortRows, type TrackerRow } from "./tracker-list.ts";
import { targetLine } from "./tracking.ts";

/** Home holds 100 blocks; the rest of the list is a command away. */
export const HOME_TRACKERS_SHOWN = 20;

export function homeTrackerBlocks(trackers: readonly TrackerRow[] | "loading" | "unavailable", opts: { siteUrl: string; hasMatters: boolean }): Block[] {
  const siteUrl = opts.siteUrl;
  if (trackers === "loading") return [context(":hourglass_flowing_sand: Loading the trackers of your matters…")];
  if (trackers === "unavailable") return [context(":warning: The docket service didn't answer, so trackers aren't shown. Open this tab again in a minute.")];
  if (!opts.hasMatters) return [context("Trackers of your channels' matters show up here.")];
  if (trackers.length === 0) return [context("Nothing is tracked for your matters yet. Try `/docket track nysd 1:23-cv-01234 daily` in a matter's channel.")];
  const rows = sortRows(trackers);
  const shown = rows.slice(0, HOME_TRACKERS_SHOWN);
  const blocks: Block[] = shown.map((r) => section(`${targetLine(r, { siteUrl })}\nChecked ${frequencyPhrase(r.frequency)} · matter ${matterName(r.matter)}`));
  if (rows.length > shown.length) {
    blocks.push(context(`…and ${plural(rows.length - shown.length, "more tracker", "more trackers")}. \`/docket tracking\` in a matter's channel lists them all.`));
  }
  return blocks;
}
