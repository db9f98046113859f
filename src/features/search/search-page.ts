/**
 * One page of the service's own search (spec, GET search/: `q`, `offset`, `limit`, a total count;
 * free, one call per page). No Slack here: the command, its paging buttons and the modal share it.
 */
import { resolveCourt } from "../../court/courts.ts";
import type { DocketClient } from "../../docket/client.ts";
import type { CallOptions } from "../../docket/requests.ts";
import type { SearchHit } from "./views/search-results.ts";

/** Ten cases a page: what a lawyer scans at a glance, and well inside one Slack message. */
export const SEARCH_PAGE_SIZE = 10;

export interface SearchPage {
  q: string;
  offset: number;
  hits: SearchHit[];
  /** The service's total, when it sent one. */
  total: number | undefined;
  /** Whether a further page exists. */
  hasMore: boolean;
}

export async function fetchSearchPage(docket: DocketClient, q: string, offset: number, opts: CallOptions): Promise<SearchPage> {
  const { data } = await docket.search({ q, offset, limit: SEARCH_PAGE_SIZE }, opts);
  const hits = data.results.slice(0, SEARCH_PAGE_SIZE).map((r) => ({ title: r.title, court: r.court, docket: r.docket, date_filed: r.date_filed }));
  const total = data.total;
  // Without a total, a full page suggests more; the next page answers "no more results" if not.
  const hasMore = total !== undefined ? offset + hits.length < total : hits.length >= SEARCH_PAGE_SIZE;
  return { q, offset, hits, total, hasMore };
}

/**
 * The modal's court field as the query language's filter (observed-facts.md: `court:(...)`): a
 * court we know (`nysd`, `S.D.N.Y.`) by its long name, any other (a state court) by the words typed.
 */
export function withCourtFilter(query: string, court: string | undefined): string {
  const typed = (court ?? "").replace(/["()\\]/g, " ").replace(/\s+/g, " ").trim();
  if (typed === "") return query;
  const name = resolveCourt(typed)?.name ?? typed;
  return `${query} court:("${name}")`;
}
