/**
 * The rules' own deadlines each docket entry starts (a motion's opposition and reply, a served
 * summons' answer): those the court states no date for, still standing (not met, not vacated),
 * keyed by the entry that triggered them. One reading for the alert's date lines and for the
 * push plan that makes such an entry notable.
 */
import { isStanding, type CourtDate } from "../deadlines/court-date.ts";

/** The key of an entry as a trigger: its number and ISO filing date. */
export const triggerKey = (entryNumber: string, entryDate: string): string => `${entryNumber}\u0000${entryDate}`;

/** Standing rule-only deadlines by the entry that starts them, each list soonest first. */
export function deadlinesStartedBy(dates: Iterable<CourtDate>): Map<string, CourtDate[]> {
  const out = new Map<string, CourtDate[]>();
  for (const d of dates) {
    const t = d.byRule?.trigger;
    if (!t || t.entryNumber === undefined || d.byRule!.courtStates || !isStanding(d)) continue;
    const key = triggerKey(t.entryNumber, t.entryDate);
    out.set(key, [...(out.get(key) ?? []), d]);
  }
  for (const list of out.values()) list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return out;
}
