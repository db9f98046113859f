/**
 * The Ask modal's private_metadata: where the request came from (the channel the answer goes to)
 * and the case, when known. It comes back with the submission and is validated like any input
 * (ids.ts decodeValue does the same for button values).
 */
import { decodeValue, encodeValue } from "../../slack/blockkit/ids.ts";
import type { CaseRef } from "../../court/refs.ts";
import { parseUntrustedObject } from "../../slack/blockkit/untrusted-json.ts";

export interface AskModalState {
  /** Undefined when the request came from no conversation (App Home): the answer goes to the DM. */
  channelId: string | undefined;
  case?: CaseRef | undefined;
}

const CHANNEL_ID = /^[CDG][A-Z0-9]{2,30}$/;

export function encodeModalState(state: AskModalState): string {
  if (state.channelId !== undefined && !CHANNEL_ID.test(state.channelId)) throw new RangeError("not a Slack conversation id");
  const value: Record<string, unknown> = {};
  if (state.channelId !== undefined) value.ch = state.channelId;
  if (state.case) value.case = encodeValue({ court: state.case.court, docket: state.case.docket });
  return JSON.stringify(value);
}

export function decodeModalState(raw: unknown): AskModalState | undefined {
  const parsed = parseUntrustedObject(raw, 3_000);
  if (!parsed) return undefined;
  const { ch, case: kase } = parsed;
  if (ch !== undefined && (typeof ch !== "string" || !CHANNEL_ID.test(ch))) return undefined;
  const channelId = ch as string | undefined;
  if (kase === undefined) return { channelId };
  const value = decodeValue(kase);
  return value ? { channelId, case: { court: value.court, docket: value.docket } } : undefined;
}
