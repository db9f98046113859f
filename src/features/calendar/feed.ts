/**
 * What a calendar feed and a one-off case file hold (issue 16 item 5): the stored court dates of
 * one matter's cases (never another matter's: the store reads by the matter's name only), or of
 * one case within the reader's matters, as iCalendar. Knows no Slack and no HTTP.
 */
import type { Clock } from "../../clock.ts";
import { renderCalendar } from "./ical/calendar.ts";
import { inDays } from "../../court/today.ts";
import { courtShortLabel } from "../../court/courts.ts";
import type { CalendarStore } from "./deps.ts";

/** How far back a feed reaches: past dates stay a while, so a subscriber's history does not vanish. */
export const FEED_PAST_DAYS = 365;
/** How often subscribers are asked to fetch again (Outlook honours it; Google keeps its own pace). */
export const FEED_REFRESH_MINUTES = 60;

export interface CalendarFeedDeps {
  store: Pick<CalendarStore, "courtDatesOfMatters" | "courtDatesOfCase">;
  clock: Clock;
  /** The service's site, for each event's link to its case. */
  siteUrl?: string | undefined;
}

/** A year ago as a day (court/today.ts: UTC's today stands for every reader; the feed has none). */
function daysBefore(now: number, days: number): string {
  return inDays(-days, "UTC", now);
}

/** The matter's feed: its cases' dates from a year ago on, cancelled ones included (as CANCELLED). */
export async function matterCalendar(deps: CalendarFeedDeps, clientMatter: string): Promise<string> {
  const now = deps.clock.now();
  const dates = await deps.store.courtDatesOfMatters([clientMatter], { from: daysBefore(now, FEED_PAST_DAYS), includeCancelled: true, includeMet: true });
  return renderCalendar({
    name: `Court dates — ${clientMatter}`,
    description: `Deadlines and hearings docketbot read from the dockets of ${clientMatter}'s cases. Check each against its docket entry.`,
    scope: clientMatter,
    dates,
    now,
    siteUrl: deps.siteUrl,
    refreshMinutes: FEED_REFRESH_MINUTES,
  });
}

/** One case's dates as a file to import (the case card's "Add to calendar"), within the reader's matters. */
export async function caseCalendar(
  deps: CalendarFeedDeps,
  ref: { court: string; docket: string },
  matters: readonly string[],
): Promise<{ ics: string; count: number; cancelled: number; caseTitle?: string | undefined }> {
  const now = deps.clock.now();
  const dates = await deps.store.courtDatesOfCase(ref, matters, { from: daysBefore(now, FEED_PAST_DAYS), includeCancelled: true, includeMet: true });
  const label = `${courtShortLabel(ref.court)} ${ref.docket}`;
  const ics = renderCalendar({
    name: `Court dates — ${dates[0]?.caseTitle?.trim() || label}`,
    description: `Deadlines and hearings docketbot read from the docket of ${label}. Check each against its docket entry.`,
    scope: "case",
    dates,
    now,
    siteUrl: deps.siteUrl,
  });
  return { ics, count: dates.length, cancelled: dates.filter((d) => d.status === "cancelled").length, caseTitle: dates[0]?.caseTitle };
}
