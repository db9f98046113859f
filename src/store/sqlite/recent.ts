/** Recent cases are written once, in ../areas/recent.ts; this path is kept for the tests that read RECENT_KEEP. */
export { RECENT_KEEP } from "../areas/recent.ts";
