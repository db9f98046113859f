/**
 * The Track modal's private_metadata: where it was opened (the channel whose matters it may use),
 * which cases it offers, and the matter it showed when the channel had only one. Slack returns it
 * untouched, but it is still decoded defensively: an old or odd form is refused, not guessed at.
 */
import { z } from "zod";
import type { CaseRef } from "../../court/refs.ts";
import { codec } from "../../slack/blockkit/codec.ts";
import { SLACK_LIMITS } from "../../slack/blockkit/limits.ts";

export interface TrackModalState {
  channelId: string | undefined;
  cases: CaseRef[];
  /** The one matter the modal named, when it showed no matter select. */
  matter?: string | undefined;
}

const STATE = codec(
  z.object({
    v: z.literal(1),
    ch: z.string().regex(/^[CGD][A-Z0-9]{2,30}$/).optional(),
    /** [court, docket] per case offered (later items, if any, ignored). */
    cs: z.array(z.tuple([z.string().min(1), z.string().min(1)]).rest(z.unknown())).min(1),
    m: z.string().min(1).max(50).optional(),
  }),
  { maxLength: SLACK_LIMITS.privateMetadata, what: "Track modal metadata" },
);

/** Throws RangeError for metadata over Slack's limit or that the submission could not decode. */
export function encodeTrackModalState(s: TrackModalState): string {
  return STATE.mustEncode({ v: 1, ch: s.channelId, cs: s.cases.map((c) => [c.court, c.docket]), m: s.matter });
}

export function decodeTrackModalState(raw: string | undefined): TrackModalState | undefined {
  const w = STATE.decode(raw);
  return w && { channelId: w.ch, cases: w.cs.map(([court, docket]) => ({ court, docket })), matter: w.m };
}
