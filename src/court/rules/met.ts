/**
 * Deadlines already met (issue 23, item 2): a later filing of the deadline's paper by the party it
 * names ("Appellee's brief due 12/14" met by "BRIEF filed by Appellee ..."), or, for a rule's
 * deadline, a paper of its kind that names the trigger entry ("MEMORANDUM in Opposition re 12
 * MOTION" for the opposition to motion 12). A deadline that names neither party nor trigger is
 * never marked met: which of several parties' papers would meet it cannot be told.
 *
 * The answer a rule computed from service or a waiver (FRCP 12(a)(1)(A)) also ends when the party
 * served moves under Rule 12 (./rule-12-motion.ts) from the service day to the answer's last day:
 * "serving a motion under this rule alters these periods" (12(a)(4)), so the date is no longer the
 * deadline and is withdrawn the same way, saying why. Only when the motion names its filer and the
 * filer is that party by name (never by a role such as "Defendant", which several parties share):
 * withdrawing another party's answer date would hide a deadline that still runs, so a motion whose
 * filer cannot be told leaves the date standing. A date the court states is never withdrawn so. Pure.
 */
import type { CourtDate, CourtDateEntryInput, CourtDateMet, CourtDateSource } from "../deadlines/court-date.ts";
import { entryTextOf, sourceOf } from "../deadlines/entry-fields.ts";
import { docketingRank, type DocketingRank } from "../deadlines/entry-order.ts";
import { rule12MotionOf, rule12Why, type Rule12Motion } from "./rule-12-motion.ts";

/** The paper a deadline's title names, as the words a filing of it opens with. */
const PAPERS: readonly [RegExp, RegExp][] = [
  [/\bopening brief\b/i, /\b(?:OPENING )?BRIEF\b/i],
  [/\breply brief\b|\brepl(?:y|ies)\b/i, /\bREPLY\b/i],
  [/\bbriefs?\b/i, /\bBRIEF\b/i],
  [/\banswer\b/i, /\bANSWER\b/i],
  [/\b(?:opposition|response|answering brief)\b/i, /\b(?:OPPOSITION|RESPONSE|ANSWERING BRIEF|MEMORANDUM (?:OF LAW )?IN OPPOSITION)\b/i],
];

/** Filings that speak of the paper without being it: a motion to extend, an order, a notice. */
const NOT_THE_PAPER = /^\s*(?:\S+\s+){0,2}?(?:MOTION|ORDER|NOTICE|LETTER|STIPULATION|CONSENT|ENDORSED|MINUTE|SCHEDULING|REQUEST|APPLICATION)\b/i;

/** The party a title names: "Appellee's brief due", "Answer due (Acme Corp.)". */
function partyOf(d: CourtDate): string | undefined {
  const paren = /\(([^)]+)\)\s*$/.exec(d.title)?.[1];
  const possessive = /^([A-Z][\w.-]*(?:\s[A-Z][\w.-]*)*?)(?:'s|s'|’s)\s/.exec(d.title)?.[1];
  const p = (paren ?? possessive)?.trim();
  return p && p.length >= 3 ? p : undefined;
}

/** Words that name no one party: articles, company forms, and roles several parties share. */
const NOT_A_NAME = /^(?:the|and|for|inc|llc|ltd|corp|company|corporation|(?:defendant|plaintiff|appellee|appellant|petitioner|respondent|intervenor|movant|debtor)s?)$/i;

/**
 * The word a filing must say to name `party`: its first distinctive word ("Globex" of "Defendant
 * Globex Corporation", "Hornblower" of "The Hornblower Group"), else its first word of three
 * letters or more ("Appellee" of "Appellee").
 */
function partyWord(party: string): string | undefined {
  const words = party.split(/\s+/).map((w) => w.replace(/^\W+|\W+$/g, "")).filter((w) => w.replace(/\W/g, "").length >= 3);
  return words.find((w) => !NOT_A_NAME.test(w)) ?? words[0];
}

const says = (text: string, word: string) => new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i").test(text);

/** Words of a party a filing names: "Acme Corp." by "Acme"; "Appellee" by "Appellee". */
function namesParty(text: string, party: string): boolean {
  const word = partyWord(party);
  if (!word) return false;
  const by = /\b(?:filed|submitted|served)?\s*by\s+(.{0,160})/i.exec(text)?.[1] ?? text.slice(0, 200);
  return says(by, word);
}

