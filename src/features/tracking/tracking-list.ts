/**
 * `/docket tracking` (issue 4): the enabled trackers of this channel's matters only, with Untrack
 * buttons and pages. The list is ephemeral (a question one person asked); stopping a tracker is
 * announced to the channel, since its alerts stop for everyone.
 */
import type { App, BlockAction, ButtonAction, RespondFn } from "@slack/bolt";
import { renderTrackerList } from "./views/tracker-list.ts";
import { ACTION, actionIdPattern } from "../../slack/blockkit/ids.ts";
import { decodePage, decodeUntrack } from "./views/tracking-values.ts";
import { renderStopped, renderWorking, renderWorkingOn } from "./views/tracking.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { buildContext, callOptions, type RequestContext } from "../../slack/context.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { announce, addForUser, ephemeral, replaceForUser } from "../../slack/outbound.ts";
import { announceStopped, notTrackedText, subjectOf } from "./track-flow.ts";
import { stopTracking } from "./track-service.ts";
import { knownTitle } from "./case-title.ts";
import { listAllTrackers, rowsForMatters, type TrackerListing } from "./trackers.ts";
import type { TrackingDeps } from "./deps.ts";

const NO_MATTER = "This channel isn't linked to a client matter, so it tracks nothing. `/docket matter` says more.";
const STALE = "That button is out of date. Run `/docket tracking` again.";

async function listMessage(deps: TrackingDeps, ctx: RequestContext, listing: TrackerListing, page: number, justStopped = false) {
  const subscriptions = await deps.store.subscriptionsOf(ctx.teamId, ctx.matters);
  return renderTrackerList(
    { rows: rowsForMatters(listing.trackers, ctx.matters, subscriptions), matters: ctx.matters, page, complete: listing.complete, justStopped },
    { siteUrl: deps.siteUrl },
  );
}

async function showPage(deps: TrackingDeps, ctx: RequestContext, respond: RespondFn, page: number): Promise<void> {
  try {
    const listing = await listAllTrackers(deps.docket, callOptions(ctx));
    await replaceForUser(respond, ctx, await listMessage(deps, ctx, listing, page));
  } catch (error) {
    ctx.log.error({ err: error }, "could not list trackers");
    await replaceForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
  }
}

async function actionContext(deps: TrackingDeps, body: BlockAction, what: string): Promise<RequestContext> {
  const channelId = body.channel?.id ?? body.container?.channel_id;
  return buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, what);
}

export function registerTrackingList(app: App, router: CommandRouter, deps: TrackingDeps): void {
  router.on("tracking", async ({ ack, respond, ctx }) => {
    if (ctx.matters.length === 0) return void (await ack(ephemeral(NO_MATTER)));
    await ack(ephemeral(renderWorking("Reading this channel's trackers…")));
    await showPage(deps, ctx, respond, 0);
  });

  app.action<BlockAction<ButtonAction>>(actionIdPattern(ACTION.trackingPage), async ({ ack, body, action, respond }) => {
    await ack();
    const ctx = await actionContext(deps, body, "action:tracking_page");
    const page = decodePage(action.value);
    if (page === undefined) return void (await addForUser(respond, ctx, STALE));
    if (ctx.matters.length === 0) return void (await replaceForUser(respond, ctx, NO_MATTER));
    await replaceForUser(respond, ctx, renderWorking("Reading this channel's trackers…"));
    await showPage(deps, ctx, respond, page);
  });

  app.action<BlockAction<ButtonAction>>(actionIdPattern(ACTION.untrackCase), async ({ ack, body, action, respond, client }) => {
    await ack();
    const ctx = await actionContext(deps, body, "action:untrack_case");
    const value = decodeUntrack(action.value);
    if (!value) return void (await addForUser(respond, ctx, STALE));
    if (ctx.matters.length === 0) return void (await replaceForUser(respond, ctx, NO_MATTER));
    await replaceForUser(respond, ctx, renderWorkingOn("Stopping", value.target));
    try {
      // stopTracking re-reads the listing and acts only on a tracker of this channel's matters.
      const outcome = await stopTracking(deps.docket, deps.store, ctx, value.target);
      await replaceForUser(respond, ctx, await listMessage(deps, ctx, outcome.listing, value.page, outcome.kind === "stopped"));
      // Named as this user has seen it: the listing's caption of a case no matter here tracks is not theirs to learn.
      if (outcome.kind === "not_tracked") return void (await addForUser(respond, ctx, notTrackedText(value.target, await knownTitle(deps.store, ctx, value.target))));
      await announceStopped(deps, client, ctx, respond, value.target, outcome, { dropOriginal: false });
    } catch (error) {
      ctx.log.error({ err: error, target: value.target }, "untracking failed");
      await replaceForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref, subject: subjectOf(value.target) }));
    }
  });
}
