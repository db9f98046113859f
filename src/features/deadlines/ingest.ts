/**
 * Court dates from the entries docketbot already has (issue 16, item 3): a push delivered, or a
 * docket fetched for the case view or a case just tracked. Pure reading (court/rules/docket-dates.ts:
 * the dates the entries state, periods counted on the court's holidays, the rules' deadlines merged
 * in so the court's date wins, deadlines met by later filings marked) and one store write; never a
 * call to the docket service. The matters given are noted as following the case (a push's
 * client_matter; the channel's matters that track the case).
 */
import type { CourtDate, CourtDateEntryInput } from "../../court/deadlines/court-date.ts";
import { courtLongName } from "../../court/labels.ts";
import { oneOfEach } from "../../court/deadlines/same-date.ts";
import { docketDates, type HolidayCalendar } from "../../court/rules/index.ts";
import { createHolidayCalendar } from "../../holidays.ts";
import type { RecordCourtDatesResult } from "../../store/store.ts";
import type { DeadlinesStore } from "./deps.ts";

export interface IngestInput {
  court: string;
  docket: string;
  caseTitle?: string | undefined;
  matters: readonly string[];
  /** The entries read, or dates already read from them. */
  entries?: readonly CourtDateEntryInput[] | undefined;
  dates?: readonly CourtDate[] | undefined;
  /** The process's holiday calendar (main.ts); one is made for this call when absent. */
  holidays?: HolidayCalendar | undefined;
}

/**
 * Every date of a docket's entries, as ingest reads them (the case view shows the same), each date
 * once: the rules count a deadline per trigger entry, so a return of service docketed three times
 * gives three answer dates, which are one (court/deadlines/same-date.ts; the store merges them too).
 */
export function datesOfEntries(input: Pick<IngestInput, "court" | "docket" | "entries" | "holidays">): CourtDate[] {
  const holidays = input.holidays ?? createHolidayCalendar();
  return oneOfEach(docketDates(input.entries ?? [], { court: input.court, docket: input.docket, holidays }));
}

/** Records the case's dates; undefined (nothing written) when the entries set none. */
export async function ingestCourtDates(store: Pick<DeadlinesStore, "recordCourtDates">, input: IngestInput): Promise<RecordCourtDatesResult | undefined> {
  const dates = input.dates ?? datesOfEntries(input);
  if (dates.length === 0) return undefined;
  return store.recordCourtDates({
    court: courtLongName(input.court), docket: input.docket, caseTitle: input.caseTitle,
    matters: input.matters.filter((m) => m !== ""), dates,
  });
}
