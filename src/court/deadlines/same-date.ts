/**
 * One event per real date (README "Deadlines and hearings": a later entry that says the same date
 * again restates it): two dates of a case are one when they are the same date said twice, whatever
 * keys they came under. Keys alone cannot say so. A second date of a name is keyed by whoever
 * first met it: the extractor by the setting entry (`conference:status-58`, ./occurrences.ts), the
 * store by the day (`conference:status-on-2026-12-09`, store/areas/court-date-merge.ts), and which
 * of two dates holds the bare key depends on which arrived first. A rule's date is keyed by its
 * trigger entry (`computed:answer-after-service:61:0`, ../rules/compute.ts), so the same return of
 * service docketed three times gave three keys for one answer date. Pure.
 *
 * - Stated dates: the same kind, name (title) and day, and the same time where both give one, as
 *   ./occurrences.ts sameWhen and byDate decide within one reading of a docket. Two dates of one
 *   name on different days are not the same date: both stand, the conflict named (./supersede.ts).
 * - A rule's own date (`byRule`, the court stating none): the same rule, the same title (it names
 *   the party when the trigger does), the same event day the period runs from (FRCP 6(a)(1)(A):
 *   "exclude the day of the event that triggers the period") and the same trigger words, so the
 *   same service gives one answer date while two different motions filed on one day each keep
 *   their opposition (each is met by its own opposition, ../rules/met.ts).
 */
import type { CourtDate } from "./court-date.ts";

/** What the rule reads of a date. */
export type DatedEvent = Pick<CourtDate, "kind" | "title" | "date" | "time" | "status" | "byRule">;

const fold = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();
const ruleOwn = (d: DatedEvent) => d.byRule !== undefined && !d.byRule.courtStates;
/** `computed:answer-after-service:61:0` → `answer-after-service`. */
const ruleId = (key: string) => key.split(":")[1] ?? key;

/** Whether `a` and `b` are one date said twice (times: one without a time is the same). */
export function sameDate(a: DatedEvent, b: DatedEvent): boolean {
  if (a.kind !== b.kind || a.date !== b.date || fold(a.title) !== fold(b.title)) return false;
  if (ruleOwn(a) || ruleOwn(b)) {
    if (!ruleOwn(a) || !ruleOwn(b)) return false;
    const x = a.byRule!;
    const y = b.byRule!;
    return ruleId(x.key) === ruleId(y.key) && x.trigger.eventDate === y.trigger.eventDate && fold(x.trigger.words) === fold(y.trigger.words);
  }
  return a.time === b.time || a.time === undefined || b.time === undefined;
}

/** Exactly the same date and time: two of these standing side by side are a duplicate. */
export const duplicates = (a: DatedEvent, b: DatedEvent) => sameDate(a, b) && a.time === b.time;

/**
 * The one date among `dates` (oldest first) that `d` says again: a standing one before a cancelled
 * one, as ./occurrences.ts byDate. Undefined when none, or when it is not identified: an untimed
 * mention beside two times of one day names neither (never guessed). Several that are duplicates
 * of each other are one date: the first (oldest) is it.
 */
export function sameDateAs<T extends DatedEvent>(dates: readonly T[], d: DatedEvent, standing: (t: T) => boolean = (t) => t.status !== "cancelled"): T | undefined {
  const hits = dates.filter((t) => sameDate(t, d));
  const live = hits.filter(standing);
  const pick = live.length > 0 ? live : hits;
  const first = pick[0];
  return first !== undefined && pick.every((t) => duplicates(t, first)) ? first : undefined;
}

/**
 * A docket's dates with each date once (the case card reads them straight from the entries):
 * a later one that says an earlier one again is dropped, the earlier taking its source when it is
 * later (the latest entry to say a date is its source, as the store keeps it).
 */
export function oneOfEach(dates: readonly CourtDate[]): CourtDate[] {
  const out: CourtDate[] = [];
  for (const d of dates) {
    const at = out.findIndex((o) => duplicates(o, d) && o.status === d.status);
    if (at < 0) out.push(d);
    else if (later(d.source, out[at]!.source)) out[at] = { ...out[at]!, source: d.source, ...(d.byRule ? { byRule: d.byRule } : {}) };
  }
  return out;
}

const num = (n: string | undefined) => Number(/^\s*(\d{1,15})/.exec(n ?? "")?.[1] ?? NaN);
function later(a: CourtDate["source"], b: CourtDate["source"]): boolean {
  if (a.entryDate !== b.entryDate) return a.entryDate > b.entryDate;
  return num(a.entryNumber) > num(b.entryNumber);
}
