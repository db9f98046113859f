/**
 * Before a live pull or a live document (issue 14 items 3 and 5): court fees whose amount nobody
 * knows until the court answers. The confirm dialog was the requester's consent to the price; what
 * remains is which matter pays (the channel's one matter, else the requester picks: never none,
 * never the first of several) and whether its budget still has room. A court fee is reserved and
 * held at its most, COURT_FEE_MOST, so clicks at once can never take a matter past its cap, and an
 * admin asked to approve one sees "up to $3.00", not "$0.00". The same document or pull for the
 * same matter runs once at a time (`once`): a double click pays once. Past the cap the action is
 * held for an admin's approval like a question (fee-guard.ts), with a runner its feature registers;
 * the runner passes how it was cleared and the matter it was held for.
 */
import { PACER_FEES } from "../../docket/call-info.ts";
import type { RequestContext } from "../../slack/context.ts";
import { billedMatter } from "../../slack/context.ts";
import type { FeeClearance } from "./fee-decision.ts";
import { admitFee, type FeeAdmission, type FeeGateDeps } from "./fee-gate.ts";
import { NO_FEES } from "./fee-reservation.ts";
import type { SlackDeps } from "../../slack/deps.ts";

/**
 * The most one court fee costs: PACER bills $0.10 a page and caps a document, a docket report or a
 * case-specific report at the fee for 30 pages, $3.00 (the Judicial Conference's Electronic Public
 * Access Fee Schedule, 28 U.S.C. § 1913 note; the service's figures: docket/call-info.ts PACER_FEES).
 */
export const COURT_FEE_MOST = PACER_FEES.documentCap;

export async function courtFeeAdmission(
  deps: FeeGateDeps & Pick<SlackDeps, "testMode">,
  ctx: RequestContext,
  q: {
    kind: string;
    cleared?: FeeClearance | undefined;
    /** The matter a held action was held for (its runner); else the channel's one matter. */
    clientMatter?: string | undefined;
    /** What it acts on (a document, a case), so the same one clicked again meanwhile pays once. */
    once?: string | undefined;
  },
): Promise<FeeAdmission> {
  if (deps.testMode) return { verdict: "run", reservation: NO_FEES };
  // "confirmed" at least: the dialog was the consent, so only the cap (and a matter) can hold it.
  return admitFee(deps, {
    teamId: ctx.teamId, clientMatter: q.clientMatter ?? billedMatter(ctx), expected: COURT_FEE_MOST, kind: q.kind, ref: ctx.log.ref,
    cleared: q.cleared ?? "confirmed", once: q.once,
  });
}
