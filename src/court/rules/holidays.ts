/**
 * Legal holidays under FRCP 6(a)(6) (identical FRAP 26(a)(6), Fed. R. Bankr. P. 9006(a)(6)):
 * (A) the days set aside by statute for the federal holidays (5 U.S.C. 6103(a)), (B) any day the
 * President or Congress declares a holiday (./closures.ts), and (C) "for periods that are measured
 * after an event, any other day declared a holiday by the State where the district court is
 * located". Dates of (A) and (C) come from `date-holidays` (its US data: the 11 statutory days,
 * Juneteenth "since 2021", and each state's public holidays), with two corrections of ours:
 *
 * - 5 U.S.C. 6103(b) and Exec. Order 11582 move every (A) holiday falling on a Saturday to the
 *   Friday before and on a Sunday to the Monday after, and the courts close that day. The library
 *   does so for most, but not for Veterans Day (Sat. Nov. 11, 2023 was observed Fri. Nov. 10), so
 *   the move is applied here to all of them. New Year's Day on a Saturday is observed Friday
 *   December 31 of the year before (2021-12-31, 2010-12-31): both years are read.
 * - Days the library calls public that the state's own holiday statute does not list are dropped:
 *   New York's Susan B. Anthony Day (Feb. 15) is not in N.Y. Gen. Constr. Law § 24.
 *
 * Known gaps (the result is then earlier, never later, than the rule's): a state's own Sunday-to-
 * Monday rule for its state-only holidays where the library lacks it (N.Y. § 24 moves a Sunday
 * Lincoln's Birthday to Monday); half-day holidays (Delaware's Return Day afternoon, Sussex County
 * only, Del. Code tit. 1 § 501) are not whole days; territories' holidays (Guam, P.R., V.I., N.M.I.)
 * are not read. Whether a state's holiday that its own courts keep open is "declared a holiday by
 * the State" (California's Cesar Chavez Day, Cal. Gov't Code § 6700) is unsettled; we follow the
 * rule's words and count it.
 *
 * The library (all countries' rules, ~26 MB of RSS measured) is handed in as a loader and called
 * only when a year's table is first built: a process that counts no court date never loads it.
 * ../../holidays.ts is the loader every caller uses.
 */
import type Holidays from "date-holidays";
import { EXECUTIVE_CLOSURES, type Closure } from "./closures.ts";
import { addDays, weekday, yearOf, type IsoDay } from "./iso-day.ts";

export type HolidayBasis = "6(a)(6)(A)" | "6(a)(6)(B)" | "6(a)(6)(C)";

export interface LegalHoliday {
  day: IsoDay;
  name: string;
  basis: HolidayBasis;
  citation: string;
}

export interface HolidayQuery {
  /** Two-letter state of the district (./court-state.ts); none for appellate courts. */
  state?: string;
  /** True for a period measured after an event: only then do state holidays count (6(a)(6)(C)). */
  forward: boolean;
}

/** The `date-holidays` constructor. */
export type HolidayLibrary = typeof Holidays;

export interface HolidayCalendar {
  holidayOn(day: IsoDay, query: HolidayQuery): LegalHoliday | undefined;
}

/** State holidays the library lists that the state's statute does not: "STATE:name". */
const NOT_STATE_HOLIDAYS: ReadonlySet<string> = new Set(["NY:Susan B. Anthony Day"]);

type YearTable = Map<IsoDay, LegalHoliday>;

function publicDays(holidays: Holidays, year: number): { day: IsoDay; name: string }[] {
  return holidays
    .getHolidays(year)
    .filter((h) => h.type === "public")
    .map((h) => ({ day: h.date.slice(0, 10), name: h.name }));
}

function federalYear(Library: HolidayLibrary, year: number): YearTable {
  const table: YearTable = new Map();
  const us = new Library("US");
  for (const y of [year - 1, year, year + 1]) {
    for (const { day, name } of publicDays(us, y)) {
      const w = weekday(day);
      // 5 U.S.C. 6103(b): Saturday -> Friday before, Sunday -> Monday after.
      const observed = w === 6 ? addDays(day, -1) : w === 0 ? addDays(day, 1) : day;
      for (const d of new Set([day, observed])) {
        if (yearOf(d) !== year || table.has(d)) continue;
        const label = d === day ? name.replace(/ \(substitute day\)$/, " (observed)") : `${name} (observed)`;
        table.set(d, { day: d, name: label, basis: "6(a)(6)(A)", citation: "FRCP 6(a)(6)(A); 5 U.S.C. 6103" });
      }
    }
  }
  return table;
}

function stateYear(Library: HolidayLibrary, state: string, year: number, federal: YearTable): YearTable {
  const table: YearTable = new Map();
  const holidays = new Library("US", state);
  for (const { day, name } of publicDays(holidays, year)) {
    if (federal.has(day) || table.has(day) || NOT_STATE_HOLIDAYS.has(`${state}:${name}`)) continue;
    table.set(day, { day, name, basis: "6(a)(6)(C)", citation: `FRCP 6(a)(6)(C); a legal holiday of ${state}` });
  }
  return table;
}

/**
 * A calendar of legal holidays over the library `library()` returns (called at the first table).
 * Each year's table is built once per calendar (the library's rule parsing is the slow part); make
 * one per process and pass it down (no module singleton).
 */
export function createHolidayCalendarOver(deps: { library: () => HolidayLibrary; closures?: readonly Closure[] }): HolidayCalendar {
  const closures = deps.closures ?? EXECUTIVE_CLOSURES;
  const federal = new Map<number, YearTable>();
  const states = new Map<string, YearTable>();
  let known: ReadonlySet<string> | undefined;

  const federalOf = (year: number): YearTable => {
    let t = federal.get(year);
    if (!t) federal.set(year, (t = federalYear(deps.library(), year)));
    return t;
  };
  const stateOf = (state: string, year: number): YearTable | undefined => {
    known ??= new Set(Object.keys(new (deps.library())().getStates("US") ?? {}));
    if (!known.has(state)) return undefined;
    const key = `${state}:${year}`;
    let t = states.get(key);
    if (!t) states.set(key, (t = stateYear(deps.library(), state, year, federalOf(year))));
    return t;
  };

  return {
    holidayOn(day, query) {
      const year = yearOf(day);
      const statutory = federalOf(year).get(day);
      if (statutory) return statutory;
      const closure = closures.find((c) => c.day === day);
      if (closure) return { day, name: `Government closed: ${closure.why}`, basis: "6(a)(6)(B)", citation: `FRCP 6(a)(6)(B); ${closure.citation}` };
      if (!query.forward || !query.state) return undefined;
      return stateOf(query.state.toUpperCase(), year)?.get(day);
    },
  };
}
