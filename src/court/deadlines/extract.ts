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
import type { CourtDate, CourtDateChangeWords, CourtDateEntryInput, CourtDateMention } from "./court-date.ts";
import { readAfter } from "./around.ts";
import { readDatelessCancels } from "./dateless-cancels.ts";
import { isRequest, leadUp, normalise, type LeadUp } from "./clauses.ts";
import { applyCorrections, findCorrections } from "./corrections.ts";
import { findDates, type DatePhrase } from "./date-phrases.ts";
import { enteredOn, eventNamedAfter, namedByHeading, sentencesOf, yearlessEvidence } from "./entry-hints.ts";
import { cancelWordsAfter, cancelWordsBefore, movedHeading, moveWordsIn } from "./move-words.ts";
import { readRelative } from "./relative.ts";
import { periodsOfEntry, type ExtractOptions, type PendingRelative } from "./relative-dates.ts";
import { judgeAfter, placeAfter } from "./details.ts";
import { sourceOf, entryTextOf } from "./entry-fields.ts";
import { chronological } from "./entry-order.ts";
import { deadlinePurpose, eventPurpose, namesDeadline, type Purpose } from "./purposes.ts";
import { supersede, type Said } from "./supersede.ts";
import { fromTo, leadIn, purposeAfterUntil, readTrigger, triggerAfter, type Trigger } from "./triggers.ts";

/** Mentions below this are too loose to calendar; extractCourtDates leaves them out. */
export const CALENDAR_CONFIDENCE = 0.5;

// Clerks void an entry in capitals: its dates no longer stand (observed in the real dockets).
const VOID = /ENTERED IN ERROR|PLEASE DISREGARD|DELETED INCORRECT ENTRY|DOCKETED IN ERROR|WILL NOT TAKE PLACE|INCORRECT INFORMATION/;

function purposeFor(t: Trigger): Purpose | undefined {
  if (t.deadline || (t.form === "set" && namesDeadline(t.purpose))) {
    return deadlinePurpose(t.purpose, t.form === "filed-by" || t.form === "extended");
  }
  return eventPurpose(t.purpose, t.firstHead);
}

/** The trigger and purpose of one date: from its clause, else its sentence, else what follows. */
function read(clause: string, sentence: string, whole: string, after: string): { trigger: Trigger; purpose?: Purpose } | undefined {
  for (const words of clause === sentence ? [clause] : [clause, sentence]) {
    const lead = leadIn(words);
    const trigger = /^to$/i.test(words.trim()) ? fromTo(whole) : lead ? triggerAfter(lead, after) : readTrigger(words);
    if (!trigger) continue;
    const untilPurpose = trigger.purpose === "" && trigger.form === "extended" ? purposeAfterUntil(after) : undefined;
    const purpose = purposeFor(untilPurpose ? { ...trigger, purpose: untilPurpose } : trigger);
    if (purpose || trigger.moves || words === sentence) return { trigger, ...(purpose ? { purpose } : {}) };
  }
  return undefined;
}

/** What one entry says: its dated mentions, and periods waiting for an earlier entry's event. */
export interface EntryReading {
  mentions: CourtDateMention[];
  pending: PendingRelative[];
}

/** The dates one entry sets, moves or cancels, in the order the entry states them. */
export function extractMentions(entry: CourtDateEntryInput, index: number, options: ExtractOptions = {}): CourtDateMention[] {
  return readEntry(entry, index, options).mentions;
}

/** The date being replaced in "X set for D1 is continued to D2": its purpose, date and the words. */
interface Replaced {
  purpose: Purpose;
  date: string;
  time?: string;
  words: string;
}

