/**
 * Running one confirmed PACER page (issue 4: "confirm the fee first, say it takes ~30–60 s, post
 * results when ready"): the clicked message turns into the working state at once, the search runs
 * under the matter the user confirmed, and the results replace it (long pages continue in further
 * ephemeral messages; render/pacer.ts packs them). Each page is at most 5 response_url posts.
 */
import type { RespondFn } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { NO_FEES, type FeeAdmission, type FeeClearance } from "../budgets/index.ts";
import { mattersOfUser } from "../../slack/user-channels.ts";
import { pacerSearchCost } from "./views/fee-confirm.ts";
import { PACER_FEES } from "../../docket/call-info.ts";
import { wallAllows } from "../../court/matter-wall.ts";
import { describePacerSearch, renderPacerWorking } from "./views/pacer-confirm.ts";
import { renderPacerResults } from "./views/pacer.ts";
import { renderSearchProblem } from "./views/search-results.ts";
import { callOptions, type RequestContext } from "../../slack/context.ts";
import { respondInPlace } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { encodePacerSearch, type PendingPacerSearch } from "./pacer-values.ts";
import type { SearchRuntime } from "./runtime.ts";
import type { SearchDeps } from "./deps.ts";

/**
 * Ethical walls and consent: the matter the confirmation named must still be one of this
 * channel's (a tampered value naming another matter, or a link changed since, runs nothing).
 */
export function matterStillHolds(ctx: RequestContext, clientMatter: string): boolean {
  return wallAllows(ctx.matters, clientMatter);
}

/**
 * Where no matter is linked (a DM, an unlinked channel), the matters a user may bill are those of
 * the channels they are in (issue 14 item 5); a linked channel's are its own, as always.
 */
export async function billingContext(deps: SearchDeps, client: WebClient, ctx: RequestContext): Promise<RequestContext> {
  if (ctx.matters.length > 0) return ctx;
  const matters = await mattersOfUser(deps, client, ctx).catch((err: unknown) => {
    ctx.log.warn({ err }, "could not list the user's channels for a matter to bill");
    return [];
  });
  return { ...ctx, matters };
}

/** The fee action kind of a PACER page held for an admin's approval. */
export const HELD_PACER = "pacer";

export async function runPacerPage(
  rt: SearchRuntime, ctx: RequestContext, pending: PendingPacerSearch, respond: RespondFn,
  run: {
    client: WebClient; cleared?: FeeClearance | undefined;
    /** The clicked card's response_url (none when `respond` stands in for one): a held page's card is replaced through it later. */
    responseUrl?: string | undefined;
  },
): Promise<void> {
  const { deps } = rt;
  if (pending.clientMatter === "" || !matterStillHolds(ctx, pending.clientMatter)) {
    ctx.log.warn({ matter: pending.clientMatter }, "PACER button names a matter this channel no longer has");
    await respond({
      response_type: "ephemeral", replace_original: true,
      ...renderSearchProblem("This channel's client matters changed since you confirmed, so I didn't run the search and nothing was charged. Run `/docket pacer …` again."),
    });
    return;
  }
  // The card was the requester's confirmation; past the matter's budget an admin approves first
  // (issue 14 item 3). The price is reserved with the cap check, so clicks at once share the room.
  const expected = pending.page === 1 ? pacerSearchCost(PACER_FEES) : PACER_FEES.searchPerPage;
  const verdict: FeeAdmission = deps.testMode
    ? { verdict: "run", reservation: NO_FEES }
    : await rt.fees.admit({
      teamId: ctx.teamId, clientMatter: pending.clientMatter, expected, kind: HELD_PACER, ref: ctx.log.ref, cleared: run.cleared ?? "confirmed",
      // One run of a search page per asker at a time, on any replica: a double click pays once.
      once: `${ctx.userId}\u0000${encodePacerSearch(pending) ?? ""}`,
    });
  if (verdict.verdict !== "run") {
    await rt.fees.hold(run.client, verdict, {
      teamId: ctx.teamId, clientMatter: pending.clientMatter, requestedBy: ctx.userId, channelId: ctx.channelId, kind: HELD_PACER,
      what: "This PACER search", summary: `${describePacerSearch(pending.search).plain}${pending.page > 1 ? `, page ${pending.page}` : ""}`,
      data: { value: encodePacerSearch(pending), channelId: ctx.channelId ?? ctx.userId }, expected,
    }, { kind: "in_place", respond, responseUrl: run.responseUrl });
    return;
  }
  await respond({ response_type: "ephemeral", replace_original: true, ...renderPacerWorking(pending.search, pending.page) });
  let result;
  try {
    result = await verdict.reservation.spend(() => deps.docket.searchPacer({ ...pending.search, page: pending.page }, callOptions(ctx, pending.clientMatter)));
  } catch (error) {
    ctx.log.error({ err: error }, "PACER search failed");
    await respondInPlace(respond, ctx, { response_type: "ephemeral", replace_original: true, ...renderSearchProblem(userMessageFor(error, { ref: ctx.log.ref })) });
    return;
  }
  const { data, call } = result;
  ctx.log.info({ page: pending.page, results: data.search_results.length, pageMax: data.page_max, fees: call.mayHaveIncurredFees }, "PACER search done");
  const pageMax = data.page_max;
  const next = pageMax !== undefined && pending.page < pageMax ? encodePacerSearch({ ...pending, page: pending.page + 1 }) : undefined;
  const messages = renderPacerResults(
    {
      search: pending.search, page: pending.page, pageMax, hits: data.search_results, nextValue: next,
      fees: PACER_FEES, charge: { clientMatter: pending.clientMatter, testMode: call.testMode }, ref: ctx.log.ref,
    },
    { siteUrl: deps.siteUrl },
  );
  // The first page replaces the working state; a refusal ends in a sentence there (issue 15 item 2).
  for (const [i, message] of messages.entries()) {
    if (!(await respondInPlace(respond, ctx, { response_type: "ephemeral", replace_original: i === 0, ...message }))) break;
  }
}
