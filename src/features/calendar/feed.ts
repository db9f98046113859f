/**
 * What a calendar feed and a one-off case file hold (issue 16 item 5): the stored court dates of
 * one matter's cases (never another matter's: the store reads by the matter's name only), or of
 * one case within the reader's matters, as iCalendar. Knows no Slack and no HTTP.
 */
import type { Clock } from "../../clock.ts";
import type { CourtDateRecord } from "../../store/store.ts";
import { renderCalendar, type CalendarInput } from "./ical/calendar.ts";
import { struck } from "./ical/event.ts";
import { inDays, todayIn } from "../../court/today.ts";
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

/**
 * Most events one feed holds (issue 22 item 12): a bound on its size (about 1 KB an event, so a
 * few MB at most) whatever a docket states. Past the bound the feed keeps the upcoming dates,
 * soonest first, then the most recent past ones, and its description says how many it left out.
 */
export const FEED_MAX_EVENTS = 2_000;

/** A feed's dates within FEED_MAX_EVENTS, still soonest first (`dates` come soonest first). */
export function boundedDates<T extends { date: string }>(dates: readonly T[], today: string, max = FEED_MAX_EVENTS): T[] {
  if (dates.length <= max) return [...dates];
  const firstUpcoming = dates.findIndex((d) => d.date >= today);
  const split = firstUpcoming < 0 ? dates.length : firstUpcoming;
  const upcoming = dates.slice(split, split + max);
  const past = dates.slice(Math.max(0, split - (max - upcoming.length)), split);
  return [...past, ...upcoming];
}

/** What a matter's feed is made of: its dates and their version. */
export interface MatterFeedDates {
  dates: CourtDateRecord[];
  /** Changes whenever what the feed shows may change: its window's first day, and its dates' count, last change and ids. */
  version: string;
  now: number;
}

/** Days one read covers: a big matter's dates are read window by window, yielding between reads. */
const READ_WINDOW_DAYS = 30;
/** How far ahead windows go; whatever lies beyond is read at once (dockets rarely look that far). */
const WINDOWED_AHEAD_DAYS = 3 * 365;

/** The UTC day of an instant (court/today.ts: the feed has no reader, so UTC's today stands). */
const isoDay = (ms: number) => todayIn("UTC", ms);

/**
 * The matter's dates from `from` on, soonest first, read in windows of READ_WINDOW_DAYS with a yield
 * to the event loop between them (issue 22 item 12): reading 2,500 dates at once held the process
 * ~100 ms (the store maps each row), so a feed with many dates delayed slash commands' acks.
 */
async function readInWindows(deps: CalendarFeedDeps & { yieldNow?: (() => Promise<void>) | undefined }, clientMatter: string, now: number): Promise<CourtDateRecord[]> {
  const yieldNow = deps.yieldNow ?? (() => new Promise<void>((r) => setImmediate(r)));
  const day = 86_400_000;
  const out: CourtDateRecord[] = [];
  let start = now - FEED_PAST_DAYS * day;
  const last = now + WINDOWED_AHEAD_DAYS * day;
  for (; start <= last; start += READ_WINDOW_DAYS * day) {
    // Met deadlines too: the feed keeps them, saying so (issue 23 item 2).
    const window = { from: isoDay(start), to: isoDay(start + (READ_WINDOW_DAYS - 1) * day), includeCancelled: true, includeMet: true };
    out.push(...(await deps.store.courtDatesOfMatters([clientMatter], window)));
    await yieldNow();
  }
  out.push(...(await deps.store.courtDatesOfMatters([clientMatter], { from: isoDay(start), includeCancelled: true, includeMet: true })));
  return out;
}

export async function matterFeedDates(deps: CalendarFeedDeps & { yieldNow?: (() => Promise<void>) | undefined }, clientMatter: string): Promise<MatterFeedDates> {
  const now = deps.clock.now();
  const from = daysBefore(now, FEED_PAST_DAYS);
  const dates = await readInWindows(deps, clientMatter, now);
  let updated = 0;
  let maxId = 0;
  let sequences = 0;
  for (const d of dates) {
    if (d.updatedAt > updated) updated = d.updatedAt;
    if (d.id > maxId) maxId = d.id;
    sequences += d.sequence;
  }
  return { dates, version: `${from}|${dates.length}|${updated}|${maxId}|${sequences}|${FEED_MAX_EVENTS}`, now };
}

/** The matter's feed: its cases' dates from a year ago on, cancelled ones included (as CANCELLED), at most FEED_MAX_EVENTS. */
export function matterCalendarInput(deps: Pick<CalendarFeedDeps, "siteUrl">, clientMatter: string, read: MatterFeedDates): CalendarInput {
  const today = isoDay(read.now);
  const dates = boundedDates(read.dates, today);
  const left = read.dates.length - dates.length;
  const bound = left > 0
    ? ` This feed shows ${dates.length} of its ${read.dates.length} dates (at most ${FEED_MAX_EVENTS}: the upcoming ones first, then the latest past ones); ${left} older ones are left out.`
    : ` It holds at most ${FEED_MAX_EVENTS} dates, from a year ago on.`;
  return {
    name: `Court dates — ${clientMatter}`,
    description: `Deadlines and hearings docketbot read from the dockets of ${clientMatter}'s cases. Check each against its docket entry.${bound}`,
    scope: clientMatter,
    dates,
    now: read.now,
    siteUrl: deps.siteUrl,
    refreshMinutes: FEED_REFRESH_MINUTES,
  };
}

/** The matter's feed, rendered at once (small feeds and tests; the route renders in slices, cached: feed-cache.ts). */
export async function matterCalendar(deps: CalendarFeedDeps, clientMatter: string): Promise<string> {
  return renderCalendar(matterCalendarInput(deps, clientMatter, await matterFeedDates(deps, clientMatter)));
}

/** One case's dates as a file to import (the case card's "Add to calendar"), within the reader's matters. */
export async function caseCalendar(
  deps: CalendarFeedDeps,
  ref: { court: string; docket: string },
  matters: readonly string[],
): Promise<{ ics: string; count: number; cancelled: number; past: number; caseTitle?: string | undefined }> {
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
  // Counted as the file shows them: struck (STATUS:CANCELLED: vacated, or ended by a Rule 12 motion), past, and the rest ahead.
  const today = isoDay(now);
  const cancelled = dates.filter(struck).length;
  const past = dates.filter((d) => !struck(d) && d.date < today).length;
  return { ics, count: dates.length, cancelled, past, caseTitle: dates[0]?.caseTitle };
}
