/**
 * The words that lead up to a date in entry text, at two widths (issue 16, item 1): the clause
 * (cut at the last sentence or clause break: ". , ; : ( )") where "Responses due by" and "Status
 * Conference set for" live, and the sentence (cut only at ". ; ( )") for orders whose phrases span
 * commas ("Plaintiffs' reply, if any, shall be filed by"). Both stop at the previous date, so one
 * date's words never introduce the next.
 */
import type { DatePhrase } from "./date-phrases.ts";
import { timeBefore } from "./around.ts";

// Longest span looked at before a date: purposes are named close to their dates.
const CLAUSE_CHARS = 200;

/** Abbreviations whose period does not end a sentence ("ECF No. 66", "Ms. Smart", "Dkt. No."). */
const ABBREVIATIONS = /\b(U\.S|No|Nos|Dkt|Doc|Docs|Civ|Ct|Mr|Ms|Mrs|Dr|Hon|St|Inc|Co|Corp|Ltd|Fed|Mag|Govt|Dft|Pl|Def|Jr|Sr|Bldg|Rm|Crtrm)\.\s/gi;

/** Phrasings normalised before reading, so one pattern covers each. */
export function normalise(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(ABBREVIATIONS, "$1 ")
    .replace(/\b([ap])\.\s?m\.(?=\s|$)/gi, "$1m")
    .replace(/\bdue,?\s+but not filed,?\s+by\b/gi, "due by")
    .replace(/,\s*if any,/gi, "")
    .replace(/\bto & inc\.?/gi, "to and including")
    .replace(/\bDATE:\s*/g, "")
    .replace(/,?\s*TIME:\s*/g, " at ")
    // Typed "l" for "1" in old minute entries: "@l0:00 a.m.".
    .replace(/@l(\d:\d\d)/g, "@1$1");
}

export interface LeadUp {
  /** From the last break of any kind. */
  clause: string;
  /** From the last sentence break. */
  sentence: string;
  /** From the last sentence break, ignoring the previous date (for naming the event). */
  wholeSentence: string;
  /** A time written before the date ("for 9:31 3/1/04"). */
  time?: string;
}

function cutAfterLast(s: string, breaks: RegExp): string {
  // A break at the very end does not count ("Due: 8/26/2009" keeps "Due:").
  const body = s.replace(/[\s:]+$/, "");
  let cut = -1;
  for (const m of body.matchAll(breaks)) cut = m.index;
  return s.slice(cut + 1).trim();
}

const CLAUSE_BREAKS = /[.;:,()[\]](?=\s)|[()[\]]/g;
const SENTENCE_BREAKS = /[.;](?=\s)|[()[\]]/g;

/** The words before date `d`, starting no earlier than `from` (the previous date's end). */
export function leadUp(text: string, from: number, d: DatePhrase): LeadUp {
  const start = Math.max(from, d.start - CLAUSE_CHARS);
  let left = text.slice(start, d.start);
  const t = timeBefore(left);
  if (t) left = t.clause;
  left = left.replace(/\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s*$/i, "");
  // Short asides do not break a clause: "Response to Stay Motion (Filed with PFR) due 3/2/2022".
  left = left.replace(/\([^()]{0,40}\)/g, " ").replace(/\[[^[\]]{0,40}\]/g, " ");
  let whole = text.slice(Math.max(0, d.start - CLAUSE_CHARS * 2), d.start);
  whole = (timeBefore(whole)?.clause ?? whole).replace(/\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s*$/i, "");
  return {
    clause: cutAfterLast(left, CLAUSE_BREAKS),
    sentence: cutAfterLast(left, SENTENCE_BREAKS),
    wholeSentence: cutAfterLast(whole.replace(/\([^()]{0,40}\)/g, " "), SENTENCE_BREAKS),
    ...(t ? { time: t.time } : {}),
  };
}

// Someone asking for a date is not the court setting it: "Counsel requests that the time ... be
// adjourned to", "moved the Court to adjourn the conference set for", "LETTER MOTION to Adjourn".
const ASK_FOR = "(?:adjourn|continu|reschedul|extend|extension|postpone|enlarge|stay|move|change)";
const REQUEST = new RegExp(
  `\\b(?:(?:requests?|requested|requesting|asks?|asked|proposes?|proposed)\\s+(?:that|to\\s+${ASK_FOR})` +
    `|(?:moved|moves)\\s+(?:the\\s+court\\s+)?to|(?:motion|application|request)\\s+(?:to|for)\\s+(?:an?\\s+)?${ASK_FOR})`,
  "i",
);
const GRANTED = /\b(?:grant(?:s|ed|ing)?|so ordered|ordered)\b/i;

/** Whether the sentence leading up to a date only asks for it. */
export function isRequest(wholeSentence: string): boolean {
  return REQUEST.test(wholeSentence) && !GRANTED.test(wholeSentence);
}
