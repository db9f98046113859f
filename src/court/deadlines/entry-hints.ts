/**
 * Small readings of an entry that help name or place a date (issue 23, item 4), kept apart from
 * the extractor's loop (./extract.ts):
 * - an event named right after a year-less date ("considered at the 8/11 ptc", nysd, entry 6);
 * - a notice's heading naming the event its bare "Hearing scheduled for" sets ("Notice of
 *   Continued Pretrial Conference. Hearing scheduled for 12/10/2010", wawb_3, entry 55);
 * - the sentences of an entry with their offsets, and the evidence a year-less date carries.
 */
import { parseServiceDate, toPacerDate } from "../dates.ts";
import type { Trigger } from "./triggers.ts";
import { eventPurpose, type Purpose } from "./purposes.ts";

const EVENT_AFTER = /^\s*((?:[a-z-]+\s+){0,2}?(?:ptc|conference|hearing|trial|argument|sentencing))\b/i;

/**
 * "will be one of the topics to be considered at the 8/11 ptc": a date written without a year and
 * followed by an event's name, in a sentence that looks ahead, is that event's date. (A year-ful
 * date so placed is as often a past one: "as discussed at the 5/1/2023 conference".)
 */
export function eventNamedAfter(clause: string, wholeSentence: string, after: string): { trigger: Trigger; purpose: Purpose } | undefined {
  if (!/\b(?:at|for|before|until|on)\s+the\s*$/i.test(clause) || !/\b(?:will|shall|to be|is to|are to)\b/i.test(wholeSentence)) return undefined;
  const m = EVENT_AFTER.exec(after);
  if (!m) return undefined;
  const phrase = m[1]!.replace(/\bptc\b/i, "pretrial conference");
  const purpose = eventPurpose(phrase);
  if (!purpose) return undefined;
  const trigger: Trigger = { form: "event-on", purpose: phrase, deadline: false, moves: false, cancelsBefore: false, confidence: 0.75 };
  return { trigger, purpose };
}

const HEADED = /^\s*(?:AMENDED\s+)?NOTICE OF (?:CONTINUED\s+|RESCHEDULED\s+|RESET\s+)?((?:[A-Za-z-]+\s+){0,3}?(?:Conference|Trial))\b/i;

/** A bare "Hearing" takes the event the entry's heading names, if it names one. */
export function namedByHeading(purpose: Purpose, text: string): Purpose {
  if (purpose.key !== "hearing:hearing") return purpose;
  const m = HEADED.exec(text);
  return (m && eventPurpose(m[1]!)) || purpose;
}

/** The entry's sentences (cut after ". " and "; "), each with its offset in the text. */
export function sentencesOf(text: string): { text: string; at: number }[] {
  const out: { text: string; at: number }[] = [];
  let at = 0;
  for (const m of text.matchAll(/(?<=[.;])\s+/g)) {
    out.push({ text: text.slice(at, m.index), at });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), at });
  return out;
}

/** What a date written without a year says of how it was read (issue 23, item 4). */
export function yearlessEvidence(written: string, date: string, entryDate: string): string {
  return `no year written: "${written.trim()}" read as ${date}, the first such day on or after the entry's date (${entryDate})`;
}

/** The day the clerk entered the entry, from CM/ECF's "(Entered: 07/27/2005)", ISO. */
export function enteredOn(text: string): string | undefined {
  const m = /\(Entered:\s*(\d{1,2}\/\d{1,2}\/\d{4})/.exec(text);
  const d = m ? parseServiceDate(m[1]!) : undefined;
  return d ? toPacerDate(d) : undefined;
}
