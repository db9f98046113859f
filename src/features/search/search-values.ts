/**
 * What a "More results" / "Previous" button carries: the query and the offset of the page it
 * shows, so paging needs no server-side state. Values come back from Slack untrusted: validated.
 */
import { z } from "zod";
import { SLACK_LIMITS } from "../../slack/blockkit/limits.ts";
import { parseUntrustedObject } from "../../slack/blockkit/untrusted-json.ts";

const CONTROL = /[\u0000-\u001F\u007F]/;
/** The query the service saw, court filter included (the modal adds one). */
export const SEARCH_Q_MAX = 800;

const SearchPageValue = z.object({
  q: z.string().min(1).max(SEARCH_Q_MAX).refine((q) => q.trim() !== "" && !CONTROL.test(q)),
  o: z.number().int().min(0).max(1_000_000),
});

export interface SearchPageValue {
  q: string;
  offset: number;
}

/** Compact JSON; undefined when it would not fit a button (no button is better than a broken one). */
export function encodeSearchPage(v: SearchPageValue): string | undefined {
  const raw = JSON.stringify({ q: v.q, o: v.offset });
  return raw.length <= SLACK_LIMITS.buttonValue && decodeSearchPage(raw) ? raw : undefined;
}

export function decodeSearchPage(raw: unknown): SearchPageValue | undefined {
  const parsed = SearchPageValue.safeParse(parseUntrustedObject(raw, SLACK_LIMITS.buttonValue));
  return parsed.success ? { q: parsed.data.q, offset: parsed.data.o } : undefined;
}

/** The Previous / More values around a page (size: the page size used). */
export function pagingValues(page: { q: string; offset: number; hits: readonly unknown[]; hasMore: boolean }, size: number) {
  return {
    previousValue: page.offset > 0 ? encodeSearchPage({ q: page.q, offset: Math.max(0, page.offset - size) }) : undefined,
    nextValue: page.hasMore ? encodeSearchPage({ q: page.q, offset: page.offset + page.hits.length }) : undefined,
  };
}
