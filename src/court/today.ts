/**
 * What "today" and "in N days" mean (issue 23, item 5a), decided once. A court's date is a day in
 * the court's zone (court-zones.ts; deadlines/court-date.ts stores it as such, never converted).
 * "Today" is the reader's: the day the reader's or the channel's stated zone shows at the instant
 * asked about. "Due in 2 days" compares the two as calendar days, so a Pacific reader at 10 p.m.
 * on the 4th and an Eastern one at 1 a.m. on the 5th see a deadline of the 6th as "in 2 days" and
 * "tomorrow": each is right for where they stand. Pure: the zone and the instant are arguments.
 */
import { courtTimeZone } from "./court-zones.ts";
import { addDays, daysBetween, type IsoDay } from "./rules/iso-day.ts";
import { dayInZone, endOfDayInZone } from "./zoned-day.ts";

/** The reader's day at `now` in their stated zone (a user's Slack `tz`, a channel's setting). */
export function todayIn(readerZone: string, now: Date | number): IsoDay {
  return dayInZone(now, readerZone);
}

/** The reader's day N days from today (negative for days past). */
export function inDays(n: number, readerZone: string, now: Date | number): IsoDay {
  return addDays(todayIn(readerZone, now), n);
}

/** Calendar days from the reader's today to a court day: 0 today, 1 tomorrow, -1 yesterday. */
export function daysUntil(courtDay: IsoDay, readerZone: string, now: Date | number): number {
  return daysBetween(todayIn(readerZone, now), courtDay);
}

/** "today", "tomorrow", "in 5 days", "yesterday", "3 days ago": the one wording of daysUntil. */
export function relativeDay(courtDay: IsoDay, readerZone: string, now: Date | number): string {
  const n = daysUntil(courtDay, readerZone, now);
  if (n === 0) return "today";
  if (n === 1) return "tomorrow";
  if (n === -1) return "yesterday";
  return n > 1 ? `in ${n} days` : `${-n} days ago`;
}

/** The court's own day at `now` (what its clerk would stamp); undefined for a court without a zone. */
export function courtToday(court: string, now: Date | number): IsoDay | undefined {
  const zone = courtTimeZone(court);
  return zone ? dayInZone(now, zone) : undefined;
}

/**
 * Whether a court day has wholly passed at `now`: its last moment is midnight in the court's zone
 * (FRCP 6(a)(4)(A)), not the reader's. A court without a known zone falls back to the reader's.
 */
export function courtDayOver(courtDay: IsoDay, court: string, readerZone: string, now: Date | number): boolean {
  const ms = typeof now === "number" ? now : now.getTime();
  return ms >= endOfDayInZone(courtDay, courtTimeZone(court) ?? readerZone);
}
