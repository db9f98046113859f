/**
 * Before a live pull or a live document (issue 14 items 3 and 5): court fees whose amount nobody
 * knows beforehand. The confirm dialog was the requester's consent to the price; what remains is
 * whether a matter pays (never none) and whether its budget still has room. Past the cap the action
 * is held for an admin's approval like a question (fee-guard.ts), with a runner its feature registers.
 */
import type { RequestContext } from "../../slack/context.ts";
import { lookupMatter } from "../../slack/context.ts";
import type { FeeVerdict } from "./fee-decision.ts";
import { checkFee, type FeeGateDeps } from "./fee-gate.ts";
import type { SlackDeps } from "../../slack/deps.ts";

export async function courtFeeVerdict(deps: FeeGateDeps & Pick<SlackDeps, "testMode">, ctx: RequestContext): Promise<FeeVerdict> {
  if (deps.testMode) return { verdict: "run" };
  const verdict = await checkFee(deps, { clientMatter: lookupMatter(ctx), expected: 0, cleared: "confirmed" });
  return verdict.verdict === "confirm" ? { verdict: "run" } : verdict;
}
