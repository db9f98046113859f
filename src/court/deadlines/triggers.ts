/**
 * The phrases that introduce a court date (issue 16, item 1). A date is a court date only when one
 * of them leads up to it: "X due by DATE", "X set for DATE", "X is reset to DATE", "X to be held on
 * DATE", "Last Day to File X DATE", "X shall be filed by DATE", "the parties shall file X by DATE",
 * "By DATE, the parties shall file X". Every other date (filed on, entered, signed on, held on,
 * served on, dated) reads as nothing: precision matters more than recall, since a wrong date on a
 * team's calendar costs more than a missing one they can read from the entry themselves.
 *
 * Confidence: 0.9 and up for the docket's own set phrases ("due by", "set for"), 0.8-0.85 for an
 * order's sentences ("shall file ... by"), 0.6 for a bare "Conference - DATE", 0.4 (below what is
 * calendared) for "hearing on DATE", which as often names a past or merely mentioned hearing.
 */

/** How a date is introduced. */
export type TriggerForm = "due" | "deadline" | "filed-by" | "extended" | "set" | "verb-for" | "held" | "hold" | "event-on";

export interface Trigger {
  form: TriggerForm;
  /** The words naming what the date is for (may be empty after "is continued to"). */
  purpose: string;
  /** Whether the purpose names a deadline (form says so) rather than an event. */
  deadline: boolean;
  /** "reset", "continued", "adjourned": the date replaces an earlier one. */
  moves: boolean;
  /** A cancelling verb precedes the purpose ("ORDER vacating Status Conference set for"). */
  cancelsBefore: boolean;
  /** The event is the first one named, not the last ("hold a teleconference to discuss the motion"). */
  firstHead?: boolean;
  confidence: number;
}

const MOVE_VERBS = "reset|re-set|rescheduled|re-scheduled|continued|adjourned|moved|postponed|advanced|changed";
const SET_VERBS = `set|scheduled|${MOVE_VERBS}`;
const BE = "(?:is|are|has been|have been|shall be|be|will be|was|were|is hereby|are hereby|hereby|now)";
const BY = "(?:by|on or before|no later than|not later than|before|until)";
const ACT =
  "file|submit|serve|complete|provide|produce|respond|reply|meet and confer|make|exchange|deliver|lodge|return|surrender|self-surrender|report|brief|disclose|designate|amend|move|answer";

const f = (form: TriggerForm, purpose: string, deadline: boolean, confidence: number, extra: Partial<Trigger> = {}): Trigger => ({
  form, purpose, deadline, moves: false, cancelsBefore: false, confidence, ...extra,
});
const CANCEL_VERB = /\b(?:vacat(?:e|es|ed|ing)|cancel(?:s|led|ed|ling|ing)?|strik(?:e|es|ing)|terminat(?:e|es|ed|ing))\b/i;

const PAST = /(?<!\b(?:be|been|being)\s)\b(?:held|filed|dated|entered|signed|served|received|issued|executed|modified|docketed|heard|made|sent|mailed|paid)(?:\s+(?:on|at|in))?\s*:?$/i;

const RULES: readonly [RegExp, (m: RegExpExecArray) => Trigger][] = [
  // "DUE DATE OF JOINT LETTER: February 17, 2021" / "DATE AND TIME OF CONFERENCE: ..."
  [/^due date (?:of|for) (.{2,80}?):?$/i, (m) => f("due", m[1]!, true, 0.9)],
  [/^date (?:and time )?(?:of|for) (.{2,60}?):?$/i, (m) => f("set", m[1]!, false, 0.9)],
  // "Responses due by", "Answer due", "Statement - Form 22A Due:", "Transcript Due/... Date is"
  [/^(.*?)\bdue(?:(?:\s+|\/)[\w/ ]{0,40}?\bdate)?\s*(?:by|on|no later than|on or before|to\s+[A-Z][\w/ .-]{0,40}?|is)?\s*:?$/i, (m) => f("due", m[1]!, true, 0.95)],
  // "Redacted Transcript Deadline set for", "Last Day to File Claims", "the deadline ... is extended to"
  [/^(.*?\b(?:deadline|last day|last date|bar date)\b[^]{0,100}?)\s*(?:is|set for|reset for|extended to|for|to|:)?\s*:?$/i, (m) => f("deadline", m[1]!, true, 0.9)],
  // "Motions are to be filed by", "responses shall be filed by", "must be submitted ... on or before"
  [new RegExp(`^(.*?)\\s*\\b(?:is|are)?\\s*(?:to be|shall be|must be|should be|will be|are to be|is to be|be)\\s+(?:filed|submitted|served|completed|provided|produced|made|received|assigned|exchanged|delivered)\\b(?:(?:[^.;]{0,40}?)\\s+${BY}|\\s+on):?$`, "i"), (m) => f("filed-by", m[1]!, true, 0.85)],
  // "plaintiffs shall file their amended complaint by", "Defense to file declaration in support by"
  [new RegExp(`\\b(?:shall|must|will|to|should|and)\\s+(?:also\\s+|then\\s+|jointly\\s+)?((?:${ACT})\\b[^.;]{0,140}?)\\s+${BY}:?$`, "i"), (m) => f("filed-by", m[1]!, true, 0.8)],
  // "an extension of time to exchange evidence, on or before", "time is extended to and including"
  [/\b((?:extend\w*|extension)\b[^.;]{0,100}?)\s+(?:until|to and including|through|to|on or before)$/i, (m) => f("extended", m[1]!, true, 0.85)],
  [new RegExp(`^(.*?)\\s*\\b(?:${BE}\\s+)?(${SET_VERBS})(?:\\s+(?:for|to|until|till|on))?\\s*:?$`, "i"), (m) =>
    f("set", m[1]!, false, 0.95, { moves: new RegExp(`^(?:${MOVE_VERBS})$`, "i").test(m[2]!), cancelsBefore: CANCEL_VERB.test(m[1]!) })],
  // "Defendant may have until DATE, to file ..." (purpose follows: extract.ts reads it)
  [/\b(?:have|has|had|days|weeks|time)\b[^.;]{0,40}?\buntil$/i, () => f("extended", "", true, 0.8)],
  [/^(.*?)\s*\b(?:to be held|will be held|shall be held|is to be held|will take place|shall take place|will be heard|to be heard|shall commence|will commence|will begin|shall begin)(?:\s+(?:on|at))?$/i, (m) =>
    f("held", m[1]!, false, 0.9, { cancelsBefore: CANCEL_VERB.test(m[1]!) })],
  [/\b(?:will|shall)\s+(?:hold|conduct|convene)\s+(?:an?\s+|the\s+)?(.{2,100}?)\s+(?:on|for)$/i, (m) => f("hold", m[1]!, false, 0.85, { firstHead: true })],
  // "Final Pretrial Conference has been continued from 12/27/2004 10:00 AM to 02/22/2005"

  [/\b(set|sets|setting|reset|resets|resetting|schedul\w*|reschedul\w*|continu\w*)\s+(?:a\s+|an\s+|the\s+)?(.{2,60}?)\s+(?:for|to|on)$/i, (m) =>
    f("verb-for", m[2]!, false, 0.85, { moves: /^(?:reset|resets|resetting|reschedul|continu)/i.test(m[1]!) })],
  [/\bdistributed for (conference)\s+(?:of|on)$/i, (m) => f("set", m[1]!, false, 0.9)],
  // "NOTICE OF ORAL ARGUMENT on Monday, April 17, 2023", "Final PreTrial Conference-September 20"
  [/^(.*\b(?:hearing|conference|trial|argument|sentencing|arraignment|mediation))\s*(on|for|of|:|-|–)?$/i, (m) => {
    const notice = /\bnotice of (?:the\s+)?(?:[\w-]+\s+){0,3}?\w+$/i.test(m[1]!);
    const confidence = notice ? 0.9 : m[2] === ":" || m[2] === "-" || m[2] === "–" ? 0.6 : 0.4;
    return f("event-on", m[1]!, false, confidence);
  }],
];

