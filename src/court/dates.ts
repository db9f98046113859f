/**
 * Dates as the Docket Data Service writes and reads them. Pure functions on calendar components:
 * no `Date` parsing of service strings, so no host time zone can shift a filing by a day.
 *
 * Formats (spec: Conventions 5; observed-facts.md, Responses):
 * - responses: `mm/dd/yyyy`, in practice unpadded `M/D/YYYY` (`1/5/2007`);
 * - requests: `MM/DD/YYYY`, except `searchpacer/`, whose own parameters are `YYYY-MM-DD`;
 * - elsewhere ISO dates (`2015-05-14`) and datetimes (`2016-12-21T00:00:00`,
 *   `datetime_updated` is ISO 8601) appear.
 */

/** A calendar day; `month` and `day` are 1-based. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

// M/D/YYYY or MM/DD/YYYY, optionally followed by a time (`1/5/2007 10:30 AM`).
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AP]M)?)?$/i;
// YYYY-MM-DD, optionally followed by `T` or a space and a time with any zone designator.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function valid(year: number, month: number, day: number): CalendarDate | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/**
 * Reads `M/D/YYYY`, `MM/DD/YYYY`, `YYYY-MM-DD` or an ISO datetime; undefined for anything else,
 * including impossible days (`2/30/2024`). A datetime yields the calendar date as written: the
 * service's zone is not stated, so `2024-01-05T23:00:00-05:00` is the 5th, not converted to UTC.
 */
export function parseServiceDate(s: string | null | undefined): CalendarDate | undefined {
  if (typeof s !== "string") return undefined;
  const t = s.trim();
  const us = US_DATE.exec(t);
  if (us) return valid(Number(us[3]), Number(us[1]), Number(us[2]));
  const iso = ISO_DATE.exec(t);
  if (iso) return valid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return undefined;
}

function components(date: CalendarDate | Date): CalendarDate {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) throw new RangeError("invalid Date");
    // UTC components: a Date is an instant; callers meaning a local day pass a CalendarDate.
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  }
  const ok = Number.isInteger(date.year) && Number.isInteger(date.month) && Number.isInteger(date.day);
  const checked = ok ? valid(date.year, date.month, date.day) : undefined;
  if (!checked || date.year > 9999) throw new RangeError(`invalid calendar date ${JSON.stringify(date)}`);
  return checked;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** `MM/DD/YYYY`, the format dates are submitted in (spec: Conventions 5). Throws on an invalid date. */
export function toServiceDate(date: CalendarDate | Date): string {
  const { year, month, day } = components(date);
  return `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;
}

/** `YYYY-MM-DD`, searchpacer/'s own date format (spec: Conventions 5). Throws on an invalid date. */
export function toPacerDate(date: CalendarDate | Date): string {
  const { year, month, day } = components(date);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

type DateInput = string | CalendarDate | null | undefined;

/**
 * Orders two dates in any accepted format (-1, 0, 1; usable with Array.prototype.sort). A missing
 * or unreadable date sorts before every real date (as the oldest), and two of them compare equal,
 * so a sort stays stable around entries without a date.
 */
export function compareServiceDates(a: DateInput, b: DateInput): -1 | 0 | 1 {
  const x = typeof a === "string" || a == null ? parseServiceDate(a) : a;
  const y = typeof b === "string" || b == null ? parseServiceDate(b) : b;
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  const d = x.year - y.year || x.month - y.month || x.day - y.day;
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}
