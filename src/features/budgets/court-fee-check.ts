/**
 * Before a live pull or a live document (issue 14 items 3 and 5): court fees whose amount nobody
 * knows beforehand. The confirm dialog was the requester's consent to the price; what remains is
 * whether a matter pays (never none) and whether its budget still has room. Past the cap the action
 * is held for an admin's approval like a question (fee-guard.ts), with a runner its feature
 * registers; the runner passes how it was cleared, so an approval runs it (reserved all the same).
 */
import type { RequestContext } from "../../slack/context.ts";
import { lookupMatter } from "../../slack/context.ts";
import type { FeeClearance } from "./fee-decision.ts";
import { admitFee, type FeeAdmission, type FeeGateDeps } from "./fee-gate.ts";
import { NO_FEES } from "./fee-reservation.ts";
import type { SlackDeps } from "../../slack/deps.ts";

export async function courtFeeAdmission(
  deps: FeeGateDeps & Pick<SlackDeps, "testMode">, ctx: RequestContext, q: { kind: string; cleared?: FeeClearance | undefined },
): Promise<FeeAdmission> {
  if (deps.testMode) return { verdict: "run", reservation: NO_FEES };
  // "confirmed" at least: the dialog was the consent, so only the cap (and a matter) can hold it.
  return admitFee(deps, {
    teamId: ctx.teamId, clientMatter: lookupMatter(ctx), expected: 0, kind: q.kind, ref: ctx.log.ref, cleared: q.cleared ?? "confirmed",
  });
}
