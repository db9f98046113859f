/**
 * Before a live pull or a live document (issue 14 items 3 and 5): court fees whose amount nobody
 * knows beforehand. The confirm dialog was the requester's consent to the price; what remains is
 * whether a matter pays (never none) and whether its budget still has room. A sentence when the
 * action must not run, undefined when it may.
 */
import { money } from "../../slack/blockkit/format.ts";
import { matterName } from "../../slack/blockkit/names.ts";
import type { RequestContext } from "../../slack/context.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { lookupMatter } from "../../slack/context.ts";
import { checkFee } from "./fee-gate.ts";
import { renderNeedsMatter } from "./views/fee-hold.ts";

export async function courtFeeRefusal(deps: Pick<SlackDeps, "store" | "clock" | "testMode">, ctx: RequestContext, what: string): Promise<string | undefined> {
  if (deps.testMode) return undefined;
  const verdict = await checkFee(deps, { clientMatter: lookupMatter(ctx), expected: 0, cleared: "confirmed" });
  if (verdict.verdict === "run" || verdict.verdict === "confirm") return undefined;
  if (verdict.verdict === "needs_matter") return renderNeedsMatter({ what }).text;
  return (
    `${what} may incur court fees, and ${matterName(lookupMatter(ctx))} has spent ${money(verdict.spent)} of its ${money(verdict.cap)} budget this month, ` +
    "so I didn't go to the court and nothing was charged. An admin can raise the cap with `/docket budget set`; `/docket budget` shows it."
  );
}