/**
 * Who filed an entry, in the docket's own words: the last "filed by …" (CM/ECF's "Document filed
 * by"), else "on behalf of …", else "by …", up to an attachment list. Undefined when it does not say.
 */
function filerOf(text: string): string | undefined {
  const m = [...text.matchAll(/\bfiled\s+by\s+/gi)].at(-1) ?? /\bon\s+behalf\s+of\s+/i.exec(text) ?? /\bby\s+/i.exec(text);
  if (!m) return undefined;
  const at = m.index + m[0].length;
  return text.slice(at, at + 160).split("(")[0];
}

/**
 * Whether filing `a` was docketed after `b`: by date, then by number. Two entries of one day, one
 * without a number, are ordered by the docket's own order when the caller knows it (`rank`); a
 * list's position alone says nothing (the service lists newest first, other sources oldest first,
 * and a stored date's index is another list's), so without it the filing is not later and the
 * deadline stands: a deadline wrongly marked met is one the clerk never sees again.
 */
function later(a: CourtDateSource, b: CourtDateSource, rank: DocketingRank | undefined): boolean {
  if (a.entryDate !== b.entryDate) return a.entryDate > b.entryDate;
  const x = Number.parseInt(a.entryNumber ?? "", 10);
  const y = Number.parseInt(b.entryNumber ?? "", 10);
  if (Number.isFinite(x) && Number.isFinite(y)) return x > y;
  return rank !== undefined && rank(a.entryIndex) > rank(b.entryIndex);
}

/** Whether a filing could meet `d` at all: a deadline of a known paper naming a party or a trigger. */
function mayBeMet(d: CourtDate): boolean {
  return d.kind === "deadline" && d.status !== "cancelled" && !d.met && PAPERS.some(([t]) => t.test(d.title))
    && (partyOf(d) !== undefined || (d.byRule !== undefined && !d.byRule.courtStates && d.byRule.trigger.entryNumber !== undefined));
}

export type Filing = { source: CourtDateSource; text: string };

/** Whether a filing opens as the paper (the words of PAPERS[i][1]), not as a motion or order about it. */
function opensAs(e: Filing, paper: RegExp): boolean {
  const lead = e.text.slice(0, 80);
  return !NOT_THE_PAPER.test(lead) && paper.test(lead.split(/\s+/).slice(0, 8).join(" "));
}

/** Which paper `d` is a deadline for (an index of PAPERS), if it could be met at all. */
function paperOf(d: CourtDate): number | undefined {
  if (d.kind !== "deadline" || d.status === "cancelled") return undefined;
  const i = PAPERS.findIndex(([title]) => title.test(d.title));
  return i < 0 ? undefined : i;
}

/** The first of `papers` (filings already known to open as d's paper) that meets `d`. */
function meetingAmong(d: CourtDate, papers: readonly Filing[], rank: DocketingRank | undefined): CourtDateMet | undefined {
  const party = partyOf(d);
  const trigger = d.byRule && !d.byRule.courtStates ? d.byRule.trigger.entryNumber : undefined;
  if (!party && !trigger) return undefined;
  const after = d.setBy ?? d.source;
  const names = !party && trigger ? new RegExp(`(?:\\[|\\bre:?\\s*|\\bto\\s)${trigger}\\b`, "i") : undefined;
  for (const e of papers) {
    if (!later(e.source, after, rank)) continue;
    if (party && !namesParty(e.text, party)) continue;
    if (names && !names.test(e.text.slice(0, 240))) continue;
    return { source: e.source, words: e.text.slice(0, 120).trim() };
  }
  return undefined;
}

/**
 * The filing among `entries` that meets `d`, if any. `rank` only when `d` was read from the same
 * list as the filings (a date stored from an earlier push was not).
 */
export function metBy(d: CourtDate, entries: readonly Filing[], rank?: DocketingRank): CourtDateMet | undefined {
  const i = paperOf(d);
  if (i === undefined) return undefined;
  const paper = PAPERS[i]![1];
  return meetingAmong(d, entries.filter((e) => opensAs(e, paper)), rank) ?? (alterable(d) ? alteringAmong(d, rule12Motions(entries)) : undefined);
}

