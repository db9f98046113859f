/**
 * How the words around a date say what it is (issue 16, item 1). A date is a court date only when
 * a phrase the docket uses for setting one leads up to it: "X due by DATE", "X set for DATE",
 * "X is reset to DATE", "X to be held on DATE", "Last Day to File X DATE". Every other date (filed
 * on, entered, signed on, held on, served on, dated) reads as nothing: precision matters more than
 * recall, since a wrong date on a team's calendar costs more than a missing one they can read
 * themselves from the entry.
 *
 * The words after a date matter too: "Hearing set for 7/29/2011 is continued to 8/12/2011" names
 * 7/29 only as the date being replaced, and "hearing set for 5/1 is VACATED" cancels it.
 */

/** How a date is introduced. */
export type TriggerForm = "due" | "deadline" | "set" | "held" | "verb-for" | "event-on";

export interface Trigger {
  form: TriggerForm;
  /** The words naming what the date is for (may be empty after "is continued to"). */
  purpose: string;
  /** "reset", "continued", "adjourned": the date replaces an earlier one. */
  moves: boolean;
  /** A cancelling verb precedes the purpose ("ORDER vacating Status Conference set for"). */
  cancelsBefore: boolean;
  confidence: number;
}

/** What the words after a date say of it. */
export type After = "none" | "replaced" | "cancelled";

const MOVE_VERBS = "reset|re-set|rescheduled|re-scheduled|continued|adjourned|moved|postponed|advanced|changed|extended";
const SET_VERBS = `set|scheduled|${MOVE_VERBS}`;
const BE = "(?:is|are|has been|have been|shall be|be|will be|was|were|is hereby|are hereby|hereby|now)";

const DUE = /^(.*?)\bdue(?:\s+date)?\s*(?:by|on|no later than|on or before|to\s+[A-Z][\w/ .-]{0,40}?|is|:)?\s*:?$/i;
const DEADLINE = /^(.*?\b(?:deadline|last day|last date|bar date)\b[^]{0,60}?)\s*(?:is|set for|reset for|extended to|for|to|:)?\s*:?$/i;
const SET = new RegExp(`^(.*?)\\s*\\b(?:${BE}\\s+)?(${SET_VERBS})(?:\\s+(?:for|to|until|till|on))?\\s*:?$`, "i");
const HELD =
  /^(.*?)\s*\b(?:to be held|will be held|shall be held|is to be held|will take place|shall take place|will be heard|to be heard|shall commence|will commence)(?:\s+(?:on|at))?\s*$/i;
const VERB_FOR =
  /\b(set|sets|setting|reset|resets|resetting|schedul\w*|reschedul\w*|continu\w*)\s+(?:a\s+|an\s+|the\s+)?(.{2,60}?)\s+(?:for|to|on)\s*$/i;
const EVENT_ON =
  /^(.*\b(?:hearing|conference|trial|argument|sentencing|arraignment|mediation))\s*(?:on|:|-|–)?\s*$/i;
const CANCEL_VERB = /\b(?:vacat(?:e|es|ed|ing)|cancel(?:s|led|ed|ling|ing)?|strik(?:e|es|ing)|terminat(?:e|es|ed|ing))\b/i;

/** Reads the clause that leads up to a date (already cut at sentence and clause breaks). */
export function readTrigger(clause: string): Trigger | undefined {
  const c = clause.trim();
  if (c === "") return undefined;
  const cancelsBefore = (p: string) => CANCEL_VERB.test(p);
  let m = DUE.exec(c);
  if (m) return { form: "due", purpose: m[1]!, moves: false, cancelsBefore: false, confidence: 0.95 };
  m = DEADLINE.exec(c);
  if (m) return { form: "deadline", purpose: m[1]!, moves: false, cancelsBefore: false, confidence: 0.9 };
  m = SET.exec(c);
  if (m) {
    const moves = new RegExp(`^(?:${MOVE_VERBS})$`, "i").test(m[2]!);
    return { form: "set", purpose: m[1]!, moves, cancelsBefore: cancelsBefore(m[1]!), confidence: 0.95 };
  }
  m = HELD.exec(c);
  if (m) return { form: "held", purpose: m[1]!, moves: false, cancelsBefore: cancelsBefore(m[1]!), confidence: 0.9 };
  m = VERB_FOR.exec(c);
  if (m) {
    const moves = /^(?:reset|resets|resetting|reschedul|continu)/i.test(m[1]!);
    return { form: "verb-for", purpose: m[2]!, moves, cancelsBefore: false, confidence: 0.85 };
  }
  m = EVENT_ON.exec(c);
  if (m) return { form: "event-on", purpose: m[1]!, moves: false, cancelsBefore: false, confidence: 0.6 };
  return undefined;
}

// The verb must speak of this date: "X set for D is continued to", "X set for D in Courtroom 10
// before Judge Y is VACATED", "X scheduled for D, be vacated and rescheduled to".
const AFTER_VERB = new RegExp(
  `^\\s*[,)]?\\s*(?:(?:at|in|before)\\s[^.;]{0,80}?\\s)?(?:${BE}\\s+|(?=(?:${MOVE_VERBS}|vacated|cancell?ed)\\s+(?:to|and|sine|without)\\b))` +
    `(vacated|cancell?ed|stricken|terminated|withdrawn|taken off calendar|${MOVE_VERBS})\\b([^.;]{0,40})`,
  "i",
);
const NO_NEW_DATE = /^\s*(?:sine die|without date|indefinitely|generally|until further)/i;

/** What the text right after a date (and its time) says of it. */
export function readAfter(after: string): After {
  if (/^\s*[-–,]?\s*(?:is\s+)?(?:VACATED|CANCELL?ED|STRICKEN)\b/.test(after)) return "cancelled";
  const m = AFTER_VERB.exec(after.slice(0, 200));
  if (!m) return "none";
  const verb = m[1]!.toLowerCase();
  if (/^(?:vacated|cancell?ed|stricken|terminated|withdrawn|taken off calendar)$/.test(verb)) {
    return /^\s*(?:and|,)\s*(?:is\s+|will be\s+)?(?:re-?set|reschedul|continu|moved|adjourn)/i.test(m[2]!) ? "replaced" : "cancelled";
  }
  if ((verb === "adjourned" || verb === "continued") && NO_NEW_DATE.test(m[2]!)) return "cancelled";
  return "replaced";
}

/** Reads a time written just before a date ("for 9:31 3/1/04", "at 10:00 a.m. on"). */
export function trailingTime(left: string): { clause: string; hour: number; minute: number; meridiem?: string } | undefined {
  const m = /(?:\b(?:for|at|to|@)\s+)(\d{1,2})(?::(\d{2}))?\s*([ap]\.?\s?m\.?)?\s*(?:on\s+)?(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s*)?$/i.exec(left);
  if (!m || (m[2] === undefined && m[3] === undefined)) return undefined;
  const keep = left.slice(0, m.index) + left.slice(m.index, m.index + m[0].indexOf(m[1]!));
  return { clause: keep, hour: Number(m[1]), minute: Number(m[2] ?? "0"), meridiem: m[3] };
}
