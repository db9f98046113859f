/**
 * Calendar days in an IANA zone, both ways: which day an instant falls on there, and the instant a
 * day begins there. Pure; the zone rules are Intl's (the ICU data Node ships), so daylight saving
 * needs no table of ours. A court's date is a day in the court's zone (court-zones.ts); FRCP
 * 6(a)(4)(A): for electronic filing the last day ends "at midnight in the court's time zone".
 * schedules/local-time.ts builds channel wall clocks on the same reading (wallClockAsUtc).
 */
import { addDays, type IsoDay } from "./rules/iso-day.ts";

/**
 * One formatter per zone, kept: making an Intl.DateTimeFormat costs ~40 µs (ICU loads the zone's
 * rules), and the rules engine asks for a day's end once per computed deadline, so a long docket
 * (a 100,000-entry push) spent most of its planning building formatters. A formatter is immutable
 * and the set of zones is the courts' few, so the memo is bounded and cannot go stale.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
    });
    // An unknown zone throws above, so only real zones are kept; cap them all the same.
    if (formatters.size < 64) formatters.set(timeZone, f);
  }
  return f;
}

function parts(ms: number, timeZone: string): Record<string, number> {
  const f = formatterFor(timeZone);
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(ms)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return p;
}

/** The wall clock in `timeZone` at `ms`, as if it were UTC (ms precision dropped to seconds). */
export function wallClockAsUtc(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
}

/** The zone's offset from UTC at `ms`, in ms (local wall clock = utc + offset). */
export function zoneOffsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockAsUtc(whole, timeZone) - whole;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day `instant` falls on in `timeZone`. Throws RangeError on an unknown zone. */
export function dayInZone(instant: Date | number, timeZone: string): IsoDay {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  const p = parts(ms, timeZone);
  return `${String(p.year).padStart(4, "0")}-${pad(p.month!)}-${pad(p.day!)}`;
}

/** The instant `day` begins (00:00 on the wall clock) in `timeZone`, in ms since the epoch. */
export function startOfDayInZone(day: IsoDay, timeZone: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(wall)) throw new RangeError(`not an ISO calendar day: ${JSON.stringify(day)}`);
  // Two passes settle the offset across a DST change; a midnight that does not exist (zones that
  // spring forward at 00:00) resolves to the first instant of that day.
  let guess = wall - zoneOffsetAt(wall, timeZone);
  guess = wall - zoneOffsetAt(guess, timeZone);
  return dayInZone(guess, timeZone) === day ? guess : guess + 3_600_000;
}

/** The instant `day` ends in `timeZone`: midnight, which is the next day's start (6(a)(4)(A)). */
export function endOfDayInZone(day: IsoDay, timeZone: string): number {
  return startOfDayInZone(addDays(day, 1), timeZone);
}
