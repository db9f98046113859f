/**
 * A whole iCalendar object (RFC 5545 §3.4, §3.6): the matter's feed, or one case's dates as a file.
 * PRODID, VERSION, CALSCALE, METHOD:PUBLISH; the calendar's name for the subscriber's list
 * (X-WR-CALNAME, which Google and Outlook read, and RFC 7986's NAME); how often to refresh
 * (RFC 7986 REFRESH-INTERVAL and Outlook's X-PUBLISHED-TTL: Google refreshes on its own schedule,
 * every few hours, whatever the feed says); one VTIMEZONE per zone the events use, then one VEVENT
 * per date. Pure: the clock's now comes in.
 */
import { contentLine, joinLines, raw, text } from "./content-lines.ts";
import { eventLines, type CalendarDate } from "./event.ts";
import { vtimezoneLines } from "./time-zones.ts";
import { courtTimeZone } from "../../../court/court-zones.ts";

export const PRODID = "-//docketbot//Court dates from the docket//EN";

export interface CalendarInput {
  /** What the subscriber's calendar list shows: `Court dates — ACME-001`. */
  name: string;
  /** One line for X-WR-CALDESC. */
  description: string;
  /** UID scope (event.ts eventUid): the matter, or "case". */
  scope: string;
  dates: readonly CalendarDate[];
  now: number;
  siteUrl?: string | undefined;
  /** How often a subscriber should fetch again, minutes (default 60). */
  refreshMinutes?: number | undefined;
}

/** The calendar's head: its properties and one VTIMEZONE per zone its events use. */
function headLines(c: CalendarInput): string[] {
  const refresh = raw(`PT${Math.max(15, Math.trunc(c.refreshMinutes ?? 60))}M`);
  const lines = [
    "BEGIN:VCALENDAR",
    contentLine("PRODID", text(PRODID)),
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    contentLine("X-WR-CALNAME", text(c.name)),
    contentLine("NAME", text(c.name)),
    contentLine("X-WR-CALDESC", text(c.description)),
    contentLine("REFRESH-INTERVAL", refresh, { VALUE: "DURATION" }),
    contentLine("X-PUBLISHED-TTL", refresh),
  ];
  const zones = new Set<string>();
  for (const d of c.dates) {
    const zone = d.time && d.kind !== "deadline" ? courtTimeZone(d.court) : undefined;
    if (zone) zones.add(zone);
  }
  for (const zone of [...zones].sort()) lines.push(...vtimezoneLines(zone));
  return lines;
}

export function renderCalendar(c: CalendarInput): string {
  const lines = headLines(c);
  for (const d of c.dates) lines.push(...eventLines(d, { scope: c.scope, now: c.now, siteUrl: c.siteUrl }));
  lines.push("END:VCALENDAR");
  return joinLines(lines);
}

/** Events rendered between two yields of renderCalendarInSlices (a slice takes a few milliseconds). */
export const RENDER_SLICE = 25;

/**
 * The same text as renderCalendar, rendered RENDER_SLICE events at a time with a yield to the event
 * loop between slices (issue 22 item 12): a big feed never holds the process for its whole render,
 * so slash commands are acknowledged meanwhile.
 */
export async function renderCalendarInSlices(c: CalendarInput, yieldNow: () => Promise<void> = () => new Promise((r) => setImmediate(r))): Promise<string> {
  const parts = [joinLines(headLines(c))];
  for (let start = 0; start < c.dates.length; start += RENDER_SLICE) {
    if (start > 0) await yieldNow();
    const lines: string[] = [];
    for (const d of c.dates.slice(start, start + RENDER_SLICE)) lines.push(...eventLines(d, { scope: c.scope, now: c.now, siteUrl: c.siteUrl }));
    parts.push(joinLines(lines));
  }
  parts.push(joinLines(["END:VCALENDAR"]));
  return parts.join("");
}
