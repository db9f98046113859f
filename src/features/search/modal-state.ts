/**
 * The search modal's private_metadata: what was last searched and where View should show cases.
 * Slack hands it back unchanged, but it is still parsed defensively.
 */
import { z } from "zod";
import { SEARCH_COURT_MAX, SEARCH_QUERY_MAX } from "./views/search-modal.ts";
import { parseUntrustedObject } from "../../slack/blockkit/untrusted-json.ts";

const State = z.object({
  q: z.string().max(SEARCH_QUERY_MAX).optional(),
  c: z.string().max(SEARCH_COURT_MAX).optional(),
  d: z.string().regex(/^[CGD][A-Z0-9]{2,30}$/).optional(),
});

export interface SearchModalState {
  query?: string | undefined;
  court?: string | undefined;
  /** The channel picked in "Show cases in" at the last search. */
  destination?: string | undefined;
}

export function encodeModalState(s: SearchModalState): string {
  const wire: Record<string, string> = {};
  if (s.query) wire.q = s.query;
  if (s.court) wire.c = s.court;
  if (s.destination) wire.d = s.destination;
  return JSON.stringify(wire);
}

export function decodeModalState(raw: unknown): SearchModalState | undefined {
  const parsed = State.safeParse(parseUntrustedObject(raw, 3_000));
  if (!parsed.success) return undefined;
  return { query: parsed.data.q, court: parsed.data.c, destination: parsed.data.d };
}