/** Reads the clause that leads up to a date (already cut at sentence and clause breaks). */
export function readTrigger(clause: string): Trigger | undefined {
  const c = clause.trim();
  // A date something already happened on is no court date: "held on", "filed on", "dated".
  if (c === "" || PAST.test(c)) return undefined;
  for (const [re, make] of RULES) {
    const m = re.exec(c);
    if (m) return make(m);
  }
  return undefined;
}

// "Final Pretrial Conference has been continued from 12/27/2004 10:00 AM to 02/22/2005", "the
// time set for Settlement Conference shall be changed from 2:00 p.m. 2/27/2008 to 11:00 AM": read
// on the whole sentence, since the old date sits between the purpose and the new one.
const FROM_TO =
  /^(.*?)\s*\b(?:has been |have been |is |are |was |shall be |be )?(?:continued|continuing|reset|resetting|moved|moving|rescheduled|rescheduling|adjourned|changed|changing)\s+(?:(.{0,60}?)\s+)?from\s+[^.;]{0,80}?\s+to$/i;

/** A move written "from D1 to D2", read from the sentence that ends just before D2. */
export function fromTo(wholeSentence: string): Trigger | undefined {
  const m = FROM_TO.exec(wholeSentence.trim());
  return m ? f("set", `${m[1]!} ${m[2] ?? ""}`, false, 0.9, { moves: true }) : undefined;
}

/** A bare lead-in ("By", "No later than", "that by", "On"): what it introduces follows the date. */
export function leadIn(clause: string): "by" | "on" | undefined {
  const c = clause.trim();
  if (/^(?:that\s+)?(?:by|no later than|not later than|on or before|until)$/i.test(c)) return "by";
  if (/^(?:that\s+)?on$/i.test(c)) return "on";
  return undefined;
}

/**
 * After a lead-in, the sentence says what is due or held: "By DATE, the parties shall file a joint
 * letter", "until DATE, to file a responsive brief", "On DATE at 10:30 AM there shall be an Initial
 * Scheduling Conference".
 */
export function triggerAfter(lead: "by" | "on", after: string): Trigger | undefined {
  const a = after.slice(0, 240);
  if (lead === "by") {
    const m = new RegExp(`^[,\\s]*(?:[\\w'’.-]+\\s+){0,5}?(?:shall|must|will|is to|are to|to)\\s+(?:also\\s+)?((?:${ACT})\\b[^.;]{0,60})`, "i").exec(a);
    return m ? f("filed-by", m[1]!, true, 0.8) : undefined;
  }
  const m = /^[,\s]*(?:there\s+(?:shall|will)\s+be|the court will hold)\s+(?:an?\s+|the\s+)?([^.;]{3,80})/i.exec(a);
  return m ? f("hold", m[1]!, false, 0.85, { firstHead: true }) : undefined;
}

/** "until DATE, to file a responsive brief": the purpose of an "until" deadline, after the date. */
export function purposeAfterUntil(after: string): string | undefined {
  const m = new RegExp(`^[,\\s]*to\\s+((?:${ACT})\\b[^.;,]{0,60})`, "i").exec(after.slice(0, 120));
  return m?.[1];
}
