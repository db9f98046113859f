/**
 * Wall-clock times in a channel's IANA zone (digests, court-date reminders): which instant a
 * local time is, and which local day an instant falls on. Pure; the zone's rules come from Intl
 * (the ICU data Node ships), so DST needs no table of ours. A local time that does not exist (the
 * hour skipped when clocks go forward) is the same distance past the jump (02:30 on a
 * spring-forward night is 03:30); one that happens twice (clocks going back) is its first.
 */
import { wallClockAsUtc, zoneOffsetAt } from "../court/zoned-day.ts";

const HOUR = 3_600_000;

export interface LocalDate {
  y: number;
  m: number; // 1-12
  d: number;
}

export function localDateOf(ms: number, timeZone: string): LocalDate {
  const d = new Date(wallClockAsUtc(ms, timeZone));
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
  const before = zoneOffsetAt(wall - 12 * HOUR, timeZone);
  const after = zoneOffsetAt(wall + 12 * HOUR, timeZone);
  const fits = [wall - before, wall - after].filter((t) => wallClockAsUtc(t, timeZone) === wall);
  if (fits.length > 0) return Math.min(...fits);
  return wall - before; // in the gap: the same distance past the jump
}
