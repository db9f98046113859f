/**
 * Dates of the periods ./relative.ts reads (issue 23, item 4), counted with the federal rules'
 * own counting (../rules/count.ts, FRCP 6(a)): forward from the entry's date or a named event
 * ("within fourteen days", "30 days after the close of fact discovery": 6(a)(1), the trigger day
 * excluded, a last day that is a weekend or legal holiday rolling forward) and backward from an
 * event ("one week before the conference": 6(a)(5), "continuing to count backward"). Each date
 * says it was computed and from what: "computed from entry 12 (filed 3/1/2024)".
 *
 * Counting needs the holiday calendar (../rules/holidays.ts, built once per process and passed
 * down): without one, no period is dated rather than dated wrong on a holiday.
 */
import type { HolidayCalendar } from "../rules/holidays.ts";
import { countPeriod } from "../rules/count.ts";
import type { CourtDateComputation, CourtDateMention, CourtDateSource } from "./court-date.ts";
import type { RelativePhrase } from "./relative.ts";

/** What reading periods needs: the holiday calendar, and the court's state for 6(a)(6)(C). */
export interface ExtractOptions {
  calendar?: HolidayCalendar;
  /** Two-letter state of the district (../rules/court-state.ts), for its holidays (forward only). */
  state?: string;
}

/** A period whose named event is not in its own entry: dated once supersede.ts knows the event. */
export interface PendingRelative {
  relative: RelativePhrase;
  source: CourtDateSource;
}

const entryName = (s: CourtDateSource) => (s.entryNumber ? `entry ${s.entryNumber}` : "an entry");

/** The date `days` after (or before) `from` under FRCP 6(a), and the rule text it followed. */
export function countFrom(from: string, days: number, direction: "after" | "before", options: ExtractOptions): { date: string; rule: string } | undefined {
  if (!options.calendar || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return undefined;
  const r = countPeriod({ from, days, direction, ...(options.state ? { state: options.state } : {}) }, options.calendar);
  const base = direction === "after" ? "FRCP 6(a)(1)" : "FRCP 6(a)(1), 6(a)(5) (counted backward)";
  if (r.skipped.length === 0) return { date: r.date, rule: base };
  const why = r.skipped.map((s) => `${s.day} ${s.why}${s.citation ? ` (${s.citation.replace(/;.*$/, "")})` : ""}`).join(", ");
  return { date: r.date, rule: `${base}; 6(a)(1)(C): ${why}, so ${direction === "after" ? "the next" : "the previous"} open day` };
}

export type Anchor = CourtDateComputation["anchor"];

/** The computation of `rel` from `anchor`, or undefined when it cannot be counted. */
export function compute(rel: RelativePhrase, anchor: Anchor, options: ExtractOptions): { date: string; computed: CourtDateComputation } | undefined {
  const counted = countFrom(anchor.date, rel.days, rel.direction, options);
  if (!counted) return undefined;
  const from = anchor.kind === "entry" ? "the entry's date" : `the ${anchor.title} of ${anchor.date}`;
  const note = `computed from ${entryName(anchor.source)} (filed ${anchor.source.entryDate}): ${rel.days} days ${rel.direction} ${from}, ${counted.rule}`;
  return { date: counted.date, computed: { days: rel.days, direction: rel.direction, anchor, rule: counted.rule, words: rel.words, note } };
}

/** The mention a counted period makes, from its own entry. */
export function relativeMention(rel: RelativePhrase, anchor: Anchor, source: CourtDateSource, options: ExtractOptions): CourtDateMention | undefined {
  const c = compute(rel, anchor, options);
  if (!c) return undefined;
  const { key, kind, title } = rel.purpose;
  return { key, kind, title, date: c.date, source, confidence: rel.confidence, computed: c.computed };
}

/** Whether a date of key `candidate` is the event or deadline `anchorKey` names ("conference:conference" is any conference). */
export function namesAnchor(anchorKey: string, candidate: string): boolean {
  const [kind, name] = anchorKey.split(":") as [string, string];
  const [ck, cn] = candidate.split(":") as [string, string];
  if (kind !== ck) return false;
  if (name === kind || name === cn) return true;
  const words = new Set(cn.split("-"));
  return name.split("-").every((w) => words.has(w));
}

/**
 * The one dated mention a period's named event refers to, among `candidates` (the entry's own, or
 * the docket's dates still standing): undefined when none or several match (never a guess).
 */
export function findAnchor<T extends { key: string; date: string; cancels?: boolean; status?: string }>(anchorKey: string, candidates: readonly T[]): T | undefined {
  const live = candidates.filter((c) => !c.cancels && c.status !== "cancelled" && namesAnchor(anchorKey, c.key));
  const exact = live.filter((c) => c.key === anchorKey);
  const pick = exact.length > 0 ? exact : live;
  const dates = new Set(pick.map((c) => c.date));
  return dates.size === 1 ? pick.at(-1) : undefined;
}

/**
 * The periods of one entry's text, each dated from the entry or from an event the entry itself
 * dates, or left pending for supersede.ts when the event is an earlier entry's. A period for a
 * filing the entry also dates outright yields nothing: the court's stated date wins.
 */
export function periodsOfEntry(
  sentences: readonly { text: string; at: number }[],
  read: (sentence: string, at: number) => RelativePhrase[],
  found: readonly { m: CourtDateMention; at: number }[],
  source: CourtDateSource,
  options: ExtractOptions,
  /** The day the clerk entered the entry ("(Entered: 07/27/2005)"), ISO, when the text says. */
  enteredOn?: string,
): { mentions: { m: CourtDateMention; at: number }[]; pending: PendingRelative[] } {
  const mentions: { m: CourtDateMention; at: number }[] = [];
  const pending: PendingRelative[] = [];
  if (!options.calendar || source.entryDate === "") return { mentions, pending };
  const stated = found.map((f) => f.m);
  for (const s of sentences) {
    for (const rel of read(s.text, s.at)) {
      if (stated.some((m) => m.key === rel.purpose.key) || mentions.some((x) => x.m.key === rel.purpose.key)) continue;
      let anchor: Anchor | undefined;
      // FRCP 6(a)(1)(A): the period runs from the event that triggers it: "entry of this Order" is
      // the day it was entered (which may follow the day it was filed and signed).
      if (rel.anchor.kind === "entry") anchor = { kind: "entry", date: (rel.fromEntering && enteredOn) || source.entryDate, source };
      else {
        const key = rel.anchor.key;
        const event = findAnchor(key, stated.filter((m) => m.kind !== "deadline" || key.startsWith("deadline:")));
        if (!event) {
          pending.push({ relative: rel, source });
          continue;
        }
        anchor = { kind: "event", key: event.key, title: event.title, date: event.date, source: event.source };
      }
      const m = relativeMention(rel, anchor, source, options);
      if (m) mentions.push({ m, at: rel.at });
    }
  }
  return { mentions, pending };
}
