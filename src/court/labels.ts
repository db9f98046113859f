/**
 * How courts and their dates read to a person: dates as the court writes them, court long names and
 * citations, and which courts bill like PACER. Pure; inputs are untrusted service strings, outputs
 * are plain text (escape before mrkdwn use).
 */
import { courtByCode, courtByName } from "./courts.ts";
import { parseServiceDate } from "./dates.ts";

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
