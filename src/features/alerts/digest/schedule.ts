/**
 * When a channel's digests are due (issue 12, item 6): daily at `dailyAt` and/or weekly on
 * `weeklyOn` at `dailyAt ?? "09:00"`, in the channel's IANA `timeZone`. Pure: times in, times out;
 * the zone's rules come from Intl (the ICU data Node ships), so DST needs no table of ours.
 *
 * Local wall times that do not exist (the hour skipped when clocks go forward) run at the same
 * distance past the jump (02:30 on a spring-forward night is 03:30), so the digest still runs that
 * day; a wall time that happens twice (clocks going back) runs at its first occurrence, once.
 */
import type { AlertSettings, DigestPeriod } from "../../../store/store.ts";

/** The weekly digest's time when the channel chose no daily time. */
export const DEFAULT_WEEKLY_AT = "09:00";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type DigestSchedule = Pick<AlertSettings, "dailyAt" | "weeklyOn" | "timeZone">;

/** The periods a channel has configured, daily first. */
export function digestPeriods(s: DigestSchedule): DigestPeriod[] {
  return [...(s.dailyAt !== undefined ? (["daily"] as const) : []), ...(s.weeklyOn !== undefined ? (["weekly"] as const) : [])];
}

interface LocalDate {
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

function localDateOf(ms: number, timeZone: string): LocalDate {
  const d = new Date(wallAsUtc(ms, timeZone));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

const weekday = (date: LocalDate): number => new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay();

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

function slotAt(s: DigestSchedule, period: DigestPeriod, date: LocalDate): number {
  const at = period === "daily" ? s.dailyAt! : (s.dailyAt ?? DEFAULT_WEEKLY_AT);
  return localTimeToUtc(date, at, s.timeZone);
}

function configured(s: DigestSchedule, period: DigestPeriod): boolean {
  return period === "daily" ? s.dailyAt !== undefined : s.weeklyOn !== undefined;
}

/** The latest due time of `period` at or before `now`; undefined when the period is not configured. */
export function previousDue(s: DigestSchedule, period: DigestPeriod, now: number): number | undefined {
  if (!configured(s, period)) return undefined;
  let date = localDateOf(now, s.timeZone);
  if (period === "weekly") date = addDays(date, -((weekday(date) - s.weeklyOn! + 7) % 7));
  const step = period === "daily" ? 1 : 7;
  // A slot of today may still be ahead (or, across a DST jump, a day's slot may sit either side).
  for (let i = 0; i < 3; i++) {
    const t = slotAt(s, period, date);
    if (t <= now) return t;
    date = addDays(date, -step);
  }
  return now - (period === "daily" ? DAY : 7 * DAY); // unreachable for real zones
}

/** The earliest due time of `period` strictly after `after`; undefined when not configured. */
export function nextDue(s: DigestSchedule, period: DigestPeriod, after: number): number | undefined {
  if (!configured(s, period)) return undefined;
  let date = localDateOf(after, s.timeZone);
  if (period === "weekly") date = addDays(date, (s.weeklyOn! - weekday(date) + 7) % 7);
  const step = period === "daily" ? 1 : 7;
  for (let i = 0; i < 3; i++) {
    const t = slotAt(s, period, date);
    if (t > after) return t;
    date = addDays(date, step);
  }
  return after + (period === "daily" ? DAY : 7 * DAY); // unreachable for real zones
}
