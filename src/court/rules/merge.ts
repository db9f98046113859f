/**
 * Stated and computed deadlines side by side (issue 23, item 5.3). A date the court states always
 * wins: it is what the court will enforce, whatever the rule would give. When the court states a
 * date for the same purpose as a computed one and the two differ, both are returned with the
 * difference in days, so the team sees either an order that changed the time or a computation to
 * distrust. A computed date with no stated counterpart stands alone, marked "computed — verify".
 *
 * Matching: a stated date and a computed one match when their purposes agree (the stated key's
 * words, ../deadlines/purposes.ts, against the rule the computed one follows) and the stated date
 * comes from the trigger's own entry (a clerk's "answer due 4/3/2023" on the return of service) or
 * from a later entry (an order setting the opposition date); the nearest such entry is taken.
 * "Later" is in docketing order, not the list's: the service sends a docket newest first, where a
 * higher index is an older entry (an old case's "Responses due 1/13/2025" had taken the place of
 * a new motion's opposition date). A stated date before the trigger's own day answers another
 * filing, never this one.
 */
import type { DocketingRank } from "../deadlines/entry-order.ts";
import type { ComputedDeadline } from "./computed-deadline.ts";
import { daysBetween, type IsoDay } from "./iso-day.ts";

/** The parts of a stated date read here: a CourtDate or CourtDateMention (../deadlines/court-date.ts). */
export interface StatedDeadline {
  key: string;
  title: string;
  date: IsoDay;
  source: { entryIndex: number; entryNumber?: string; entryDate: string };
  cancels?: boolean;
  status?: string;
}

export interface MergedDeadline<S extends StatedDeadline = StatedDeadline> {
  /** The date to show and remind of: the stated one when there is one. */
  date: IsoDay;
  source: "court" | "computed";
  stated?: S;
  computed?: ComputedDeadline;
  /** computed.date minus stated.date in days, when both exist and differ. */
  differenceDays?: number;
}

/** The stated keys each computed rule's purpose matches. */
const PURPOSES: readonly [RegExp, RegExp][] = [
  [/^answer-/, /^deadline:(?:answers?|respon\w*-(?:\w+-)*complaint)\b/],
  [/^opposition$/, /^deadline:(?:opposition|respon\w*|answering-brief)\b/],
  [/^reply$/, /^deadline:repl(?:y|ies)\b/],
  [/^rule-59-motion$/, /^deadline:(?:\w+-)*(?:new-trial|alter|rule-59)\b/],
  [/^notice-of-appeal/, /^deadline:(?:notice-)?appeal\b/],
];

/** Whether a stated date's key (`deadline:answer`) is for the purpose of a computed deadline's key. */
export function rulePurposeMatches(computedKey: string, statedKey: string): boolean {
  const id = computedKey.split(":")[1] ?? "";
  return PURPOSES.some(([rule, stated]) => rule.test(id) && stated.test(statedKey));
}

/**
 * Every deadline once: stated ones (each at most once), and computed ones either attached to the
 * stated date they match or standing alone. Stated dates that cancel are not deadlines and match
 * nothing. Order: by date, stated before computed on the same day.
 */
export function mergeDeadlines<S extends StatedDeadline>(stated: readonly S[], computed: readonly ComputedDeadline[], rankOf?: DocketingRank): MergedDeadline<S>[] {
  return matchDeadlines(stated, computed, rankOf).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.source === b.source ? 0 : a.source === "court" ? -1 : 1));
}

/**
 * mergeDeadlines unsorted, for a caller that orders the result its own way (docket-dates.ts).
 * `rankOf` gives an entry's place in docketing order from its index in the list read
 * (../deadlines/entry-order.ts `docketingRank`); without it the list is taken as oldest first.
 */
export function matchDeadlines<S extends StatedDeadline>(stated: readonly S[], computed: readonly ComputedDeadline[], rankOf: DocketingRank = (i) => i): MergedDeadline<S>[] {
  const live = stated.filter((s) => !s.cancels && s.status !== "cancelled");
  const out: MergedDeadline<S>[] = live.map((s) => ({ date: s.date, source: "court", stated: s }));
  // The stated dates of each purpose, nearest entry first (ties in the order given), read once: a
  // long docket has thousands of each, and testing every pair grew with their product.
  const byPurpose = PURPOSES.map(([, statedKey]) =>
    out.map((m, at) => ({ m, at, index: rankOf(m.stated!.source.entryIndex) }))
      .filter(({ m }) => statedKey.test(m.stated!.key))
      .sort((a, b) => a.index - b.index || a.at - b.at));
  for (const c of computed) {
    const id = c.key.split(":")[1] ?? "";
    let best: { m: MergedDeadline<S>; at: number; index: number } | undefined;
    PURPOSES.forEach(([rule], p) => {
      if (!rule.test(id)) return;
      const list = byPurpose[p]!;
      for (let i = firstAtOrAfter(list, rankOf(c.trigger.entryIndex)); i < list.length; i++) {
        const x = list[i]!;
        if (x.m.computed || x.m.stated!.date < c.trigger.eventDate) continue;
        if (!best || x.index < best.index || (x.index === best.index && x.at < best.at)) best = x;
        break;
      }
    });
    if (best) {
      best.m.computed = c;
      const diff = daysBetween(best.m.stated!.date, c.date);
      if (diff !== 0) best.m.differenceDays = diff;
    } else {
      out.push({ date: c.date, source: "computed", computed: c });
    }
  }
  return out;
}

/** The first position in `list` (sorted by index) whose index is at least `index`. */
function firstAtOrAfter(list: readonly { index: number }[], index: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.index < index) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
