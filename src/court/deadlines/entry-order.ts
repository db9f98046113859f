/**
 * Entries in the order they were docketed, for reading later mentions after earlier ones (issue
 * 16: "read entries in chronological order"). The service sends `docket_report` newest first
 * (observed-facts.md; ../shared/fixtures/real-dockets/README.md), other sources oldest first, so
 * the list's own direction is read from its dates. Order: entry date, then document number, then
 * position. An entry without a number sorts just after the numbered entry before it, which keeps
 * the order total (a sort with "compare numbers only when both have one" is not).
 */
import type { CourtDateEntryInput } from "./court-date.ts";
import { entryDateOf, entryNumberOf } from "./entry-fields.ts";

function numeric(n: string | undefined): number | undefined {
  if (n === undefined || !/^\d{1,12}$/.test(n)) return undefined;
  return Number(n);
}

/**
 * Indices of `entries`, oldest first. `days`, when the caller has already read each entry's date
 * (push planning reads them in chunks that yield), are `yyyymmdd` numbers, -1 when undated:
 * reading 100,000 dates again here would hold the event loop ~90 ms.
 */
export function chronological(entries: readonly CourtDateEntryInput[], days?: readonly number[]): number[] {
  const n = entries.length;
  const dates: readonly (string | number)[] = days ?? entries.map((e) => (e && typeof e === "object" ? entryDateOf(e) : ""));
  const undated = days ? -1 : "";
  const dated = dates.filter((d) => d !== undated);
  // Newest first when the first dated entry is later than the last one.
  const newestFirst = dated.length > 1 && dated[0]! > dated[dated.length - 1]!;
  const order = Array.from({ length: n }, (_, k) => (newestFirst ? n - 1 - k : k));
  // Number of each entry, or of the nearest numbered entry before it in docketing order.
  const number: number[] = new Array<number>(n).fill(-1);
  let carry = -1;
  for (const i of order) {
    const e = entries[i];
    const own = e && typeof e === "object" ? numeric(entryNumberOf(e)) : undefined;
    if (own !== undefined) carry = own;
    number[i] = carry;
  }
  const position: number[] = new Array<number>(n);
  order.forEach((i, k) => (position[i] = k));
  const compare = (a: number, b: number) => {
    const da = dates[a]!;
    const db = dates[b]!;
    if (da !== db) return da < db ? -1 : 1;
    return number[a]! - number[b]! || position[a]! - position[b]!;
  };
  // A docket read in its own direction is almost always in order already: one pass says so.
  let sorted = true;
  for (let k = 1; k < n && sorted; k++) sorted = compare(order[k - 1]!, order[k]!) <= 0;
  return sorted ? order : order.slice().sort(compare);
}

/** An entry's place in docketing order, from its index in the list read (docketingRank). */
export type DocketingRank = (entryIndex: number) => number;

/**
 * Each entry's place in docketing order, by its index in `entries` (the inverse of chronological):
 * what "a later entry" means whichever way the list runs. `order` is chronological's answer when
 * the caller has it already.
 */
export function docketingRank(entries: readonly CourtDateEntryInput[], order: readonly number[] = chronological(entries)): DocketingRank {
  const rank = new Array<number>(entries.length);
  order.forEach((i, k) => (rank[i] = k));
  // An index outside the list (a stored date's, -1) keeps its own value: it is compared only with itself.
  return (i) => rank[i] ?? i;
}
