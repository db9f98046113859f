/** Moved to ../areas/subscription-match.ts (one for both stores); kept for routing.ts until it imports that. */
export { targetOfRow } from "../areas/subscription-match.ts";
