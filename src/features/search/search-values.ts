/**
 * What a "More results" / "Previous" button carries: the query and the offset of the page it
 * shows, so paging needs no server-side state. Values come back from Slack untrusted: validated.
 */
import { z } from "zod";
import { SLACK_LIMITS } from "../../slack/blockkit/limits.ts";
import { codec } from "../../slack/blockkit/codec.ts";

const CONTROL = /[\u0000-\u001F\u007F]/;
/** The query the service saw, court filter included (the modal adds one). */
export const SEARCH_Q_MAX = 800;

const PAGE = codec(
  z.object({
    q: z.string().min(1).max(SEARCH_Q_MAX).refine((q) => q.trim() !== "" && !CONTROL.test(q)),
    o: z.number().int().min(0).max(1_000_000),
  }),
  { maxLength: SLACK_LIMITS.buttonValue },
);

export interface SearchPageValue {
  q: string;
  offset: number;
}

/** Compact JSON; undefined when it would not fit a button (no button is better than a broken one). */
export function encodeSearchPage(v: SearchPageValue): string | undefined {
  return PAGE.encode({ q: v.q, o: v.offset });
}

export function decodeSearchPage(raw: unknown): SearchPageValue | undefined {
  const w = PAGE.decode(raw);
  return w && { q: w.q, offset: w.o };
}

/** The Previous / More values around a page (size: the page size used). */
export function pagingValues(page: { q: string; offset: number; hits: readonly unknown[]; hasMore: boolean }, size: number) {
  return {
    previousValue: page.offset > 0 ? encodeSearchPage({ q: page.q, offset: Math.max(0, page.offset - size) }) : undefined,
    nextValue: page.hasMore ? encodeSearchPage({ q: page.q, offset: page.offset + page.hits.length }) : undefined,
  };
}
