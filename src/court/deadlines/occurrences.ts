/**
 * The dates of one name on a docket (issue 23, item 3): a name ("conference:status") may have
 * several dates standing at once, since an entry that sets a date without saying it moves another
 * leaves both. Which one a later entry moves, vacates or restates must be identified, never
 * guessed: by its date (the text names it: "set for 12/16 is adjourned to"), or as the only one of
 * its name still ahead. Pure helpers of ./supersede.ts.
 */
import type { CourtDate, CourtDateMention, CourtDateSource } from "./court-date.ts";

/** One standing date and the name it goes by (its `key` may carry an occurrence suffix). */
export interface Occurrence {
  base: string;
  d: CourtDate;
}

/** The same day, and the same time when both give one (a repeat without its time is the same). */
export function sameWhen(a: { date: string; time?: string }, b: { date: string; time?: string }): boolean {
  return a.date === b.date && (a.time === b.time || b.time === undefined || a.time === undefined);
}

/** Not cancelled, and not passed when the entry at `entryDate` was filed. */
export function ahead(o: Occurrence, entryDate: string): boolean {
  return o.d.status !== "cancelled" && (entryDate === "" || o.d.date >= entryDate);
}

/** The occurrence whose current date the text names; undefined when none or several. */
export function byDate(occ: readonly Occurrence[], when: { date: string; time?: string }): Occurrence | undefined {
  const hits = occ.filter((o) => sameWhen(o.d, when));
  const live = hits.filter((o) => o.d.status !== "cancelled");
  const pick = live.length > 0 ? live : hits;
  return pick.length === 1 ? pick[0] : undefined;
}

/** The only occurrence still ahead at `entryDate`, or, none being ahead, the only one at all. */
export function onlyOne(occ: readonly Occurrence[], entryDate: string): Occurrence | undefined {
  const live = occ.filter((o) => ahead(o, entryDate));
  if (live.length === 1) return live[0];
  return live.length === 0 && occ.length === 1 ? occ[0] : undefined;
}

/**
 * Names that say nothing of which event or filing they are, so two dates of them are two things,
 * never a conflict: a transcript's own deadlines (redaction request, redacted transcript, release
 * of the restriction) belong to that transcript; a bare "Hearing" or "Responses due" in a
 * bankruptcy docket is one of many motions' (issue 23, item 3: "the only one of its kind and
 * subject": these have no subject).
 */
export function ownDocument(base: string): boolean {
  return /^deadline:.*(?:transcript|redact)/.test(base) || /^(?:hearing:hearing|conference:conference|deadline:(?:responses?|objections?|repl(?:y|ies)|response-or-objection))$/.test(base);
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 24);

/**
 * A key for another date of `base`: the base itself when no standing date holds it, else the base
 * and the setting entry's number ("conference:status-33"), or its date: stable for a given docket.
 */
export function occurrenceKey(all: readonly Occurrence[], base: string, m: Pick<CourtDateMention, "date" | "source">): string {
  const taken = (k: string) => all.some((o) => o.d.key === k);
  if (!taken(base)) return base;
  const first = `${base}-${slug(m.source.entryNumber ?? "") || m.date}`;
  let key = first;
  for (let n = 2; taken(key); n++) key = `${first}-${n}`;
  return key;
}

const name = (s: CourtDateSource) => (s.entryNumber ? `#${s.entryNumber}` : `the entry of ${s.entryDate}`);

/** The conflict a new date of a name has with the standing one it may or may not replace. */
export function conflictWith(other: CourtDate, m: CourtDateMention, why: "sets" | "moves"): CourtDate["conflict"] {
  const text =
    why === "sets"
      ? `${name(m.source)} sets ${m.title} for ${m.date} without saying it moves the one of ${other.date} (${name(other.source)}): both stand`
      : `${name(m.source)} moves ${m.title} to ${m.date} without saying which of several it moves: all stand`;
  return { key: other.key, title: other.title, date: other.date, ...(other.time ? { time: other.time } : {}), source: other.source, why: text };
}
