/**
 * The part of track / untrack that every entry point shares once the ack is out and the working
 * line is showing: call the service behind the wall, then tell the channel (done) or the user
 * (why not). Used by the slash commands and the pick-a-matter buttons.
 */
import type { RespondFn } from "@slack/bolt";
import type { TrackTarget } from "../../docket/requests.ts";
import type { TrackFrequency } from "../../docket/schemas/index.ts";
import { courtLabel, courtLongName } from "../../court/labels.ts";
import { courtByName } from "../../court/courts.ts";
import { frequencyPhrase } from "./views/track-frequency.ts";
import { renderStopped, renderTracked } from "./views/tracking.ts";
import type { RequestContext } from "../../slack/context.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { caseIdentityText } from "../../slack/blockkit/case-identity.ts";
import { knownTitle, trackedCase } from "./case-title.ts";
import { addForUser, announce, replaceForUser } from "../../slack/outbound.ts";
import { startTracking, stopTracking, type StopOutcome } from "./track-service.ts";
import type { WebClient } from "@slack/web-api";
import { channelsOfMatters, tellOtherChannels } from "./matter-channels.ts";
import { lowers } from "./tracker-union.ts";
import { renderConfirmLower, undoButtons } from "./views/tracking-confirm.ts";
import { withMissed, type MissedWhileStopped } from "./views/undo.ts";
import type { TrackingDeps } from "./deps.ts";

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

/** The Track form asked to lower a frequency: nothing changed; the command asks and does it. */
export function lowerFromCommandText(matter: string, current: string, target: TrackTarget, to: TrackFrequency): string {
  const ref = "q" in target ? undefined : courtByName(courtLongName(target.court))?.code;
  const how = ref && !("q" in target) ? `\`/docket track ${ref} ${target.docket} ${to}\`` : "`/docket track` with the new frequency";
  return `Nothing changed: ${matter} checks this case ${frequencyPhrase(current, "plain")}, and checking it less often slows alerts in its channels, so it is confirmed first. Run ${how} in the channel and confirm there.`;
}

/** Plain text naming the case (its title first, when known: message-style.md) or the search. */
export function notTrackedText(target: TrackTarget, title?: string): string {
  if ("q" in target) return "This channel's matters don't watch that search. `/docket tracking` lists what they do.";
  const named = caseIdentityText({ title, court: target.court, docket: target.docket });
  return `This channel's matters don't track ${named}, so there is nothing to stop. \`/docket tracking\` lists what they do.`;
}

export interface TrackRequest {
  target: TrackTarget;
  matter: string;
  frequency: TrackFrequency;
  /** Already asked and accepted (a lower frequency, an Undo). */
  confirmed?: boolean | undefined;
  /** The Undo of a stop: what arrived meanwhile is delivered, and the message clicked stays (amended by the caller). */
  undo?: boolean | undefined;
}

/**
 * How long after a stop its Undo also delivers what arrived meanwhile. Later, the Undo still tracks
 * again, and the channel is told plainly that what came meanwhile is not posted (with the case's link).
 */
export const UNDO_WINDOW_MS = 24 * 3_600_000;

/** An Undo: the case's alerts that reached the other matters while this one's subscription was off. */
async function catchUp(deps: TrackingDeps, ctx: RequestContext, req: TrackRequest, endedAt: number): Promise<MissedWhileStopped> {
  if (deps.clock.now() - endedAt > UNDO_WINDOW_MS) return { kind: "not_delivered", since: endedAt };
  const made = await deps.store.deliverMissed({ teamId: ctx.teamId, clientMatter: req.matter, target: req.target, since: endedAt });
  if (made.deliveries > 0) deps.outbox?.notify();
  ctx.log.info({ target: req.target, matter: req.matter, ...made }, "delivering what arrived while the subscription was off");
  return { kind: "delivering", alerts: made.pushes };
}

/** Tracks; resolves true once tracked (and announced), false when it did not happen (the user was told why). */
export async function runTrack(deps: TrackingDeps, client: WebClient, ctx: RequestContext, respond: RespondFn, req: TrackRequest): Promise<boolean> {
  try {
    const outcome = await startTracking(deps.docket, deps.store, ctx, req);
    // An Undo's message was the channel's "Stopped tracking": it stays, so the user is told privately.
    const tell = (text: Parameters<typeof replaceForUser>[2]) => (req.undo ? addForUser(respond, ctx, text) : replaceForUser(respond, ctx, text));
    if (outcome.kind === "needs_admin") {
      await tell(needsAdminToLowerText(req.matter, outcome.current));
      return false;
    }
    if (outcome.kind === "confirm_lower") {
      const title = await knownTitle(deps.store, ctx, req.target, outcome.title);
      const channels = await channelsOfMatters(deps, ctx, [req.matter]);
      await tell(renderConfirmLower({ target: req.target, title, matter: req.matter, from: outcome.current, to: req.frequency, channels }, { siteUrl: deps.siteUrl }));
      return false;
    }
    const { title, dates } = await trackedCase(deps, ctx, req.target, req.matter, outcome.title);
    const tracked = renderTracked(
      { target: req.target, title, matter: req.matter, frequency: req.frequency, previousFrequency: outcome.previousFrequency, userId: ctx.userId, dates },
      { siteUrl: deps.siteUrl },
    );
    const missed = req.undo && outcome.reopenedAfter !== undefined ? await catchUp(deps, ctx, req, outcome.reopenedAfter) : undefined;
    const message = missed ? withMissed(tracked, { target: req.target, title, missed, frequency: req.frequency }, { siteUrl: deps.siteUrl }) : tracked;
    await announce(respond, ctx, message, { dropOriginal: !req.undo });
    // A matter checked less often: its other channels lose alerts' promptness, and are told.
    if (lowers(outcome.previousFrequency, req.frequency)) await tellOtherChannels(deps, client, ctx, [req.matter], tracked);
    return true;
  } catch (error) {
    ctx.log.error({ err: error, target: req.target }, "tracking failed");
    const text = userMessageFor(error, { ref: ctx.log.ref, subject: subjectOf(req.target) });
    await (req.undo ? addForUser(respond, ctx, text) : replaceForUser(respond, ctx, text));
    return false;
  }
}

/** After a stop: the channel is told (with Undo), and so is every other channel of the stopped matters. */
export async function announceStopped(
  deps: TrackingDeps, client: WebClient, ctx: RequestContext, respond: RespondFn, target: TrackTarget,
  outcome: Extract<StopOutcome, { kind: "stopped" }>, opts: { dropOriginal: boolean },
): Promise<void> {
  const title = await knownTitle(deps.store, ctx, target, outcome.title);
  const model = { target, title, matter: outcome.matters.join(", "), userId: ctx.userId };
  const undo = outcome.undo.length > 0 ? undoButtons(target, outcome.undo) : undefined;
  await announce(respond, ctx, renderStopped({ ...model, undo }, { siteUrl: deps.siteUrl }), opts);
  await tellOtherChannels(deps, client, ctx, outcome.matters, renderStopped({ ...model, fromChannel: ctx.channelId }, { siteUrl: deps.siteUrl }));
}
