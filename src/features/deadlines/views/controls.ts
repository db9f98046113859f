/**
 * The ids and values of the deadlines controls (issue 16). Wire formats (never change them:
 * buttons already posted keep these):
 * - Calendared ✓ / Undo: action_id `court_date_calendared` (with a `:<id>` suffix, unique per
 *   message), value `{"d":<courtDateId>,"on":true|false}` (what the click asks for: set or undo);
 * - the reminder settings button: action_id `court_date_settings`.
 */
import { codec } from "../../../slack/blockkit/codec.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";

export const DEADLINE_ACTION = {
  calendared: "court_date_calendared",
} as const;

const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

export const calendaredValue = codec<{ d: number; on: boolean }>(
  (w) => (isId(w.d) && typeof w.on === "boolean" ? { d: w.d, on: w.on } : undefined),
  { maxLength: SLACK_LIMITS.buttonValue, what: "calendared button value" },
);

/** `court_date_calendared:<id>`. */
export const calendaredActionId = (id: number) => `${DEADLINE_ACTION.calendared}:${id}`;
export const CALENDARED_ACTION_PATTERN = /^court_date_calendared(?::\d{1,16})?$/;
