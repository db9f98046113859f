/**
 * What in a docket entry starts a period (issue 23, item 5.2): pure, from the entry's text, date
 * and kind. The kind is significance.ts's classification (one classifier for the whole kernel);
 * this file only reads the dates and parties the rule needs.
 *
 * - "Return of service" naming a summons or service: each "X served on D" is one defendant's
 *   service (FRCP 12(a)(1)(A)(i)); "waiver sent on D" is a waiver request (12(a)(1)(A)(ii)); a
 *   waiver without its request date is counted from the entry date, and says so.
 * - "Motion": opposition and reply under the district's local rule; C.D. Cal. needs the hearing
 *   date the entry states (read by the court-date extractor, ../deadlines/extract.ts).
 * - An order, opinion or minute order denying a motion to dismiss or other Rule 12 motion
 *   (12(a)(4)(A)); notice of the court's action is the entry's date (electronic notice).
 * - "Judgment": Rule 59 motion and notice of appeal.
 */
import { extractMentions } from "../deadlines/extract.ts";
import { entryDateOf, entryNumberOf, entryTextOf } from "../deadlines/entry-fields.ts";
import type { CourtDateEntryInput } from "../deadlines/court-date.ts";
import { findDates } from "../deadlines/date-phrases.ts";
import { classifyEntryText } from "../significance.ts";

export type TriggerEvent = "service-executed" | "waiver-returned" | "motion-filed" | "rule-12-denied" | "judgment-entered";

export interface EntryTrigger {
  event: TriggerEvent;
  /** The day the period runs from. */
  eventDate: string;
  /** False when eventDate is the entry's date standing in for a day the entry does not state. */
  eventDateStated: boolean;
  party?: string;
  /** Mail service of the paper (FRCP 6(d)); electronic otherwise. */
  byMail: boolean;
  /** For a motion: the hearing date the entry states, if any. */
  hearingDate?: string;
  words: string;
  entryDate: string;
  entryNumber?: string;
  entryIndex: number;
}

const DATE = String.raw`(\d{1,2}\/\d{1,2}\/\d{2,4}|[A-Z][a-z]{2,8}\.?\s\d{1,2},?\s\d{4})`;
const SERVED = new RegExp(String.raw`\b(?:served\s+(?:on\s+)?|by\s+(?:certified\s+)?(?:mail|hand|personal\s+service)\s+on\s+)${DATE}`, "gi");
const WAIVER_SENT = new RegExp(String.raw`\bwaiver\s+(?:was\s+)?(?:sent|mailed|requested)\s+(?:on\s+)?${DATE}`, "gi");
const NO_OPPOSITION = /\b(?:joint|consent(?:ed)?|unopposed|stipulated|ex\s*parte)\s+(?:letter\s+)?motion|\bmotion\b[^.;]{0,40}\bon\s+consent\b/i;
const DISCOVERY = /\bmotion\s+(?:to\s+compel|for\s+(?:a\s+)?protective\s+order|to\s+quash|for\s+(?:\w+\s+)?discovery)|\bdiscovery\s+motion/i;
// Motions the local rules answer with other times or none: letter motions (S.D.N.Y. Local Civ.
// R. 7.1(d) and judges' practices), administrative motions (N.D. Cal. Civ. L.R. 7-11, 4 days),
// and applications to appear pro hac vice, decided without opposition.
const OTHER_TIMES = /^.{0,40}?\bletter[-\s]motion|\badministrative\s+motion|\bpro\s+hac\s+vice|\bleave\s+to\s+appear\b/i;
const RULE_12 = /\bmotions?\s+to\s+dismiss|\brule\s+12\s*\(b\)|\b12\s*\(b\)\s*\(\d\)|\bmotion\s+for\s+judgment\s+on\s+the\s+pleadings|\bmotion\s+to\s+strike|\bmotion\s+for\s+a\s+more\s+definite\s+statement/i;
const DENIES = /\bden(?:y|ying|ied)\b(?![^.;]{0,20}\bas\s+moot)/i;
const ORDER_KINDS = new Set(["Order", "Opinion", "Minute order", "Endorsed letter"]);

