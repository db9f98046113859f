/**
 * What one entry does to a date (issue 16, item 2: "an alert whose filing sets or moves a date says
 * so"): sets it, moves it, or vacates it, read from the entry's own mention and the date as stored
 * after the docket was read (its history tells a first setting from a move). Pure.
 */
import type { CourtDate, CourtDateKind, CourtDateMention } from "./court-date.ts";

export interface CourtDateEffect {
  verb: "sets" | "moves" | "vacates";
  kind: CourtDateKind;
  title: string;
  /** The date (and time) the entry gives; absent for a vacated date. */
  date?: string | undefined;
  time?: string | undefined;
}

const sameSource = (a: CourtDateMention["source"], b: CourtDate["source"]) =>
  a.entryDate === b.entryDate && (a.entryNumber ?? "") === (b.entryNumber ?? "");

/**
 * The effect of `mention` given the stored date of its key (undefined when none is stored, e.g. a
 * mention below the calendar confidence). A mention that is not the date's latest source (a later
 * entry superseded it) still "sets" what it says.
 */
export function courtDateEffect(mention: CourtDateMention, stored: CourtDate | undefined): CourtDateEffect {
  if (mention.cancels) return { verb: "vacates", kind: mention.kind, title: stored?.title ?? mention.title };
  const latest = stored !== undefined && sameSource(mention.source, stored.source);
  const moved = latest && stored.history.length > 0 && stored.status === "moved";
  return { verb: moved ? "moves" : "sets", kind: mention.kind, title: mention.title, date: mention.date, ...(mention.time ? { time: mention.time } : {}) };
}

/** Each key once, the last mention of it in the entry winning (an entry that sets then resets). */
export function effectsOfEntry(mentions: readonly CourtDateMention[], stored: ReadonlyMap<string, CourtDate>): CourtDateEffect[] {
  const byKey = new Map<string, CourtDateMention>();
  for (const m of mentions) byKey.set(m.key, m);
  return [...byKey.values()].map((m) => courtDateEffect(m, stored.get(m.key)));
}
