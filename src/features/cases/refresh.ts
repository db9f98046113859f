/**
 * Refresh from court (ACTION.refreshCase). The button's confirm dialog named the possible fee
 * (case-footer.ts); the click shows a "working" state in place of the view at once, pulls live,
 * and replaces it with the fresh view saying whether anything new was filed. When the pull fails
 * the stored view comes back and the clicker alone is told why.
 */
import { serviceInstant } from "../../slack/blockkit/slack-date.ts";
import type { App } from "@slack/bolt";
import { refreshNotice, renderRefreshing } from "./views/case-messages.ts";
import { ACTION } from "../../slack/blockkit/ids.ts";
import { STALE_BUTTON, onCaseAction } from "./action-kit.ts";
import { refreshFromCourt } from "./refresh-case.ts";
import { z } from "zod";
import { COURT_FEE_MOST, courtFeeAdmission } from "../budgets/index.ts";
import type { FeeGuard } from "../budgets/index.ts";
import { courtLabel } from "../../court/labels.ts";
import { billedMatter, buildContext, lookupMatter } from "../../slack/context.ts";
import { respondInPlace, responderFor, responseBody } from "../../slack/outbound.ts";
import { caseErrorText, caseViewFor, readerZoneOf, rememberCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

/** The fee action kind of a refresh held past its matter's budget. */
export const HELD_REFRESH = "refresh";
const HeldRefresh = z.object({ court: z.string().min(1), docket: z.string().min(1), channelId: z.string().min(1) });

export function registerRefresh(app: App, deps: CasesDeps, fees: FeeGuard): void {
  // Approved past the budget: pulled once, and the fresh view shown to its requester alone.
  fees.actions.register(HELD_REFRESH, async ({ client, action, data, cleared }) => {
    const held = HeldRefresh.parse(data);
    const asked = await buildContext(deps, { teamId: action.teamId, userId: action.requestedBy, channelId: held.channelId }, "held_refresh");
    if (!asked.matters.includes(action.clientMatter)) throw new Error("the channel's matters changed since the refresh was held");
    // The matter it was held for (or picked) is the one billed, whatever else the channel has.
    const ctx = { ...asked, matters: [action.clientMatter] };
    // Approved: it runs past the cap, but reserved like any pull so others clicked now still see it.
    // A pick alone ("none") was no consent to the price: the dialog before it was.
    const admitted = await courtFeeAdmission(deps, ctx, { kind: HELD_REFRESH, cleared: cleared === "none" ? "confirmed" : cleared, clientMatter: action.clientMatter });
    if (admitted.verdict !== "run") throw new Error(`the held refresh was not admitted (${admitted.verdict})`);
    const respond = responderFor(client, { channel: held.channelId, userId: action.requestedBy });
    const result = await admitted.reservation.spend(() => refreshFromCourt(deps, ctx, held));
    if (!result.ok) return void (await respond({ text: `I couldn't refresh this case from the court. ${caseErrorText(result.error, ctx, held)}` }));
    const notice = refreshNotice(result.added, serviceInstant(result.model.info.datetime_cached ?? result.model.info.date_cached ?? undefined), action.clientMatter, deps.clock.now());
    await respond(responseBody(caseViewFor(deps, ctx, result.model, { share: true, notice, readerZone: await readerZoneOf(deps, ctx) }), {}));
    await rememberCase(deps, ctx, result.model);
  });

  onCaseAction(app, deps, ACTION.refreshCase, async ({ value, respond, surface, client, ctx, tell }) => {
    if (!respond || surface.kind !== "message") return tell(STALE_BUTTON);
    const ref = { court: value.court, docket: value.docket };
    const share = surface.ephemeral;
    // Court fees only with a matter to bill and room in its budget (issue 14 items 3 and 5).
    // One live pull of a case at a time per matter: the same click twice pays once.
    const verdict = await courtFeeAdmission(deps, ctx, { kind: HELD_REFRESH, once: `${ref.court}\u0000${ref.docket}` });
    if (verdict.verdict !== "run") {
      // Beside the case view, which stays: Slack gives no way back to that note, so it is not replaced later.
      return fees.hold(client, verdict, {
        teamId: ctx.teamId, clientMatter: billedMatter(ctx), requestedBy: ctx.userId, channelId: ctx.channelId, kind: HELD_REFRESH,
        what: "Refresh from court", summary: `${ref.docket} in ${courtLabel(ref.court)}`, data: { ...ref, channelId: surface.channelId },
        expected: COURT_FEE_MOST, ceiling: true,
      }, { kind: "added", respond }, ctx.matters.length > 1 ? { matters: ctx.matters, from: "channel" } : undefined);
    }
    const result = await verdict.reservation.spend(async () => {
      await respond(responseBody(renderRefreshing(ref), { replace_original: true }));
      return refreshFromCourt(deps, ctx, ref);
    });
    if (result.ok) {
      const view = caseViewFor(deps, ctx, result.model, { share, notice: refreshNotice(result.added, serviceInstant(result.model.info.datetime_cached ?? result.model.info.date_cached ?? undefined), deps.testMode ? undefined : lookupMatter(ctx), deps.clock.now()), readerZone: await readerZoneOf(deps, ctx) });
      // A refused card ends in a sentence in place of "Refreshing…" (issue 15 item 2).
      await respondInPlace(respond, ctx, responseBody(view, { replace_original: true }));
      await rememberCase(deps, ctx, result.model);
      return;
    }
    ctx.log.warn({ err: result.error, court: ref.court, docket: ref.docket }, "refresh from court failed");
    const text = caseErrorText(result.error, ctx, ref);
    if (!result.before) {
      await respond({ replace_original: true, text: `I couldn't refresh this case. ${text}` });
      return;
    }
    await respondInPlace(respond, ctx, responseBody(caseViewFor(deps, ctx, result.before, { share, readerZone: await readerZoneOf(deps, ctx) }), { replace_original: true }));
    await respond({ response_type: "ephemeral", replace_original: false, text: `I couldn't refresh this case from the court. ${text}` });
  });
}