function isoOf(raw: string): string | undefined {
  return findDates(raw)[0]?.date;
}

/** The party just before `at`: back to the previous clause or sentence start, at most 100 chars. */
function partyBefore(text: string, at: number): string | undefined {
  const before = text.slice(Math.max(0, at - 100), at);
  const cut = Math.max(before.lastIndexOf(";"), ...[...before.matchAll(/\.\s+(?=[A-Z])/g)].map((m) => m.index + 1));
  // The sentence's own period goes; an abbreviation's stays ("Widget Inc." is the party's name).
  const name = before.slice(cut + 1).replace(/\b(?:waiver|summons\s+returned\s+executed)\b.*$/i, "").trim().replace(/,$/, "").replace(/(?<!\b(?:Inc|Corp|Co|Ltd|L\.L\.C|L\.P|P\.C|N\.A|S\.A|Jr|Sr))\.$/i, "");
  return name.length >= 2 && name.length <= 90 ? name : undefined;
}

/** The triggers one entry carries, in the order its text states them. */
export function readTriggers(entry: CourtDateEntryInput, entryIndex: number): EntryTrigger[] {
  const text = entryTextOf(entry);
  const entryDate = entryDateOf(entry);
  if (text === "" || entryDate === "") return [];
  const kind = classifyEntryText(text)?.kind;
  const entryNumber = entryNumberOf(entry);
  const base = { entryDate, entryIndex, byMail: false, ...(entryNumber ? { entryNumber } : {}) };
  const out: EntryTrigger[] = [];
  const words = (m: RegExpExecArray) => text.slice(Math.max(0, m.index - 60), m.index + m[0].length).trim();

  // "SUMMONS Returned Executed …" classifies as a summons (the word comes first), "WAIVER OF
  // SERVICE RETURNED EXECUTED" as a return of service: both are a return when executed.
  // An affidavit or proof of service of the summons is the same return in another form.
  const isReturn =
    kind === "Return of service" ||
    (kind === "Summons" && /\breturned\s+executed\b/i.test(text)) ||
    (kind === "Certificate of service" && /\bsummons\b/i.test(text));
  if (isReturn && !/\bwarrant\b/i.test(text)) {
    for (const m of text.matchAll(WAIVER_SENT)) {
      const d = isoOf(m[1]!);
      if (d) out.push({ ...base, event: "waiver-returned", eventDate: d, eventDateStated: true, party: partyBefore(text, m.index), words: words(m) });
    }
    if (out.length === 0 && /\bwaiver\s+of\s+service\b/i.test(text)) {
      out.push({ ...base, event: "waiver-returned", eventDate: entryDate, eventDateStated: false, words: text.slice(0, 160) });
    }
    if (out.length === 0 && /\bsummons|\bservice\b/i.test(text)) {
      for (const m of text.matchAll(SERVED)) {
        const d = isoOf(m[1]!);
        if (d) out.push({ ...base, event: "service-executed", eventDate: d, eventDateStated: true, party: partyBefore(text, m.index), words: words(m) });
      }
    }
    return out;
  }
  if (kind === "Motion" && !NO_OPPOSITION.test(text) && !DISCOVERY.test(text) && !OTHER_TIMES.test(text)) {
    const hearing = extractMentions(entry, entryIndex).find((m) => m.kind === "hearing" && !m.cancels);
    return [{ ...base, event: "motion-filed", eventDate: entryDate, eventDateStated: true, byMail: /\bserved?\b[^.;]{0,40}\bby\s+(?:first[-\s]class\s+|u\.?s\.?\s+)?mail\b/i.test(text), ...(hearing ? { hearingDate: hearing.date } : {}), words: text.slice(0, 160) }];
  }
  if (kind && ORDER_KINDS.has(kind) && RULE_12.test(text) && DENIES.test(text)) {
    return [{ ...base, event: "rule-12-denied", eventDate: entryDate, eventDateStated: true, words: text.slice(0, 160) }];
  }
  if (kind === "Judgment") {
    return [{ ...base, event: "judgment-entered", eventDate: entryDate, eventDateStated: true, words: text.slice(0, 160) }];
  }
  return out;
}
