/**
 * The search modal's private_metadata: what was last searched and where View should show cases.
 * Slack hands it back unchanged, but it is still parsed defensively.
 */
import { z } from "zod";
import { SEARCH_COURT_MAX, SEARCH_QUERY_MAX } from "./views/search-modal.ts";
import { codec } from "../../slack/blockkit/codec.ts";
import { SLACK_LIMITS } from "../../slack/blockkit/limits.ts";

const STATE = codec(
  z.object({
    q: z.string().max(SEARCH_QUERY_MAX).optional(),
    c: z.string().max(SEARCH_COURT_MAX).optional(),
    d: z.string().regex(/^[CGD][A-Z0-9]{2,30}$/).optional(),
  }),
  { maxLength: SLACK_LIMITS.privateMetadata },
);

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
  // One that would not decode (Slack enforces the inputs' max_length, so only a bug) is carried
  // as none: the form then reads as out of date, as it would have on decode.
  return STATE.encode(wire) ?? "";
}

export function decodeModalState(raw: unknown): SearchModalState | undefined {
  const w = STATE.decode(raw);
  return w && { query: w.q, court: w.c, destination: w.d };
}