/** extractMentions, and the periods whose event an earlier entry dates (issue 23, item 4). */
export function readEntry(entry: CourtDateEntryInput, index: number, options: ExtractOptions = {}): EntryReading {
  const text = normalise(entryTextOf(entry));
  if (text === "" || VOID.test(text)) return { mentions: [], pending: [] };
  const source = sourceOf(entry, index);
  const found: { m: CourtDateMention; at: number }[] = [];
  const dates = findDates(text, source.entryDate || undefined);
  const corrections = findCorrections(text, (at) => dates.find((d) => d.start >= at && d.start - at < 4));
  const heading = movedHeading(text);
  let replaced: Replaced | undefined;
  let from = 0;
  let prev: DatePhrase | undefined;
  for (const d of dates) {
    const lead = leadUp(text, from, d);
    from = d.end;
    const carried = replaced;
    replaced = undefined;
    const before = prev;
    prev = d;
    if (corrections.some((c) => d.start > c.at && d.start - c.at < 40)) continue;
    const after = text.slice(d.end, d.end + 240);
    const r = read(lead.clause, lead.sentence, lead.wholeSentence, after) ?? (d.yearless ? eventNamedAfter(lead.clause, lead.wholeSentence, after) : undefined);
    if (!r) continue;
    let { purpose } = r;
    const { trigger } = r;
    let confidence = trigger.confidence;
    if (carried && (trigger.moves || !purpose)) purpose = carried.purpose;
    if (!purpose && (trigger.form === "set" || trigger.form === "held")) {
      // "Notice of Hearing Re: [47-1] Application ... by R. Dean Johnson, CPA scheduled For 10:30".
      purpose = eventPurpose(lead.wholeSentence);
      confidence = Math.min(confidence, 0.8);
    }
    if (!purpose) continue;
    purpose = namedByHeading(purpose, text);
    const fate = readAfter(after);
    const time = d.time ?? lead.time;
    if (fate === "replaced") {
      replaced = { purpose, date: d.date, ...(time ? { time } : {}), words: moveWordsIn(after.slice(0, 120).split(/[.;]/)[0]!) ?? "replaced" };
      continue;
    }
    if (isRequest(lead.wholeSentence)) confidence = Math.min(confidence, 0.4);
    if (d.yearless) confidence = Math.min(confidence, 0.85);
    if (fate === "cancelled-all") {
      const sentenceStart = d.start - lead.wholeSentence.length;
      for (const f of found) if (f.at >= sentenceStart) f.m.cancels = true, f.m.change = { verb: "vacates", words: cancelWordsAfter(after) };
    }
    const cancels = fate !== "none" || (trigger.cancelsBefore && !carried && !trigger.moves);
    const change = cancels
      ? { verb: "vacates" as const, words: fate !== "none" ? cancelWordsAfter(after) : cancelWordsBefore(lead.sentence) }
      : moveOf(carried, lead, before, purpose.kind === "deadline" && !/^amended/i.test(heading ?? "") ? undefined : heading);
    const place = purpose.kind === "deadline" ? undefined : placeAfter(after);
    const judge = purpose.kind === "deadline" ? undefined : judgeAfter(after);
    const evidence = d.yearless ? [yearlessEvidence(text.slice(d.start, d.end), d.date, source.entryDate)] : undefined;
    const m: CourtDateMention = {
      key: purpose.key, kind: purpose.kind, title: purpose.title, date: d.date,
      ...(time ? { time } : {}), ...(place ? { place } : {}), ...(judge ? { judge } : {}),
      source, confidence, ...(cancels ? { cancels: true } : {}), ...(change ? { change } : {}), ...(evidence ? { evidence } : {}),
    };
    found.push({ m, at: d.start });
  }
  applyCorrections(found, corrections);
  const periods = periodsOfEntry(sentencesOf(text), readRelative, found, source, options, enteredOn(text));
  const all = [...found, ...periods.mentions].sort((a, b) => a.at - b.at);
  return { mentions: withoutEchoes(all.map((f) => f.m)), pending: periods.pending };
}

/** The change words of a set mention: carried from the date it replaces, or its own sentence's. */
function moveOf(carried: Replaced | undefined, lead: LeadUp, before: DatePhrase | undefined, heading: string | undefined): CourtDateChangeWords | undefined {
  if (carried) return { verb: "moves", words: carried.words, replaces: { date: carried.date, ...(carried.time ? { time: carried.time } : {}) } };
  const own = moveWordsIn(lead.sentence);
  if (own) return { verb: "moves", words: own };
  // "continued from D1 to D2": the words sit before D1, which is the date replaced.
  const fromTo = /^\s*to\s*$/i.test(lead.clause) ? moveWordsIn(lead.wholeSentence) : undefined;
  if (fromTo && before) return { verb: "moves", words: fromTo, replaces: { date: before.date, ...(before.time ? { time: before.time } : {}) } };
  return heading ? { verb: "moves", words: heading } : undefined;
}

/**
 * "waived his presence at the hearing set for 6/18/09" beside "status conference on 6/18/2009":
 * a bare "hearing" on the day another event of the entry names is that event, said again.
 */
function withoutEchoes(ms: CourtDateMention[]): CourtDateMention[] {
  const echo = (m: CourtDateMention, o: CourtDateMention, k: number, j: number) =>
    o !== m && o.date === m.date && o.kind !== "deadline" && !!o.cancels === !!m.cancels &&
    // a bare "hearing" beside a named event; an event of the same kind and day again without the
    // time it has elsewhere; or a second name for an event of the same kind, day and time ("The initial
    // pre-trial conference ... is adjourned to March 30, 2021 at 3:00 p.m. ... Initial Conference
    // set for 3/30/2021 at 03:00 PM"), where the surer, else the first, name stands
    ((m.key === "hearing:hearing" && o.key !== m.key) ||
      (o.kind === m.kind && m.time === undefined && o.time !== undefined) ||
      (o.kind === m.kind && m.time !== undefined && o.time === m.time && (o.confidence > m.confidence || (o.confidence === m.confidence && j < k))));
  return ms.filter((m, k) => !ms.some((o, j) => echo(m, o, k, j)));
}

/**
 * The whole docket's dates: entries read oldest first (./entry-order.ts), a later mention of a key
 * superseding an earlier one and a dateless "vacating Status Conference" cancelling it
 * (./supersede.ts, ./dateless-cancels.ts); sorted by date, then time. Mentions below
 * CALENDAR_CONFIDENCE are left out.
 */
export function extractCourtDates(entries: readonly CourtDateEntryInput[], options: ExtractOptions = {}): CourtDate[] {
  if (!Array.isArray(entries)) return [];
  const said: Said[] = [];
  for (const i of chronological(entries)) {
    const e = entries[i];
    if (e === null || typeof e !== "object") continue;
    const { mentions, pending } = readEntry(e, i, options);
    for (const m of mentions) if (m.confidence >= CALENDAR_CONFIDENCE) said.push(m);
    said.push(...pending.filter((p) => p.relative.confidence >= CALENDAR_CONFIDENCE));
    said.push(...readDatelessCancels(e, i));
  }
  return supersede(said, options);
}
