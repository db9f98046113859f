/**
 * A motion under Rule 12 that alters the time to answer (FRCP 12(a)(4)): "Unless the court sets a
 * different time, serving a motion under this rule alters these periods as follows: (A) if the
 * court denies the motion or postpones its disposition until trial, the responsive pleading must be
 * served within 14 days after notice of the court's action; or (B) if the court grants a motion for
 * a more definite statement, the responsive pleading must be served within 14 days after the more
 * definite statement is served." Read from the entry's own words, conservatively: a motion to
 * dismiss (12(b)), for a more definite statement (12(e)), or to strike from the complaint (12(f)),
 * or one citing 12(b), (e) or (f); never a letter asking for a pre-motion conference, a motion to
 * extend the time to answer or move, a joint or consent motion, a paper filed about the motion (a
 * memorandum, a declaration), a motion against a counterclaim, a Rule 41(b) motion, or a partial
 * motion (courts differ on whether one against some claims alters the time to answer the rest).
 * Who filed it and when are ./met.ts's to check. Pure.
 */
import type { CourtDateSource } from "../deadlines/court-date.ts";

export type Rule12Motion = "dismiss" | "more-definite-statement" | "strike";

/** `NOTICE OF MOTION AND MOTION to …` (N.D. Cal., C.D. Cal.), `NOTICE OF MOTION to …`: the motion itself. */
const NOTICE_OF_MOTION = /^\s*notice\s+of\s+(?:motion\s*(?:and\b|;)\s*)?(?=motion\b)/i;
/**
 * Words before MOTION that make the entry something else than a party's own Rule 12 motion: a
 * letter, a joint or consent motion, a paper about a motion, a notice or minutes naming one.
 */
const NOT_A_MOTION = /\b(?:letter|joint|consent(?:ed)?|stipulat\w*|unopposed|ex\s*parte|memorandum|declaration|affidavit|reply|response|opposition|order|withdraw\w*|brief|proposed|partial|exhibit|notice|hearing|minutes?|re|related|supplemental|rescheduled|certificate|request)\b/i;
/** What may stand before MOTION: a few words naming the mover ("Defendant Globex Corporation's"), no entry number or clause. */
const LEAD_WORDS = /^[^\d():;[\]]*$/;
/** "MOTION of Defendant Globex Corporation to Dismiss": the mover named before the relief. */
const MOVER = /^(?:of|by)\s+[^.;]{1,80}?\s+(?=to\s|for\s|pursuant\s|under\s)/i;
const DISMISS = /^to\s+dismiss\b/i;
const MORE_DEFINITE = /^for\s+(?:a\s+)?more\s+definite\s+statement\b/i;
const STRIKE = /^to\s+strike\b/i;
/** 12(f) strikes from a pleading: a motion to strike the complaint, or one citing 12(f). */
const STRIKE_PLEADING = /^to\s+strike\s+(?:(?:(?:portions?|parts?|paragraphs?|allegations?|matter)\s+(?:\S+\s+){0,3}?)?(?:of|from|in)\s+)?(?:the\s+|plaintiffs?['’]?s?\s+)?(?:(?:first|second|third)\s+)?(?:amended\s+)?complaint\b|\b12\s*\(\s*f\s*\)/i;
const CITED = /^(?:pursuant\s+to|under)\s+(?:fed(?:eral)?\.?\s*r(?:ules?)?\.?\s*(?:of\s+)?civ(?:il)?\.?\s*p(?:roc(?:edure)?)?\.?|frcp|rule)\s*12\s*\(\s*([bef])\s*\)/i;
/** Relief that is not Rule 12's, wherever the entry says it. */
const OTHER_RELIEF = /\bindictment\b|\bcounter-?claims?\b|\bcross-?claims?\b|\bthird[-\s]party\s+complaint\b|\brule\s+41\b|\b41\s*\(\s*[ab]\s*\)|\b(?:failure\s+to|lack\s+of)\s+prosecut\w*|\bin\s+part\b|\bcounts?\s+(?:[IVXL]+|\d+)\b/i;

/** The Rule 12 motion an entry is, by its own words; undefined when it is not clearly one. */
export function rule12MotionOf(text: string): Rule12Motion | undefined {
  const lead = text.replace(NOTICE_OF_MOTION, "").slice(0, 240);
  const at = /\bmotion\b/i.exec(lead);
  const before = at ? lead.slice(0, at.index) : "";
  if (!at || !LEAD_WORDS.test(before) || before.split(/\s+/).filter(Boolean).length > 6 || NOT_A_MOTION.test(before) || OTHER_RELIEF.test(lead)) return undefined;
  let relief = lead.slice(at.index + at[0].length).trimStart();
  relief = relief.replace(MOVER, "");
  if (DISMISS.test(relief)) return "dismiss";
  if (MORE_DEFINITE.test(relief)) return "more-definite-statement";
  if (STRIKE.test(relief)) return STRIKE_PLEADING.test(relief) ? "strike" : undefined;
  const cited = CITED.exec(relief)?.[1]?.toLowerCase();
  return cited === "e" ? "more-definite-statement" : cited === "f" ? "strike" : cited === "b" ? "dismiss" : undefined;
}

const usDay = (iso: string) => {
  const [y, m, d] = iso.split("-");
  return `${Number(m)}/${Number(d)}/${y}`;
};

/**
 * What a clerk reads where the answer date was: the motion, what it did to the time to answer, and
 * the rule (12(a)(4)(A) after a ruling; (B) after a more definite statement).
 */
export function rule12Why(kind: Rule12Motion, source: CourtDateSource): string {
  const motion = `The Rule 12 motion (${source.entryNumber ? `#${source.entryNumber}` : `filed ${usDay(source.entryDate)}`})`;
  return kind === "more-definite-statement"
    ? `${motion} changes the time to answer: 14 days after the more definite statement is served if the court grants it, or after notice of its ruling otherwise, unless the court sets another time (Fed. R. Civ. P. 12(a)(4))`
    : `${motion} changes the time to answer: 14 days after notice of the court's ruling on it, unless the court sets another time (Fed. R. Civ. P. 12(a)(4)(A))`;
}
