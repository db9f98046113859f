/**
 * The dates a docket sets, moves and cancels (issue 16, items 1 and 2): one entry's mentions
 * (`extractMentions`) and the whole docket's dates after later entries supersede earlier ones
 * (`extractCourtDates`). Pure: entries in, data out (./court-date.ts is the contract the deadlines
 * feature codes against).
 *
 * How a mention is read: every date in the entry's plain text (./date-phrases.ts) is looked at with
 * the clause that leads up to it (cut at the last sentence or clause break, or the previous date)
 * and the words after it. The clause must be one of the phrases a docket uses to set a date
 * (./triggers.ts); it names the purpose (./purposes.ts). The words after may say the date is only
 * the one being replaced ("set for 7/29 is continued to 8/12": the purpose carries over to 8/12)
 * or that it is cancelled ("set for 5/1 is VACATED").
 */
import type { CourtDate, CourtDateEntryInput, CourtDateMention } from "./court-date.ts";
import { clock, findDates, type DatePhrase } from "./date-phrases.ts";
import { judgeAfter, placeAfter } from "./details.ts";
import { sourceOf, entryTextOf } from "./entry-fields.ts";
import { chronological } from "./entry-order.ts";
import { deadlinePurpose, eventPurpose, namesDeadline, type Purpose } from "./purposes.ts";
import { supersede } from "./supersede.ts";
import { readAfter, readTrigger, trailingTime, type Trigger } from "./triggers.ts";

/** Mentions below this are too loose to calendar; extractCourtDates leaves them out. */
export const CALENDAR_CONFIDENCE = 0.5;

// Longest clause looked at before a date: purposes are named close to their dates.
const CLAUSE_CHARS = 160;

/** Phrasings normalised before reading, so one pattern covers them. */
function normalise(text: string): string {
  return text
    .replace(/\bdue,?\s+but not filed,?\s+by\b/gi, "due by")
    .replace(/\s+/g, " ");
}

/** The clause that leads up to `d`: from the last break (or the previous date) to the date. */
function clauseBefore(text: string, from: number, d: DatePhrase): { clause: string; time?: string } {
  let left = text.slice(Math.max(from, d.start - CLAUSE_CHARS), d.start);
  let time: string | undefined;
  const t = trailingTime(left);
  if (t) {
    time = clock(t.hour, t.minute, t.meridiem);
    left = t.clause;
  }
  left = left.replace(/\b(?:on\s+)?(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s*$/i, "");
  // Short asides do not break a clause: "Response to Stay Motion (Filed with PFR) due 3/2/2022".
  left = left.replace(/\([^()]{0,40}\)/g, " ").replace(/\[[^[\]]{0,40}\]/g, " ");
  // A break is a sentence end or clause mark not at the very end ("Due: 8/26/2009" keeps "Due:").
  const body = left.replace(/[\s:]+$/, "");
  let cut = -1;
  for (const m of body.matchAll(/[.;:,()[\]](?=\s)|[()[\]]/g)) cut = m.index;
  return { clause: left.slice(cut + 1).trim(), ...(time ? { time } : {}) };
}

function purposeFor(trigger: Trigger): Purpose | undefined {
  if (trigger.form === "due" || trigger.form === "deadline") return deadlinePurpose(trigger.purpose);
  if (trigger.form === "set" && namesDeadline(trigger.purpose)) return deadlinePurpose(trigger.purpose);
  return eventPurpose(trigger.purpose);
}

/** The dates one entry sets, moves or cancels, in the order the entry states them. */
export function extractMentions(entry: CourtDateEntryInput, index: number): CourtDateMention[] {
  const text = normalise(entryTextOf(entry));
  if (text === "") return [];
  const source = sourceOf(entry, index);
  const mentions: CourtDateMention[] = [];
  // The purpose of a date being replaced, carried to the new date ("is continued to D2").
  let replaced: Purpose | undefined;
  let from = 0;
  for (const d of findDates(text)) {
    const { clause, time: timeBefore } = clauseBefore(text, from, d);
    from = d.end;
    const carried = replaced;
    replaced = undefined;
    const trigger = readTrigger(clause);
    if (!trigger) continue;
    let purpose = purposeFor(trigger);
    const after = text.slice(d.end, d.end + 240);
    const fate = readAfter(after);
    if (carried && (trigger.moves || !purpose)) purpose = carried;
    if (!purpose) continue;
    if (fate === "replaced") {
      replaced = purpose;
      continue;
    }
    const cancels = fate === "cancelled" || (trigger.cancelsBefore && !carried);
    const time = d.time ?? timeBefore;
    const place = purpose.kind === "deadline" ? undefined : placeAfter(text.slice(d.end, d.end + 200));
    const judge = purpose.kind === "deadline" ? undefined : judgeAfter(after);
    mentions.push({
      key: purpose.key,
      kind: purpose.kind,
      title: purpose.title,
      date: d.date,
      ...(time ? { time } : {}),
      ...(place ? { place } : {}),
      ...(judge ? { judge } : {}),
      source,
      confidence: trigger.confidence,
      ...(cancels ? { cancels: true } : {}),
    });
  }
  return mentions;
}

/**
 * The whole docket's dates: entries read oldest first (./entry-order.ts), a later mention of a key
 * superseding an earlier one (./supersede.ts); sorted by date, then time. Mentions below
 * CALENDAR_CONFIDENCE are left out.
 */
export function extractCourtDates(entries: readonly CourtDateEntryInput[]): CourtDate[] {
  if (!Array.isArray(entries)) return [];
  const mentions: CourtDateMention[] = [];
  for (const i of chronological(entries)) {
    const e = entries[i];
    if (e === null || typeof e !== "object") continue;
    for (const m of extractMentions(e, i)) if (m.confidence >= CALENDAR_CONFIDENCE) mentions.push(m);
  }
  return supersede(mentions);
}
