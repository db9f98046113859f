/**
 * Both Block Kit checks for the rendering figure, the same ones every test applies
 * (test/helpers/blockkit.ts: the independent validator in ../shared/tools/blockkit and our own
 * checkMessageLimits). Without ../shared (a user's clone) only ours runs, and the report says so.
 */
export { messageProblems, sharedValidator } from "../../test/helpers/blockkit.ts";

export const sharedDir = new URL("../../../shared/", import.meta.url);
