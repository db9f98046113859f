/**
 * `track/` (spec: Endpoints, POST track/ and GET track/; Resources, Tracker).
 */
import { z } from "zod";
import { flag, guessedText, optional, optionalNumber, optionalString, optionalText } from "./primitives.ts";

/** The allowed `frequency` values of POST track/, in the spec's order. */
export const TRACK_FREQUENCIES = [
  "realtime",
  "continuous",
  "40x",
  "twice_daily",
  "daily",
  "weekly",
  "monthly",
] as const;
export const TrackFrequency = z.enum(TRACK_FREQUENCIES);
export type TrackFrequency = z.infer<typeof TrackFrequency>;

/** POST track/ answers `success` only (the test pushes it triggers arrive separately). */
export const TrackResponse = z.looseObject({
  success: z.literal(true),
});
export type TrackResponse = z.infer<typeof TrackResponse>;

/**
 * One tracker of the listing. A tracked saved search has a `q` and may lack court/docket, so those
 * are optional. `frequency` is read as any string, not TrackFrequency: a minor version may add a
 * value (spec: Versioning 2) and the listing must still parse; requests use TrackFrequency.
 * `enabled` is required (it is the tracker's state) but may come as "true"/1.
 */
export const Tracker = z.looseObject({
  court: optionalString,
  docket: optionalText,
  q: optionalString,
  title: optionalString,
  link: optionalString,
  enabled: flag,
  frequency: optionalString,
  client_matter: optionalString,
  datetime_updated: optionalString,
});
export type Tracker = z.infer<typeof Tracker>;

/**
 * `_api_push_debug_info`: the last push delivery attempt, for troubleshooting. It is outside the
 * versioning policy (spec: Versioning 4), so every field is loose: `request_payload` is kept as
 * sent (a string or an object), and the listing never fails because of this object (see below).
 */
export const PushDebugInfo = z.looseObject({
  response_code: optionalNumber,
  request_url: optionalString,
  request_payload: z.unknown().optional(),
  will_retry: optional(flag),
  error_message: guessedText,
});
export type PushDebugInfo = z.infer<typeof PushDebugInfo>;

/**
 * GET track/. `dockets` is required: an answer without it is not a listing. A malformed
 * `_api_push_debug_info` reads as undefined instead of failing the listing (unversioned field).
 */
export const TrackerListResponse = z.looseObject({
  success: z.literal(true),
  dockets: z.array(Tracker),
  _api_push_debug_info: optional(PushDebugInfo).catch(undefined),
});
export type TrackerListResponse = z.infer<typeof TrackerListResponse>;
