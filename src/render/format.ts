/**
 * Small display helpers shared by renderers: dates as the court writes them, counts, court labels.
 * Pure; inputs are untrusted service strings, outputs are plain text (escape before mrkdwn use).
 */
import { courtByCode, courtByName } from "../docket/courts.ts";
import { parseServiceDate } from "../docket/dates.ts";

/**
 * `3/4/2026` (message-style.md, Words and marks: dates as the court writes them, unpadded) from
 * any date the service sends; an unreadable date is returned trimmed and short, a blank one as
 * undefined.
 */
export function courtDate(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  const d = parseServiceDate(s);
  if (d) return `${d.month}/${d.day}/${d.year}`;
  const t = s.replace(/\s+/g, " ").trim();
  return t === "" ? undefined : t.slice(0, 24);
}

/** `5,000`. */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** `1 entry`, `3 entries`. */
export function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** The service's long name for a long name or a PACER code (`nysd`); otherwise as given. */
export function courtLongName(court: string): string {
  return courtByName(court)?.name ?? courtByCode(court)?.name ?? court;
}

/** The citation form (`S.D.N.Y.`) for a long name or a code; other courts (state) as given. */
export function courtLabel(court: string): string {
  return courtByName(court)?.citation ?? courtByCode(court)?.citation ?? court.replace(/\s+/g, " ").trim();
}

/** Courts whose records come from PACER, where live pulls bill per page. */
export function isPacerCourt(court: string): boolean {
  const c = courtByName(court) ?? courtByCode(court);
  if (!c) return false;
  return ["district", "bankruptcy", "appellate", "bap"].includes(c.kind) || ["cit", "uscfc", "jpml"].includes(c.code);
}
