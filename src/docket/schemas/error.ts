/** The failure body every endpoint shares (spec: Errors 1; Resources, "All JSON responses ..."). */
import { z } from "zod";
import { optionalString } from "./primitives.ts";

/**
 * `{"success": false, "error": "..."}`. The spec promises a string `error`; a body without one is
 * still a failure, so `error` is optional here and the client supplies its own sentence. Real
 * texts end oddly (`"... court=Florida State, Duval County, Fourth Circuit Court: "`,
 * observed-facts.md): never branch on them.
 */
export const ErrorBody = z.looseObject({
  success: z.literal(false),
  error: optionalString,
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * The one thing every JSON body has: a boolean `success` (a string "true" is not accepted). Parse
 * this first, then the endpoint's schema when true or ErrorBody when false.
 */
export const Envelope = z.looseObject({
  success: z.boolean(),
});
export type Envelope = z.infer<typeof Envelope>;
