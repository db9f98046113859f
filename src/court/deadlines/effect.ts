/**
 * What one entry does to a date (issue 16, item 2: "an alert whose filing sets or moves a date says
 * so"; issue 23, item 3: "none guessed"): sets it, moves it, or vacates it. An entry moves a date
 * only when its own text says so (the mention's `change`, ./move-words.ts); a date it only says
 * again is `restated`, and one it sets beside another of the same name carries the `conflict`
 * (./supersede.ts). Read from the entry's own mention and the date as stored after the docket was
 * read. Pure.
 */
import type { CourtDate, CourtDateConflict, CourtDateEvidence, CourtDateKind, CourtDateMention } from "./court-date.ts";

export interface CourtDateEffect {
  verb: "sets" | "moves" | "vacates";
  kind: CourtDateKind;
  title: string;
  /** The date (and time) the entry gives; absent for a vacated date. */
  date?: string | undefined;
  time?: string | undefined;
  /** The entry and its words that moved or vacated the date. */
  evidence?: CourtDateEvidence | undefined;
  /** The entry says again a date an earlier entry set: no change. */
  restated?: true | undefined;
  /** Another date of the same name stands beside this one; the text did not say it moves it. */
  conflict?: CourtDateConflict | undefined;
  /** "computed from entry 12 (filed 2024-03-01): 14 days after …" for a period's date. */
  computed?: string | undefined;
}

const sameSource = (a: CourtDateMention["source"], b: CourtDate["source"]) =>
  a.entryDate === b.entryDate && (a.entryNumber ?? "") === (b.entryNumber ?? "");

/**
 * The stored date a mention speaks of: its own key, or another date of the same name this
 * entry set (supersede.ts gives a second date of a name its own key, "conference:status-33").
 */
function storedOf(mention: CourtDateMention, stored: ReadonlyMap<string, CourtDate>): CourtDate | undefined {
  for (const d of stored.values()) {
    if (d.key.startsWith(`${mention.key}-`) && d.date === mention.date && sameSource(mention.source, d.setBy ?? d.source)) return d;
  }
  return stored.get(mention.key);
}

/**
 * The effect of `mention` given the stored dates (undefined when none is stored, e.g. a mention
 * below the calendar confidence). A mention that is not the date's latest source still "sets"
 * what it says.
 */
export function courtDateEffect(mention: CourtDateMention, stored: CourtDate | undefined): CourtDateEffect {
  const evidence = mention.change ? { source: mention.source, words: mention.change.words } : undefined;
  if (mention.cancels) return { verb: "vacates", kind: mention.kind, title: stored?.title ?? mention.title, ...(evidence ? { evidence } : {}) };
  const when = { date: mention.date, ...(mention.time ? { time: mention.time } : {}) };
  const base = { kind: mention.kind, title: mention.title, ...when, ...(mention.computed ? { computed: mention.computed.note } : {}) };
  // Moved by this entry: its words said so, and the stored date's last change is this entry's (or,
  // from a store that keeps no evidence, the stored date was moved and this entry is its source).
  const movedHere =
    mention.change?.verb === "moves" && stored !== undefined && stored.date === mention.date && stored.status === "moved" &&
    sameSource(mention.source, stored.changedBy?.source ?? stored.source);
  if (movedHere) return { verb: "moves", ...base, ...(evidence ? { evidence } : {}) };
  const restated = stored !== undefined && stored.date === mention.date && stored.setBy !== undefined && !sameSource(mention.source, stored.setBy);
  const conflict = stored?.conflict && sameSource(mention.source, stored.setBy ?? stored.source) ? stored.conflict : undefined;
  return { verb: "sets", ...base, ...(restated ? { restated: true as const } : {}), ...(conflict ? { conflict } : {}) };
}

/** Each key once, the last mention of it in the entry winning (an entry that sets then resets). */
export function effectsOfEntry(mentions: readonly CourtDateMention[], stored: ReadonlyMap<string, CourtDate>): CourtDateEffect[] {
  const byKey = new Map<string, CourtDateMention>();
  for (const m of mentions) byKey.set(m.key, m);
  return [...byKey.values()].map((m) => courtDateEffect(m, storedOf(m, stored)));
}
