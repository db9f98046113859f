/**
 * What the words right around a date say about it (issue 16, item 1), apart from the phrase that
 * introduces it (./triggers.ts):
 * - after it: whether the date is only the one being replaced ("Hearing set for 7/29/2011 is
 *   continued to 8/12/2011") or is cancelled ("set for 5/1 is VACATED", "scheduled for 6/7 was
 *   not held", "adjourned sine die");
 * - before it: a time written first, as old dockets do ("Calendar Call for 9:31 3/1/04",
 *   "scheduled For 2:30 3/20/97", "due by noon: April 26, 2010").
 */
import { clock } from "./date-phrases.ts";

/** none: nothing said; replaced: an older date being moved; cancelled / cancelled-all: this
 * date (and, for "X and Y are vacated", the other dates of its sentence) no longer stands. */
export type After = "none" | "replaced" | "cancelled" | "cancelled-all";

const MOVE = "reset|re-set|rescheduled|re-scheduled|continued|adjourned|moved|postponed|advanced|changed|extended";
const BE = "(?:is|are|has been|have been|shall be|be|will be|was|were|is hereby|are hereby|hereby|now)";
const CANCEL = "vacated|cancell?ed|stricken|terminated|withdrawn|taken off calendar";

// The verb must speak of this date: "X set for D is continued to", "X set for D in Courtroom 10
// before Judge Y is VACATED", "X scheduled for D, be vacated and rescheduled to".
const AFTER_VERB = new RegExp(
  `^\\s*[,)]?\\s*(?:(?:at|in|before)\\s[^.;]{0,80}?\\s)?(?:(${BE})\\s+|(?=(?:${MOVE}|vacated|cancell?ed)\\s+(?:to|and|sine|without)\\b))` +
    `(${CANCEL}|${MOVE})\\b([^.;]{0,60})`,
  "i",
);
const NO_NEW_DATE = /^\s*(?:sine die|without date|indefinitely|generally|until further)/i;
const THEN_MOVED = /^[\s,]*and\b[^.;]{0,30}?\b(?:re-?set|reschedul|continu|moved|adjourn)/i;

/** What the text right after a date (and its time) says of it. */
export function readAfter(after: string): After {
  const shouted = /^\s*[-–,]?\s*(?:is\s+)?(?:VACATED|CANCELL?ED|STRICKEN)\b([^.;]{0,40})/.exec(after);
  if (shouted) return THEN_MOVED.test(shouted[1]!) ? "replaced" : "cancelled";
  if (/^\s*,?\s*(?:was|were|will)\s+not\s+(?:be\s+)?held\b/i.test(after)) return "cancelled";
  const m = AFTER_VERB.exec(after.slice(0, 200));
  if (!m) return "none";
  const verb = m[2]!.toLowerCase();
  if (new RegExp(`^(?:${CANCEL})$`).test(verb)) {
    if (THEN_MOVED.test(m[3]!)) return "replaced";
    return /^(?:are|were|have been)\b/i.test(m[1] ?? "") ? "cancelled-all" : "cancelled";
  }
  if ((verb === "adjourned" || verb === "continued") && NO_NEW_DATE.test(m[3]!)) return "cancelled";
  return "replaced";
}

const WEEKDAY = /\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s*$/i;

/**
 * A time written just before a date: "for 9:31", "at 10:00 a.m. on", "by noon:". Without a
 * meridiem, 1:00 to 6:59 is afternoon: courts do not sit at 3 in the morning.
 */
export function timeBefore(left: string): { clause: string; time: string } | undefined {
  const l = left.replace(WEEKDAY, "");
  const noon = /\bnoon:?\s*(?:on\s+)?$/i.exec(l);
  if (noon) return { clause: l.slice(0, noon.index), time: "12:00" };
  const m = /\b(?:for|at|to|@)\s+(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap]\.?\s?m\b\.?)?,?\s*(?:on\s+)?$/i.exec(l);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  let hour = Number(m[1]);
  if (m[3] === undefined && hour >= 1 && hour <= 6) hour += 12;
  const time = clock(hour, Number(m[2] ?? "0"), m[3]);
  if (!time) return undefined;
  return { clause: l.slice(0, m.index + m[0].indexOf(m[1]!)), time };
}
