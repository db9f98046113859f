/**
 * The Track modal's submission: validate (errors shown in the modal), check the wall again (the
 * channel's links now, not when the modal opened), acknowledge with the modal turned into a
 * working line, then track and update the modal with the outcome. The confirmation is posted in
 * the channel, as for `/docket track`.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { wallAllows } from "../../court/matter-wall.ts";
import { isFrequency } from "./views/track-frequency.ts";
import { TRACK_BLOCK, TRACK_ELEMENT, renderTrackModalStatus } from "./views/track-modal.ts";
import { renderTracked, trackedSentence, workingLine } from "./views/tracking.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { postMessage, tellUserPrivately } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { trackedCase } from "./case-title.ts";
import { decodeTrackModalState } from "./modal-state.ts";
import { lowerFromCommandText, needsAdminToLowerText, subjectOf } from "./track-flow.ts";
import { startTracking } from "./track-service.ts";
import type { TrackingDeps } from "./deps.ts";

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
type ViewArg = Parameters<WebClient["views"]["update"]>[0]["view"];
type Values = ViewSubmitAction["view"]["state"]["values"];

const selected = (values: Values, block: string, element: string): string | undefined =>
  values[block]?.[element]?.selected_option?.value ?? undefined;

const CANNOT_POST = "I couldn't post the confirmation in the channel: invite me with `/invite @docketbot` there, or its alerts can't be posted either.";

export async function submitTrackModal(deps: TrackingDeps, { ack, body, view, client }: Args): Promise<void> {
  const state = decodeTrackModalState(view.private_metadata);
  const errors = (block: string, text: string) => ack({ response_action: "errors", errors: { [block]: text } });
  if (!state) return errors(TRACK_BLOCK.frequency, "This form is out of date. Close it and start again.");
  const values = view.state.values;
  const kase = state.cases[state.cases.length > 1 ? Number(selected(values, TRACK_BLOCK.case, TRACK_ELEMENT.case) ?? "0") : 0];
  if (!kase) return errors(TRACK_BLOCK.case, "Pick a case.");
  const frequency = selected(values, TRACK_BLOCK.frequency, TRACK_ELEMENT.frequency);
  if (!isFrequency(frequency)) return errors(TRACK_BLOCK.frequency, "Pick how often to check.");
  // One local SQLite read: well within the 3 seconds.
  const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: state.channelId }, "view:track_modal");
  const matter = selected(values, TRACK_BLOCK.matter, TRACK_ELEMENT.matter) ?? state.matter;
  const matterBlock = values[TRACK_BLOCK.matter] ? TRACK_BLOCK.matter : TRACK_BLOCK.frequency;
  if (ctx.matters.length === 0) return errors(TRACK_BLOCK.frequency, "This channel is no longer linked to a client matter, so it can't track cases.");
  if (!matter) return errors(matterBlock, "Pick a client matter.");
  if (!wallAllows(ctx.matters, matter)) return errors(matterBlock, "That matter isn't linked to this channel any more. Close this and start again.");

  await ack({ response_action: "update", view: statusView(workingLine("Tracking", kase, matter).md, view.private_metadata) });
  const status = await track(deps, client, ctx, { target: kase, matter, frequency });
  await client.views
    .update({ view_id: view.id, view: statusView(status, view.private_metadata) })
    .catch(async (err: unknown) => {
      // Closed meanwhile: the user still hears how it ended.
      ctx.log.debug({ err }, "could not update the Track modal");
      if (state.channelId) await tellUserPrivately(client, ctx, state.channelId, status);
    });
}

function statusView(text: string, privateMetadata: string): ViewArg {
  return renderTrackModalStatus(text, privateMetadata) as unknown as ViewArg;
}

/** Tracks, posts the confirmation in the channel, and returns the modal's closing sentence. */
async function track(
  deps: TrackingDeps, client: WebClient, ctx: RequestContext,
  req: { target: { court: string; docket: string }; matter: string; frequency: Parameters<typeof startTracking>[3]["frequency"] },
): Promise<string> {
  try {
    const outcome = await startTracking(deps.docket, deps.store, ctx, req);
    if (outcome.kind === "needs_admin") return needsAdminToLowerText(req.matter, outcome.current);
    // A form holds no second question: lowering is confirmed from the command, which asks first.
    if (outcome.kind === "confirm_lower") return lowerFromCommandText(req.matter, outcome.current, req.target, req.frequency);
    const { title, dates } = await trackedCase(deps, ctx, req.target, req.matter, outcome.title);
    const model = { ...req, title, previousFrequency: outcome.previousFrequency, userId: ctx.userId, dates };
    const message = renderTracked(model, { siteUrl: deps.siteUrl });
    const posted = ctx.channelId
      ? await postMessage(client, { channel: ctx.channelId, message }).then(
          () => true,
          (err: unknown) => (ctx.log.warn({ err }, "could not post the tracking confirmation"), false),
        )
      : false;
    const where = posted && ctx.channelId ? ` I posted this in <#${ctx.channelId}>.` : `\n${CANNOT_POST}`;
    return `${trackedSentence(model, { siteUrl: deps.siteUrl })}${where}`;
  } catch (error) {
    ctx.log.error({ err: error, target: req.target }, "tracking from the modal failed");
    return userMessageFor(error, { ref: ctx.log.ref, subject: subjectOf(req.target) });
  }
}
