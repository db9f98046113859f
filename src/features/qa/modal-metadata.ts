/**
 * The Ask modal's private_metadata: where the request came from (the channel the answer goes to)
 * and the case, when known. It comes back with the submission and is validated like any input
 * (ids.ts decodeValue does the same for button values).
 */
import { z } from "zod";
import { decodeValue, encodeValue } from "../../slack/blockkit/ids.ts";
import type { CaseRef } from "../../court/refs.ts";
import { codec } from "../../slack/blockkit/codec.ts";
import { SLACK_LIMITS } from "../../slack/blockkit/limits.ts";

export interface AskModalState {
  /** Undefined when the request came from no conversation (App Home): the answer goes to the DM. */
  channelId: string | undefined;
  case?: CaseRef | undefined;
  /**
   * The thread to answer in: the message "Ask about this case" was used on (or the thread it is
   * in), so the answer lands under the colleague's message rather than as a new top-level post.
   */
  threadTs?: string | undefined;
  /** Opened by "Ask a follow-up": a form drawn again (the price of another choice) stays one. */
  followUp?: boolean | undefined;
}

const STATE = codec(
  z.object({
    ch: z.string().regex(/^[CDG][A-Z0-9]{2,30}$/).optional(),
    /** The case as a case button's value (ids.ts), validated the same way. */
    case: z.string().refine((v) => decodeValue(v) !== undefined).optional(),
    t: z.string().regex(/^\d{1,12}\.\d{1,9}$/).optional(),
    f: z.literal(1).optional(),
  }),
  { maxLength: SLACK_LIMITS.privateMetadata, what: "Ask modal metadata" },
);

/** Throws RangeError for a state the submission could not decode (e.g. not a conversation id). */
export function encodeModalState(state: AskModalState): string {
  const kase = state.case && encodeValue({ court: state.case.court, docket: state.case.docket });
  return STATE.mustEncode({ ch: state.channelId, case: kase, t: state.threadTs, f: state.followUp ? 1 : undefined });
}

export function decodeModalState(raw: unknown): AskModalState | undefined {
  const w = STATE.decode(raw);
  if (!w) return undefined;
  const value = w.case === undefined ? undefined : decodeValue(w.case);
  const thread = w.t !== undefined && w.ch !== undefined ? { threadTs: w.t, ...(w.f ? { followUp: true } : {}) } : {};
  return value ? { channelId: w.ch, case: { court: value.court, docket: value.docket }, ...thread } : { channelId: w.ch, ...thread };
}
