/**
 * Deadlines already met (issue 23, item 2): a later filing of the deadline's paper by the party it
 * names ("Appellee's brief due 12/14" met by "BRIEF filed by Appellee ..."), or, for a rule's
 * deadline, a paper of its kind that names the trigger entry ("MEMORANDUM in Opposition re 12
 * MOTION" for the opposition to motion 12). A deadline that names neither party nor trigger is
 * never marked met: which of several parties' papers would meet it cannot be told. Pure.
 */
import type { CourtDate, CourtDateEntryInput, CourtDateMet, CourtDateSource } from "../deadlines/court-date.ts";
import { entryTextOf, sourceOf } from "../deadlines/entry-fields.ts";

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

/** Words of a party a filing names: "Acme Corp." by "Acme"; "Appellee" by "Appellee". */
function namesParty(text: string, party: string): boolean {
  const word = party.split(/\s+/).find((w) => w.replace(/\W/g, "").length >= 3)?.replace(/\W+$/, "");
  if (!word) return false;
  const by = /\b(?:filed|submitted|served)?\s*by\s+(.{0,160})/i.exec(text)?.[1] ?? text.slice(0, 200);
  return new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i").test(by);
}

function later(a: CourtDateSource, b: CourtDateSource): boolean {
  if (a.entryDate !== b.entryDate) return a.entryDate > b.entryDate;
  const x = Number.parseInt(a.entryNumber ?? "", 10);
  const y = Number.parseInt(b.entryNumber ?? "", 10);
  return Number.isFinite(x) && Number.isFinite(y) ? x > y : a.entryIndex > b.entryIndex;
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
function meetingAmong(d: CourtDate, papers: readonly Filing[]): CourtDateMet | undefined {
  const party = partyOf(d);
  const trigger = d.byRule && !d.byRule.courtStates ? d.byRule.trigger.entryNumber : undefined;
  if (!party && !trigger) return undefined;
  const after = d.setBy ?? d.source;
  const names = !party && trigger ? new RegExp(`(?:\\[|\\bre:?\\s*|\\bto\\s)${trigger}\\b`, "i") : undefined;
  for (const e of papers) {
    if (!later(e.source, after)) continue;
    if (party && !namesParty(e.text, party)) continue;
    if (names && !names.test(e.text.slice(0, 240))) continue;
    return { source: e.source, words: e.text.slice(0, 120).trim() };
  }
  return undefined;
}

/** The filing among `entries` that meets `d`, if any. */
export function metBy(d: CourtDate, entries: readonly Filing[]): CourtDateMet | undefined {
  const i = paperOf(d);
  if (i === undefined) return undefined;
  const paper = PAPERS[i]![1];
  return meetingAmong(d, entries.filter((e) => opensAs(e, paper)));
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
export function metDeadlines(dates: readonly CourtDate[], entries: readonly CourtDateEntryInput[]): CourtDate[] {
  return dates.some(mayBeMet) ? metDeadlinesAmong(dates, filingsOf(entries)) : [...dates];
}

/**
 * The same over filings already read (filingsOf, in entry order): a caller reading a long docket in
 * slices builds them as it goes, rather than in one turn here.
 */
export function metDeadlinesAmong(dates: readonly CourtDate[], filings: readonly Filing[]): CourtDate[] {
  if (!dates.some(mayBeMet)) return [...dates];
  // Each paper's filings found once: a long docket has thousands of deadlines and of filings, and
  // reading every filing for every deadline grew with their product (a 100,000-entry push).
  const papers = PAPERS.map(([, paper]) => filings.filter((e) => opensAs(e, paper)));
  return dates.map((d) => {
    if (!mayBeMet(d)) return d;
    const met = meetingAmong(d, papers[paperOf(d)!]!);
    return met ? { ...d, met } : d;
  });
}
