import type { EmuCase, EmuDocument } from "./corpus/types.ts";
import { roundCents } from "./ledger.ts";

/**
 * Court fees the emulator charges (spec Limits, "What counts as a call" and "Cost behavior").
 * searchpacer/: $0.10 for the initial search plus $0.10 per page of results accessed.
 * Documents and live docket pulls follow the federal schedule the spec implies for PACER: $0.10 per
 * page, capped at $3.00 per item. The spec gives no state-court schedule, so the emulator applies the
 * same one to every court: a client that avoids fees for federal cases avoids them everywhere.
 */
export const PACER_SEARCH_FEE = 0.1;
export const PACER_PAGE_FEE = 0.1;
export const PER_PAGE_FEE = 0.1;
export const ITEM_FEE_CAP = 3;

/** Page 1 is the initial search and its first page; later pages cost one page each. */
export function pacerSearchFee(page: number, resultsOnPage: number): number {
  const pageFee = resultsOnPage > 0 ? PACER_PAGE_FEE : 0;
  return roundCents(page <= 1 ? PACER_SEARCH_FEE + pageFee : pageFee);
}

export function documentFee(doc: Pick<EmuDocument, "pages">): number {
  return roundCents(Math.min(ITEM_FEE_CAP, PER_PAGE_FEE * Math.max(1, doc.pages)));
}

/** A docket report prints about 15 entries to a page. */
export const ENTRIES_PER_DOCKET_PAGE = 15;

export function docketPullFee(k: Pick<EmuCase, "entries">): number {
  const pages = Math.max(1, Math.ceil(k.entries.length / ENTRIES_PER_DOCKET_PAGE));
  return roundCents(Math.min(ITEM_FEE_CAP, PER_PAGE_FEE * pages));
}
