/**
 * The words that make a date a move or a vacatur (issue 23, item 3: "a date moves only when the
 * text says so (continued, adjourned, rescheduled, reset, vacated, postponed, moved, 'is now',
 * etc.)"). A mention whose text has none of them only sets its date, however like an earlier one
 * its name is: supersede.ts then keeps both dates. The words found are kept as the change's
 * evidence, so a reader sees why a date was taken as moved.
 */

// "reset for", "is continued to", "has been rescheduled to", "is now scheduled for", "extended to",
// "Continued Hearing" (a bankruptcy court's "Continued Hearing set for"). Not "Set/Reset", CM/ECF's
// name for any scheduling event, which says nothing of a move.
const BE = "(?:is|are|has been|have been|shall be|will be|was|were|be|hereby)";
const MOVED = new RegExp(
  `(?<!/)\\b(?:(?:${BE}\\s+){0,2}(?:re-?set|re-?scheduled|rescheduling|continued|continuing|adjourned|postponed|extended)` +
    // "moved", "advanced", "changed" only as what happened to the date: "Plaintiff moved to dismiss" is a motion.
    `|(?:${BE}\\s+){1,2}(?:moved|advanced|changed)` +
    `|(?:is|are)\\s+now(?=\\s+(?:set|scheduled|reset|due)\\b)|\\bnow(?=\\s+(?:set|scheduled)\\s))` +
    "(?!\\s+(?:sine die|without date|indefinitely|generally))(?:\\s+(?:set|scheduled))?(?:\\s+(?:for|to|until|till|on|from))?",
  "gi",
);

// A notice whose heading says the event was continued: "Notice of Continued Pretrial Conference."
const HEADING = /^\s*(?:AMENDED\s+)?NOTICE OF (?:CONTINUED|RESCHEDULED|RESET|ADJOURNED)\b[^.;]{0,60}/i;

/** The last move words in `words`, trimmed; undefined when there are none. */
export function moveWordsIn(words: string): string | undefined {
  let last: string | undefined;
  for (const m of words.matchAll(MOVED)) last = m[0];
  return last?.replace(/\s+/g, " ").trim();
}

// An order that says it amends the schedule: "Amended briefing schedule: Respondent Answering
// Brief due 7/11/2022" (ca9_22-21, after an extension was granted), "AMENDED SCHEDULING ORDER".
const AMENDED = /\bamended\s+(?:briefing\s+|case\s+management\s+)?schedul(?:e|ing order)\b/i;

/** "Notice of Continued Pretrial Conference" heading the entry, or an amended schedule it states. */
export function movedHeading(text: string): string | undefined {
  return (HEADING.exec(text) ?? AMENDED.exec(text))?.[0].trim();
}

// What after a date says it no longer stands (./around.ts readAfter decides; this names the words).
const CANCEL_AFTER =
  /^[^.;]{0,100}?\b((?:(?:is|are|has been|have been|was|were|be|hereby)\s+){0,2}(?:vacated|cancell?ed|stricken|terminated|withdrawn|taken off calendar|(?:adjourned|continued)\s+(?:sine die|without date|indefinitely|generally|until further)|not\s+(?:be\s+)?held))\b/i;
const CANCEL_BEFORE = /\b(?:vacat(?:e|es|ed|ing)|cancel(?:s|led|ed|ling|ing)?|strik(?:e|es|ing)|terminat(?:e|es|ed|ing))\b[^.;]{0,80}$/i;

/** The words after a date that cancel it ("is VACATED", "adjourned sine die"). */
export function cancelWordsAfter(after: string): string {
  return CANCEL_AFTER.exec(after)?.[1]?.replace(/\s+/g, " ").trim() ?? after.trim().split(/[.;]/)[0]!.slice(0, 60);
}

/** The words before a date that cancel it ("ORDER vacating Status Conference set for"). */
export function cancelWordsBefore(clause: string): string {
  return CANCEL_BEFORE.exec(clause)?.[0].replace(/\s+/g, " ").trim() ?? clause.trim().slice(-60);
}
