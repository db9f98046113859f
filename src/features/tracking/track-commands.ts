/**
 * `/docket track`, `untrack`, `watch`, `unwatch` (issue 4, Commands), and the buttons a channel
 * with several matters gets to pick one. Tracking is free, so there is no fee dialog.
 *
 * Several matters: the user picks with a button per matter rather than typing `matter:XYZ`. A
 * button cannot be mistyped, shows exactly the matters this channel has, and needs no syntax to
 * remember; its value is re-checked against the channel's links when clicked.
 */
import type { App, BlockAction, ButtonAction, RespondFn, AckFn, RespondArguments } from "@slack/bolt";
import { wallAllows } from "../../court/matter-wall.ts";
import type { TrackTarget } from "../../docket/requests.ts";
import type { TrackFrequency } from "../../docket/schemas/index.ts";
import { ACTION, actionIdPattern } from "../../slack/blockkit/ids.ts";
import { QUERY_MAX, decodePickMatter } from "./views/tracking-values.ts";
import { needsMatterText, renderPickMatter, renderWorkingOn } from "./views/tracking.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { buildContext, callOptions, chooseMatter, type RequestContext } from "../../slack/context.ts";
import { addForUser, ephemeral, replaceForUser, toSlack } from "../../slack/outbound.ts";
import { notTrackedText, runTrack } from "./track-flow.ts";
import { findTracker, listAllTrackers, ownerOf } from "./trackers.ts";
import type { WebClient } from "@slack/web-api";
import { knownTitle } from "./case-title.ts";
import { channelsOfMatters } from "./matter-channels.ts";
import { subscriptionsHere } from "./subscriptions-here.ts";
import { renderConfirmUntrack } from "./views/tracking-confirm.ts";
import { amendUndone } from "./views/undo.ts";
import type { TrackingDeps } from "./deps.ts";

type Ack = AckFn<string | RespondArguments>;

/** The Undo buttons of a "Stopped tracking" message (tracking-confirm.ts undoButtons). */
const UNDO_ACTION = new RegExp(`^${ACTION.trackMatter}:undo\\d+$`);

const STALE = "That button is out of date. Run the command again.";
const NO_MATTER_UNTRACK = "This channel isn't linked to a client matter, so it tracks nothing here.";
const QUERY_TOO_LONG = `A saved search is at most ${QUERY_MAX} characters. Example: \`/docket watch "widget patent" weekly\``;

const working = (verb: string, target: TrackTarget, matter?: string) => renderWorkingOn(verb, target, matter);

type Args = { ack: Ack; respond: RespondFn; ctx: RequestContext; client: WebClient };

async function beginTrack(deps: TrackingDeps, a: Args, target: TrackTarget, frequency: TrackFrequency): Promise<void> {
  const { ack, respond, ctx, client } = a;
  if ("q" in target && target.q.length > QUERY_MAX) return void (await ack(ephemeral(QUERY_TOO_LONG)));
  const choice = chooseMatter(ctx);
  if (choice.kind === "none") return void (await ack(ephemeral(needsMatterText(ctx.isAdmin))));
  if (choice.kind === "many") {
    return void (await ack(ephemeral(renderPickMatter({ target, frequency, matters: choice.matters }, { siteUrl: deps.siteUrl }))));
  }
  await ack(ephemeral(working("q" in target ? "Watching" : "Tracking", target, choice.clientMatter)));
  await runTrack(deps, client, ctx, respond, { target, matter: choice.clientMatter, frequency });
}

/**
 * Untrack asks first (issue 13, item 2), naming the matters whose subscriptions end and the
 * channels that stop getting the case; the button does it (tracking-list.ts, the Untrack handler).
 * Store reads only before the ack: quick, and no call to the service; with no subscription stored,
 * the service's tracker list is read after the ack and the answer replaces the working line.
 */
async function beginUntrack(deps: TrackingDeps, a: Args, target: TrackTarget): Promise<void> {
  const { ack, ctx, respond } = a;
  if (ctx.matters.length === 0) return void (await ack(ephemeral(NO_MATTER_UNTRACK)));
  const subscribed = (await subscriptionsHere(deps.store, ctx, target)).map((s) => s.clientMatter);
  const title = await knownTitle(deps.store, ctx, target, undefined);
  const confirm = async (matters: string[]) =>
    renderConfirmUntrack({ target, title, matters, channels: await channelsOfMatters(deps, ctx, matters) }, { siteUrl: deps.siteUrl });
  if (subscribed.length > 0) return void (await ack(ephemeral(await confirm([...new Set(subscribed)]))));
  // None stored: perhaps a tracker made outside docketbot (or before subscriptions). Find out now,
  // from the service's tracker list (free), rather than asking "Stop tracking…?" about a case
  // the channel does not track and saying so only after the click (issue 25 item 9).
  await ack(ephemeral(renderWorkingOn("Checking what this channel tracks:", target)));
  try {
    const listing = await listAllTrackers(deps.docket, callOptions(ctx));
    const existing = findTracker(listing.trackers, target);
    const owner = existing?.enabled ? ownerOf(existing) : undefined;
    if (owner === undefined || !wallAllows(ctx.matters, owner)) return void (await replaceForUser(respond, ctx, notTrackedText(target, title)));
    await replaceForUser(respond, ctx, await confirm([owner]));
  } catch (error) {
    // The service did not answer: ask as before; the button's stop finds out whose it is.
    ctx.log.warn({ err: error, target }, "tracker list unavailable; asking before untracking");
    await replaceForUser(respond, ctx, await confirm([...ctx.matters]));
  }
}

export function registerTrackCommands(app: App, router: CommandRouter, deps: TrackingDeps): void {
  router.on("track", (a) => beginTrack(deps, a, { court: a.command.ref.court, docket: a.command.ref.docket }, a.command.frequency));
  router.on("watch", (a) => beginTrack(deps, a, { q: a.command.query }, a.command.frequency));
  router.on("untrack", (a) => beginUntrack(deps, a, { court: a.command.ref.court, docket: a.command.ref.docket }));
  router.on("unwatch", (a) => beginUntrack(deps, a, { q: a.command.query }));

  app.action<BlockAction<ButtonAction>>(actionIdPattern(ACTION.trackMatter), async ({ ack, body, action, respond, client }) => {
    await ack();
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "action:track_matter");
    const value = decodePickMatter(action.value);
    if (!value) return void (await addForUser(respond, ctx, STALE));
    // The wall, again: the button's matter must still be one of this channel's.
    if (!wallAllows(ctx.matters, value.matter)) {
      return void (await replaceForUser(respond, ctx, ctx.matters.length === 0 ? needsMatterText(ctx.isAdmin) : "That matter isn't linked to this channel any more. Run the command again."));
    }
    const undo = UNDO_ACTION.test(action.action_id);
    if (!undo) {
      await replaceForUser(respond, ctx, working("q" in value.target ? "Watching" : "Tracking", value.target, value.matter));
      await runTrack(deps, client, ctx, respond, value);
      return;
    }
    // Undo: the "Stopped tracking" message it was clicked on stays, amended once it is undone.
    if (!(await runTrack(deps, client, ctx, respond, { ...value, undo: true }))) return;
    const original = (body as { message?: { text?: string; blocks?: unknown[] } }).message;
    if (!original) return;
    const amended = amendUndone(original, { userId: ctx.userId, at: deps.clock.now(), actionId: action.action_id });
    await respond({ response_type: "in_channel", replace_original: true, ...toSlack(amended) })
      .catch((err: unknown) => ctx.log.warn({ err }, "could not amend the stopped message after its Undo"));
  });
}
