/**
 * Court dates from the entries docketbot already has (issue 16, item 3): a push delivered, or a
 * docket fetched for the case view. Pure extraction (court/deadlines/extract.ts) and one store
 * write; never a call to the docket service. The matters given are noted as following the case
 * (a push's client_matter; the channel's matters that track the case).
 */
import type { CourtDate, CourtDateEntryInput } from "../../court/deadlines/court-date.ts";
import { extractCourtDates } from "../../court/deadlines/extract.ts";
import { courtLongName } from "../../court/labels.ts";
import type { RecordCourtDatesResult } from "../../store/store.ts";
import type { DeadlinesStore } from "./deps.ts";

export interface IngestInput {
  court: string;
  docket: string;
  caseTitle?: string | undefined;
  matters: readonly string[];
  /** The entries read, or dates already extracted from them. */
  entries?: readonly CourtDateEntryInput[] | undefined;
  dates?: readonly CourtDate[] | undefined;
}

/** Records the case's dates; undefined (nothing written) when the entries set none. */
export async function ingestCourtDates(store: Pick<DeadlinesStore, "recordCourtDates">, input: IngestInput): Promise<RecordCourtDatesResult | undefined> {
  const dates = input.dates ?? extractCourtDates(input.entries ?? []);
  if (dates.length === 0) return undefined;
  return store.recordCourtDates({
    court: courtLongName(input.court), docket: input.docket, caseTitle: input.caseTitle,
    matters: input.matters.filter((m) => m !== ""), dates,
  });
}
