/**
 * Calendar days as ISO `YYYY-MM-DD` strings, the form court dates take everywhere in the kernel
 * (../deadlines/court-date.ts). Arithmetic runs on UTC midnights, so no host zone or DST change
 * can move a day: a court's day is a label, not an instant (FRCP 6(a) counts days, not hours).
 */

export type IsoDay = string;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function utcMs(day: IsoDay): number {
  const m = ISO.exec(day);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || Number.isNaN(ms) || new Date(ms).getUTCDate() !== Number(m[3])) {
    throw new RangeError(`not an ISO calendar day: ${JSON.stringify(day)}`);
  }
  return ms;
}

function fromMs(ms: number): IsoDay {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real `YYYY-MM-DD` day (`2024-02-30` is not). */
export function isIsoDay(s: unknown): s is IsoDay {
  if (typeof s !== "string") return false;
  try {
    utcMs(s);
    return true;
  } catch {
    return false;
  }
}

export function addDays(day: IsoDay, n: number): IsoDay {
  return fromMs(utcMs(day) + n * DAY_MS);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(day: IsoDay): number {
  return new Date(utcMs(day)).getUTCDay();
}

export function isWeekend(day: IsoDay): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** Whole days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return Math.round((utcMs(b) - utcMs(a)) / DAY_MS);
}

export function yearOf(day: IsoDay): number {
  return Number(day.slice(0, 4));
}
