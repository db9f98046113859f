/** Moved to ../areas/subscription-match.ts (one for both stores); kept for routing.ts until it imports that. */
export { sameTarget, targetOfRow, targetParams } from "../areas/subscription-match.ts";
