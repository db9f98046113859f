/**
 * Calendar days for court dates (issue 16): today in a channel's zone, and day arithmetic on ISO
 * dates. Pure; the zone's rules come from Intl.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** ISO `YYYY-MM-DD` of the instant `ms` on the wall calendar of `timeZone`. */
export function isoDayIn(ms: number, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(ms)) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day}`;
}

/** `iso` plus `n` days (negative goes back). */
export function addDays(iso: string, n: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function localDate(iso: string): { y: number; m: number; d: number } {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return { y, m, d };
}
