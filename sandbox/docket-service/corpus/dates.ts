/**
 * Calendar helpers for the corpus. All arithmetic is in UTC days so the corpus does not depend on the
 * machine's time zone. The service writes dates unpadded, `M/D/YYYY` (observed-facts.md, Responses);
 * entry texts carry the padded `MM/DD/YYYY` form PACER prints ("entered 01/08/2007.").
 */

export const DAY_MS = 86_400_000;

/** Midnight UTC of the day containing `ms`. */
export function startOfDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function addDays(ms: number, days: number): number {
  return ms + days * DAY_MS;
}

/** Move Saturday and Sunday forward to Monday: courts docket on business days. */
export function toWeekday(ms: number): number {
  const day = new Date(ms).getUTCDay();
  if (day === 6) return addDays(ms, 2);
  if (day === 0) return addDays(ms, 1);
  return ms;
}

/** Move Saturday and Sunday back to Friday. */
export function toPrevWeekday(ms: number): number {
  const day = new Date(ms).getUTCDay();
  if (day === 6) return addDays(ms, -1);
  if (day === 0) return addDays(ms, -2);
  return ms;
}

/** `M/D/YYYY`, unpadded. */
export function fmtDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
}

/** `MM/DD/YYYY`, as in PACER's "(Entered: 01/08/2007)". */
export function fmtPadded(ms: number): string {
  const d = new Date(ms);
  const mm = String(d.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(d.getUTCDate()).padStart(2, "0");
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}

/** `YYYY-MM-DD`: the searchpacer/ date form (docket-data-service.md, Conventions 5). */
export function fmtIso(ms: number): string {
  return new Date(startOfDay(ms)).toISOString().slice(0, 10);
}

/** `DDMMYYYY`, used in state-court document names (`28082014_OTHER_0`). */
export function fmtCompact(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, "0")}${String(d.getUTCMonth() + 1).padStart(2, "0")}${d.getUTCFullYear()}`;
}

/** A long form for prose: "March 3, 2026". */
export function fmtLong(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;

/**
 * Parse `M/D/YYYY` or `YYYY-MM-DD` (with an optional time part) to midnight UTC; NaN when the text
 * is neither.
 */
export function parseDate(text: string | null | undefined): number {
  if (!text) return Number.NaN;
  const us = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text);
  if (us) return Date.UTC(Number(us[3]), Number(us[1]) - 1, Number(us[2]));
  const iso = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  return Number.NaN;
}

/** Two-digit year of a date, for docket numbers (`1:24-cv-…`). */
export function yy(ms: number): string {
  return String(new Date(ms).getUTCFullYear() % 100).padStart(2, "0");
}

export function year(ms: number): number {
  return new Date(ms).getUTCFullYear();
}
