/**
 * A clerk's correction later in the same entry (issue 23, item 4: "a correction spread over two
 * sentences updates the same event rather than creating a second"), as real dockets write it:
 * "Hearing scheduled for 10/4/2006 at 11:00 AM at KCF - Courtroom 2 ... Modified on 9/15/2006
 * (cls, ). (CORRECT HEARING TIME WILL BE 9:00 AM)" (njb_2, entry 65). The correction names what it
 * corrects (time or date, and perhaps the event's kind) and applies to the last mention of that
 * kind before it; its words go into that mention's evidence.
 */
import type { CourtDateKind, CourtDateMention } from "./court-date.ts";
import { readTimeAfter } from "./date-phrases.ts";

// The text is normalised first (./clauses.ts): "DATE: " is dropped there, so "CORRECTED HEARING
// DATE: 5/3/2024" reads "CORRECTED HEARING 5/3/2024".
const CORRECTION =
  /\b(?:THE\s+)?CORRECT(?:ED)?\s+(?:(HEARING|CONFERENCE|TRIAL|DEADLINE|DUE)\b\s*)?(?:(TIME|DATE(?:\s+AND\s+TIME)?)\b\s*)?(?:WILL BE|SHOULD BE|IS|SHALL BE|:|-)?\s*/gi;

const KINDS: Readonly<Record<string, CourtDateKind>> = { hearing: "hearing", conference: "conference", trial: "trial", deadline: "deadline", due: "deadline" };

/** A correction found in the text: where it is, what it corrects, and its words. */
export interface Correction {
  at: number;
  kind?: CourtDateKind;
  date?: string;
  time?: string;
  words: string;
}

/**
 * Corrections in `text`: "CORRECT HEARING TIME WILL BE 9:00 AM", "CORRECTED HEARING DATE:
 * 5/3/2024". `dateAt(offset)` answers the date the text has at an offset (the extractor's
 * findDates), so dates are read one way everywhere.
 */
export function findCorrections(text: string, dateAt: (offset: number) => { date: string; time?: string; end: number } | undefined): Correction[] {
  const out: Correction[] = [];
  for (const m of text.matchAll(CORRECTION)) {
    const start = m.index + m[0].length;
    if (!m[1] && !m[2]) continue;
    const kind = m[1] ? KINDS[m[1].toLowerCase()] : undefined;
    const d = m[2] && /^TIME$/i.test(m[2]) ? undefined : dateAt(start);
    const t = d?.time ? { time: d.time, length: 0 } : readTimeAfter(text.slice(d ? d.end : start, (d ? d.end : start) + 40).replace(/^\s*/, " "));
    if (!d && !t) continue;
    const end = d ? d.end : start + (t?.length ?? 0);
    out.push({
      at: m.index, ...(kind ? { kind } : {}), ...(d ? { date: d.date } : {}), ...(t ? { time: t.time } : {}),
      words: text.slice(m.index, end).trim().replace(/[)\].,;\s]+$/, ""),
    });
  }
  return out;
}

/**
 * Applies each correction to the last mention of its kind stated before it (any event when it
 * names no kind): the mention takes the corrected date or time and says so in its evidence.
 * Mentions the corrections do not touch pass through unchanged.
 */
export function applyCorrections(found: readonly { m: CourtDateMention; at: number }[], corrections: readonly Correction[]): void {
  for (const c of corrections) {
    const before = found.filter((f) => f.at < c.at && !f.m.cancels && (c.kind ? f.m.kind === c.kind : f.m.kind !== "deadline"));
    const target = before.at(-1)?.m;
    if (!target) continue;
    if (c.date) target.date = c.date;
    if (c.time) target.time = c.time;
    target.evidence = [...(target.evidence ?? []), `corrected by the entry's own words: "${c.words}"`];
  }
}
