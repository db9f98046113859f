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
import { addDays, localDateOf, localTimeToUtc, type LocalDate } from "../../../schedules/local-time.ts";

/** The weekly digest's time when the channel chose no daily time. */
export const DEFAULT_WEEKLY_AT = "09:00";
const DAY = 24 * 3_600_000;

const weekday = (date: LocalDate): number => new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay();

export type DigestSchedule = Pick<AlertSettings, "dailyAt" | "weeklyOn" | "timeZone">;

/** The periods a channel has configured, daily first. */
export function digestPeriods(s: DigestSchedule): DigestPeriod[] {
  return [...(s.dailyAt !== undefined ? (["daily"] as const) : []), ...(s.weeklyOn !== undefined ? (["weekly"] as const) : [])];
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
