/**
 * The Track button (on case views and search results: ACTION.trackCase, value = encodeValue({
 * court, docket })) and the `docket_track` message shortcut open the Track modal; its submission
 * tracks for the channel the modal was opened in. The submission is acknowledged at once with the
 * modal turned into a working line, which is then updated in place with the outcome; the channel
 * gets the same confirmation as `/docket track`.
 */
import { knownTitle } from "./case-title.ts";
import type { App, BlockAction, ButtonAction, MessageShortcut, RespondFn, ViewSubmitAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { CaseRef } from "../../court/refs.ts";
import { DEFAULT_CASE_FREQUENCY } from "../../slack/commands/grammar.ts";
import { ACTION, CALLBACK, actionIdPattern, decodeValue } from "../../slack/blockkit/ids.ts";
import { TRACK_MODAL_CASES_MAX, renderTrackModal } from "./views/track-modal.ts";
import { needsMatterText } from "./views/tracking.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { caseRefsInMessage } from "../../slack/message-refs.ts";
import { addForUser, tellUserPrivately } from "../../slack/outbound.ts";
import { slackSideRefusal } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { encodeTrackModalState } from "./modal-state.ts";
import { submitTrackModal } from "./track-modal-submit.ts";
import { subscriptionsHere } from "./subscriptions-here.ts";
import { isFrequency } from "./views/track-frequency.ts";
import type { TrackingDeps } from "./deps.ts";

const STALE = "That button is out of date. Show the case again and click Track there.";
const NO_CASE = "I didn't find a court and docket number in that message. Try `/docket track nysd 1:23-cv-01234 daily`.";

type ViewArg = Parameters<WebClient["views"]["open"]>[0]["view"];

/** Where to tell the user something: the response_url when there is one, else the app's DM with them. */
async function say(client: WebClient, respond: RespondFn | undefined, ctx: RequestContext, text: string): Promise<void> {
  if (respond) await addForUser(respond, ctx, text);
  else await tellUserPrivately(client, ctx, undefined, text);
}

async function openTrackModal(deps: TrackingDeps, client: WebClient, ctx: RequestContext, triggerId: string, cases: CaseRef[]): Promise<void> {
  const matter = ctx.matters.length === 1 ? ctx.matters[0] : undefined;
  const privateMetadata = encodeTrackModalState({ channelId: ctx.channelId, cases, matter });
  // The case's current subscriptions for this channel's matters (issue 13, item 2): shown, and the
  // frequency starts at the current one, so saving without looking changes nothing.
  const current = cases.length === 1 ? await subscriptionsHere(deps.store, ctx, cases[0]!) : [];
  const now = current.map((s) => ({ matter: s.clientMatter, frequency: s.frequency }));
  const first = now.find((c) => c.matter === matter) ?? now[0];
  const frequency = first && isFrequency(first.frequency) ? first.frequency : DEFAULT_CASE_FREQUENCY;
  // The case named by its title where this user has seen it (issue 25 item 10: not the number twice, no name).
  const named = await Promise.all(cases.map(async (c) => ({ ...c, title: await knownTitle(deps.store, ctx, c, undefined) })));
  const view = renderTrackModal({ cases: named, matters: ctx.matters, frequency, current: now, privateMetadata }, { siteUrl: deps.siteUrl });
  await client.views.open({ trigger_id: triggerId, view: view as unknown as ViewArg });
}

/**
 * Case references in a message: its text first, then (only when the text names none) its blocks,
 * such as our own case views, whose entries may cite cases the user does not mean to track.
 */
function casesIn(message: unknown, siteUrl: string): CaseRef[] {
  return caseRefsInMessage(message, siteUrl, { textFirst: true }).slice(0, TRACK_MODAL_CASES_MAX).map((r) => ({ court: r.court, docket: r.docket }));
}

export function registerTrackModal(app: App, deps: TrackingDeps): void {
  app.action<BlockAction<ButtonAction>>(actionIdPattern(ACTION.trackCase), async ({ ack, body, action, client, respond }) => {
    await ack();
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "action:track_case");
    const reply = body.response_url ? respond : undefined;
    const value = decodeValue(action.value);
    if (!value) return say(client, reply, ctx, STALE);
    if (ctx.matters.length === 0) return say(client, reply, ctx, needsMatterText(ctx.isAdmin));
    await openTrackModal(deps, client, ctx, body.trigger_id, [{ court: value.court, docket: value.docket }]).catch(async (err: unknown) => {
      ctx.log[slackSideRefusal(err) ? "info" : "error"]({ err }, "could not open the Track modal");
      await say(client, reply, ctx, userMessageFor(err, { ref: ctx.log.ref }));
    });
  });

  app.shortcut<MessageShortcut>({ callback_id: CALLBACK.trackShortcut, type: "message_action" }, async ({ ack, shortcut, client, respond }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: shortcut.team?.id, userId: shortcut.user.id, channelId: shortcut.channel.id }, "shortcut:docket_track");
    const cases = casesIn(shortcut.message, deps.siteUrl);
    if (cases.length === 0) return say(client, respond, ctx, NO_CASE);
    if (ctx.matters.length === 0) return say(client, respond, ctx, needsMatterText(ctx.isAdmin));
    await openTrackModal(deps, client, ctx, shortcut.trigger_id, cases).catch(async (err: unknown) => {
      ctx.log[slackSideRefusal(err) ? "info" : "error"]({ err }, "could not open the Track modal");
      await say(client, respond, ctx, userMessageFor(err, { ref: ctx.log.ref }));
    });
  });

  app.view<ViewSubmitAction>({ callback_id: CALLBACK.trackModal, type: "view_submission" }, async (args) => submitTrackModal(deps, args));
}
