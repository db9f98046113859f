/**
 * Cancellations that name an event but not its date (issue 16, item 1: "'cancelled' when a later
 * entry vacates/cancels it without a new date"): "ORDER vacating Status Conference", "the Court
 * will vacate the trial scheduled to begin tomorrow", "Status Conference is cancelled". With no date
 * such an entry yields no mention (a mention always has a date, ./court-date.ts); what it names is
 * matched by key against the dates already read (extract.ts), and only a date still ahead when the
 * entry was filed is cancelled, so a loose phrase can never add a date.
 */
import type { CourtDateEntryInput, CourtDateSource } from "./court-date.ts";
import { normalise } from "./clauses.ts";
import { findDates } from "./date-phrases.ts";
import { entryTextOf, sourceOf } from "./entry-fields.ts";
import { eventPurpose } from "./purposes.ts";

/** An entry's word that an event, named by key, no longer stands. */
export interface KeyCancel {
  cancelKey: string;
  source: CourtDateSource;
  /** The words that cancel it ("ORDER vacating Status Conference"): the change's evidence. */
  words?: string;
}

const EVENT = "(?:[A-Za-z/-]+\\s+){0,4}?(?:hearing|conference|trial|arraignment|sentencing|argument|mediation|call)";
const VERB_FIRST = new RegExp(
  `\\b(?:vacat(?:e|es|ed|ing)|cancel(?:s|led|ed|ling|ing)?|terminat(?:e|es|ed|ing))\\s+(?:the\\s+|all\\s+)?(${EVENT})\\b`,
  "gi",
);
const EVENT_FIRST = new RegExp(
  `\\b(${EVENT})\\s+(?:is|are|has been|have been|was|were|shall be|will be)?\\s*(?:hereby\\s+)?(?:vacated|cancell?ed|stricken|terminated|taken off calendar)\\b`,
  "gi",
);

const ASKED = /\b(?:motions?|requests?|requested|move|moves|moved|applications?|stipulations?|proposed|seeking|seeks|asks?|letter)\b/i;

/** Keys an entry cancels in sentences that state no date; [] when every such sentence has one. */
export function readDatelessCancels(entry: CourtDateEntryInput, index: number): KeyCancel[] {
  const text = normalise(entryTextOf(entry));
  if (text === "" || !/vacat|cancel|strik|terminat/i.test(text)) return [];
  const source = sourceOf(entry, index);
  const keys = new Map<string, string>();
  for (const sentence of text.split(/(?<=[.;])\s+/)) {
    if (findDates(sentence).length > 0) continue; // dated: the mentions speak for it
    for (const re of [VERB_FIRST, EVENT_FIRST]) {
      for (const m of sentence.matchAll(re)) {
        // "MOTION to Vacate Hearing", "ORDER denying request to cancel the conference": asked, not done.
        if (ASKED.test(sentence.slice(Math.max(0, m.index - 60), m.index))) continue;
        const p = eventPurpose(m[1]!);
        if (p && !keys.has(p.key)) keys.set(p.key, m[0].replace(/\s+/g, " ").trim());
      }
    }
  }
  return [...keys].map(([cancelKey, words]) => ({ cancelKey, source, words }));
}