/** The answer periods a Rule 12 motion alters (12(a)(4)): after service or a waiver (12(a)(1)(A)). */
const ALTERED_BY_RULE_12 = /^computed:answer-after-(?:service|waiver):/;

/**
 * The words a filer must say to be `party` for a withdrawal: its first two distinctive words, so
 * "Hornblower New York, LLC" is not "Hornblower Cruises and Events, LLC"; none for a role alone.
 */
function nameWords(party: string): string[] {
  return party.split(/\s+/).map((w) => w.replace(/^\W+|\W+$/g, "")).filter((w) => w.replace(/\W/g, "").length >= 3 && !NOT_A_NAME.test(w)).slice(0, 2);
}

/** Whether `d` is a rule's own answer date, naming its party by name, that a Rule 12 motion alters. */
function alterable(d: CourtDate): boolean {
  const party = partyOf(d);
  return d.kind === "deadline" && d.status !== "cancelled" && d.byRule !== undefined && !d.byRule.courtStates
    && ALTERED_BY_RULE_12.test(d.byRule.key) && party !== undefined && nameWords(party).length > 0;
}

type Rule12Filing = { filing: Filing; kind: Rule12Motion };

function rule12Motions(filings: readonly Filing[]): Rule12Filing[] {
  return filings.flatMap((filing) => {
    const kind = rule12MotionOf(filing.text);
    return kind ? [{ filing, kind }] : [];
  });
}

/**
 * The first of `motions` that alters an alterable `d` (12(a)(4)): filed by d's party, named in the
 * entry as its filer, from the day of service the period runs from to the answer's last day (a
 * motion that day is timely: the day ends at midnight, 6(a)(4)(A)).
 */
function alteringAmong(d: CourtDate, motions: readonly Rule12Filing[]): CourtDateMet | undefined {
  const r = d.byRule!;
  const words = nameWords(partyOf(d)!);
  for (const { filing, kind } of motions) {
    const day = filing.source.entryDate;
    if (day < r.trigger.eventDate || day > r.date) continue;
    const filer = filerOf(filing.text);
    if (filer === undefined || !words.every((w) => says(filer, w))) continue;
    return { source: filing.source, words: filing.text.slice(0, 120).trim(), why: rule12Why(kind, filing.source) };
  }
  return undefined;
}

/** The entries as metBy reads them: source and plain text. */
export function filingsOf(entries: readonly CourtDateEntryInput[]): Filing[] {
  return entries.flatMap((e, i) => filingOf(e, i) ?? []);
}

/** One entry as metBy reads it (undefined for a non-object). */
export function filingOf(entry: CourtDateEntryInput, index: number): Filing | undefined {
  return entry && typeof entry === "object" ? { source: sourceOf(entry, index), text: entryTextOf(entry) } : undefined;
}

/** `dates` with each deadline a later filing meets marked `met`. */
export function metDeadlines(dates: readonly CourtDate[], entries: readonly CourtDateEntryInput[], rank: DocketingRank = docketingRank(entries)): CourtDate[] {
  return dates.some(mayBeMet) ? metDeadlinesAmong(dates, filingsOf(entries), rank) : [...dates];
}

/**
 * The same over filings already read (filingsOf, in entry order): a caller reading a long docket in
 * slices builds them as it goes, rather than in one turn here. `rank` is the list's docketing order.
 */
export function metDeadlinesAmong(dates: readonly CourtDate[], filings: readonly Filing[], rank: DocketingRank): CourtDate[] {
  if (!dates.some(mayBeMet)) return [...dates];
  // Each paper's filings found once: a long docket has thousands of deadlines and of filings, and
  // reading every filing for every deadline grew with their product (a 100,000-entry push).
  const papers = PAPERS.map(([, paper]) => filings.filter((e) => opensAs(e, paper)));
  const motions = dates.some(alterable) ? rule12Motions(filings) : [];
  return dates.map((d) => {
    if (!mayBeMet(d)) return d;
    const met = meetingAmong(d, papers[paperOf(d)!]!, rank) ?? (alterable(d) ? alteringAmong(d, motions) : undefined);
    return met ? { ...d, met } : d;
  });
}
