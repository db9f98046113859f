/**
 * The part of track / untrack that every entry point shares once the ack is out and the working
 * line is showing: call the service behind the wall, then tell the channel (done) or the user
 * (why not). Used by the slash commands and the pick-a-matter buttons.
 */
import type { RespondFn } from "@slack/bolt";
import type { TrackTarget } from "../../docket/requests.ts";
import type { TrackFrequency } from "../../docket/schemas/index.ts";
import { courtLabel } from "../../court/labels.ts";
import { frequencyPhrase } from "./views/track-frequency.ts";
import { renderStopped, renderTracked } from "./views/tracking.ts";
import type { RequestContext } from "../../slack/context.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { knownTitle } from "./case-title.ts";
import { announce, replaceForUser } from "../../slack/outbound.ts";
import { startTracking, stopTracking } from "./track-service.ts";

/** For not_found: the case in the user's words (`1:99-cv-99999 (S.D.N.Y.)`: the sentence adds its own period). */
export function subjectOf(target: TrackTarget): string | undefined {
  return "q" in target ? undefined : `${target.docket} (${courtLabel(target.court)})`;
}

/**
 * Lowering how often a matter's case is checked takes an admin (issue 13, item 2): fewer checks
 * means later alerts for everyone in the matter's channels. Raising it is anyone's.
 */
export function needsAdminToLowerText(matter: string, current: string): string {
  return `Only a docketbot admin can make ${matter} check this less often (it is checked ${frequencyPhrase(current, "plain")}). Ask an admin, or pick the same or a more frequent one.`;
}

export function notTrackedText(target: TrackTarget): string {
  return "q" in target
    ? "This channel's matters don't watch that search. `/docket tracking` lists what they do."
    : "This channel's matters don't track that case. `/docket tracking` lists what they do.";
}

export async function runTrack(
  deps: SlackDeps, ctx: RequestContext, respond: RespondFn,
  req: { target: TrackTarget; matter: string; frequency: TrackFrequency },
): Promise<void> {
  try {
    const outcome = await startTracking(deps.docket, deps.store, ctx, req);
    if (outcome.kind === "needs_admin") return await replaceForUser(respond, ctx, needsAdminToLowerText(req.matter, outcome.current));
    const title = await knownTitle(deps.store, ctx, req.target, outcome.title);
    const message = renderTracked(
      { target: req.target, title, matter: req.matter, frequency: req.frequency, previousFrequency: outcome.previousFrequency, userId: ctx.userId },
      { siteUrl: deps.siteUrl },
    );
    await announce(respond, ctx, message, { dropOriginal: true });
  } catch (error) {
    ctx.log.error({ err: error, target: req.target }, "tracking failed");
    await replaceForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref, subject: subjectOf(req.target) }));
  }
}

export async function runUntrack(deps: SlackDeps, ctx: RequestContext, respond: RespondFn, target: TrackTarget): Promise<void> {
  try {
    const outcome = await stopTracking(deps.docket, deps.store, ctx, target);
    if (outcome.kind === "not_tracked") return await replaceForUser(respond, ctx, notTrackedText(target));
    await announce(respond, ctx, renderStopped({ target, title: outcome.title, matter: outcome.matter, userId: ctx.userId }, { siteUrl: deps.siteUrl }), { dropOriginal: true });
  } catch (error) {
    ctx.log.error({ err: error, target }, "untracking failed");
    await replaceForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref, subject: subjectOf(target) }));
  }
}
