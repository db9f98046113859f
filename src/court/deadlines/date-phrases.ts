/**
 * Calendar dates and times as docket entry text writes them (issue 16, item 1): `12/8/2026`,
 * `02/10/2010`, `1/11/11`, `December 8, 2026`, `Dec. 8, 2026`, `Sept. 28, 2012`, followed perhaps
 * by a time (`10:00 AM`, `at 9:00 a.m.`, `02:00 PM`, `at noon`). Old dockets also put the time
 * first (`Calendar Call for 9:31 3/1/04`, `scheduled For 10:30 10/10/95`): ./triggers.ts reads that
 * form, since only there does a bare `10:30` before a date mean a time.
 *
 * Impossible days (`2/30/2024`, `0/0/0000`) are not dates: validity is src/court/dates.ts's.
 */
import { parseServiceDate, toPacerDate } from "../dates.ts";

/** One date found in text: where it is and what it says. */
export interface DatePhrase {
  /** Offset of the date's first character. */
  start: number;
  /** Offset just past the date, or past its time when one follows. */
  end: number;
  /** ISO `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`, 24-hour, when a time follows the date. */
  time?: string;
  /** Written without a year ("the 8/11 ptc", "on or before April 18"): the year is the reader's. */
  yearless?: true;
}

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};

// M/D/YYYY or M/D/YY, not part of a longer number or path (`10CR4615`, `1/2/3/4`).
const NUMERIC = /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d/])/g;
// "December 8, 2026", "Dec. 8, 2026", "Sept. 28 2012", "March 5th, 2024".
const NAMED =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s{1,3}(\d{1,2})(?:st|nd|rd|th)?,?\s{1,3}(\d{4})\b/gi;

// "8/11", "April 18", "Sept. 3rd" with no year after: not inside a longer number, path or fraction
// run ("1/2/3"), not a year-ful date (those match above), not "24/7".
const NUMERIC_NO_YEAR = /(?<![\d/.$-])(\d{1,2})\/(\d{1,2})(?![\d/]|\.\d|\s*(?:share|interest|of|percent|%))/g;
const NAMED_NO_YEAR =
  /\b(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s{1,3}(\d{1,2})(?:st|nd|rd|th)?\b(?!,?\s{0,3}\d|\s*[-/:]\s*\d)/gi;

/**
 * The year of a date written without one, read from the entry's own date (issue 23, item 4): the
 * next such day on or after the entry's date, so within a year of it. A court sets dates ahead;
 * "the 1/6 conference" in an entry of 12/20/2024 is 1/6/2025.
 */
function nextOnOrAfter(reference: string, month: number, day: number): string | undefined {
  const year = Number(reference.slice(0, 4));
  for (const y of [year, year + 1]) {
    const d = iso(y, month, day);
    if (d && d >= reference) return d;
  }
  return undefined;
}

/** A time at the start of `s`: `10:00 AM`, `, at 9:00 a.m.`, `at 2 p.m.`, `@ 10:30`, `at noon`. */
const TIME_AFTER =
  /^\s{0,3}[,-]?\s{0,3}(?:(?:will be held\s+)?at\s+|@\s*)?(?:(noon)\b|(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s?(a\.?\s?m\b\.?|p\.?\s?m\b\.?)|(\d{1,2}):(\d{2})(?::\d{2})?\b(?!\/)|(?<=@\s*)(\d{1,2})(\d{2})\s?([ap]m))/i;

/** Four-digit year from a two-digit one the way dockets of 1995-2030 mean it. */
function fullYear(y: string): number {
  const n = Number(y);
  if (y.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

function iso(year: number, month: number, day: number): string | undefined {
  // Dockets speak of 20th- and 21st-century days; a year outside that is a number, not a date.
  if (year < 1950 || year > 2100) return undefined;
  const d = parseServiceDate(`${month}/${day}/${year}`);
  return d ? toPacerDate(d) : undefined;
}

/** Dates without a year, where no year-ful date already stands. */
function yearless(text: string, reference: string, known: readonly DatePhrase[]): DatePhrase[] {
  const out: DatePhrase[] = [];
  const taken = (at: number) => known.some((k) => at >= k.start && at < k.end);
  for (const [re, read] of [
    [NUMERIC_NO_YEAR, (m: RegExpMatchArray) => [Number(m[1]), Number(m[2])]],
    [NAMED_NO_YEAR, (m: RegExpMatchArray) => [monthOf(m[1]!) ?? 0, Number(m[2])]],
  ] as const) {
    for (const m of text.matchAll(re)) {
      if (taken(m.index!)) continue;
      const [month, day] = read(m);
      const date = month && day ? nextOnOrAfter(reference, month, day) : undefined;
      if (date) out.push({ start: m.index!, end: m.index! + m[0].length, date, yearless: true });
    }
  }
  return out;
}

/** `HH:MM` from hour, minute and meridiem; undefined when out of range. */
export function clock(hour: number, minute: number, meridiem: string | undefined): string | undefined {
  let h = hour;
  if (minute > 59) return undefined;
  if (meridiem) {
    if (h < 1 || h > 12) return undefined;
    const pm = /^p/i.test(meridiem);
    if (pm && h < 12) h += 12;
    if (!pm && h === 12) h = 0;
  } else if (h > 23) return undefined;
  return `${String(h).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** The time that opens `s`, and how many characters it takes. */
export function readTimeAfter(s: string): { time: string; length: number } | undefined {
  const m = TIME_AFTER.exec(s.slice(0, 40));
  if (!m) return undefined;
  // "@900am" (old minute entries) is 9:00 a.m.
  const time = m[1]
    ? "12:00"
    : m[2] !== undefined
      ? clock(Number(m[2]), Number(m[3] ?? "0"), m[4])
      : m[5] !== undefined
        ? clock(Number(m[5]), Number(m[6]), undefined)
        : clock(Number(m[7]), Number(m[8]), m[9]);
  return time ? { time, length: m[0].length } : undefined;
}

const monthOf = (name: string) => MONTHS[name.toLowerCase().slice(0, name.toLowerCase().startsWith("sept") ? 4 : 3)];

/**
 * Every valid date in `text`, in order of position, each with the time that follows it, if any.
 * With `reference` (the entry's ISO date), dates written without a year are read too.
 */
export function findDates(text: string, reference?: string): DatePhrase[] {
  const found: DatePhrase[] = [];
  for (const m of text.matchAll(NUMERIC)) {
    const date = iso(fullYear(m[3]!), Number(m[1]), Number(m[2]));
    if (date) found.push({ start: m.index, end: m.index + m[0].length, date });
  }
  for (const m of text.matchAll(NAMED)) {
    const month = monthOf(m[1]!);
    const date = month ? iso(Number(m[3]), month, Number(m[2])) : undefined;
    if (date) found.push({ start: m.index, end: m.index + m[0].length, date });
  }
  if (reference && /^\d{4}-\d{2}-\d{2}$/.test(reference)) found.push(...yearless(text, reference, found));
  found.sort((a, b) => a.start - b.start);
  for (const d of found) {
    const t = readTimeAfter(text.slice(d.end, d.end + 40));
    if (t) {
      d.time = t.time;
      d.end += t.length;
    }
  }
  return found;
}
