/**
 * Wall-clock times in a channel's IANA zone (digests, court-date reminders): which instant a
 * local time is, and which local day an instant falls on. Pure; the zone's rules come from Intl
 * (the ICU data Node ships), so DST needs no table of ours. A local time that does not exist (the
 * hour skipped when clocks go forward) is the same distance past the jump (02:30 on a
 * spring-forward night is 03:30); one that happens twice (clocks going back) is its first.
 */
const HOUR = 3_600_000;

export interface LocalDate {
  y: number;
  m: number; // 1-12
  d: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `ms`, as if it were UTC (ms precision dropped to seconds). */
function wallAsUtc(ms: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
}

/** The zone's offset from UTC at `ms` (local = utc + offset). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc(whole, timeZone) - whole;
}

export function localDateOf(ms: number, timeZone: string): LocalDate {
  const d = new Date(wallAsUtc(ms, timeZone));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

function parseHhMm(hhmm: string): { h: number; min: number } {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  const h = m ? Number(m[1]) : NaN;
  const min = m ? Number(m[2]) : NaN;
  if (!(h >= 0 && h <= 23 && min >= 0 && min <= 59)) throw new RangeError(`not a HH:MM time: ${JSON.stringify(hhmm)}`);
  return { h, min };
}

/** The instant the wall clock in `timeZone` shows `date` at `hhmm` (see the header for DST). */
export function localTimeToUtc(date: LocalDate, hhmm: string, timeZone: string): number {
  const { h, min } = parseHhMm(hhmm);
  const wall = Date.UTC(date.y, date.m - 1, date.d, h, min);
  // The offsets in force half a day either side cover any one transition that day.
  const before = offsetAt(wall - 12 * HOUR, timeZone);
  const after = offsetAt(wall + 12 * HOUR, timeZone);
  const fits = [wall - before, wall - after].filter((t) => wallAsUtc(t, timeZone) === wall);
  if (fits.length > 0) return Math.min(...fits);
  return wall - before; // in the gap: the same distance past the jump
}
