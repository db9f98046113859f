/**
 * Messages of tracking (issue 4, Commands: track / untrack / watch / unwatch): the confirmation
 * the channel sees, the "working" line, the matter picker of a channel with several matters.
 * message-style.md: what happened, in which case, what can I do, in the first two lines; the case
 * identity line as everywhere. Pure.
 */
import { courtByName } from "../../../court/courts.ts";
import { caseUrl } from "../../../court/refs.ts";
import { actions, button, context, section, type ActionsBlock, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { courtLabel, courtLongName } from "../../../court/labels.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { siteLink, toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { matterName, mention } from "../../../slack/blockkit/names.ts";
import { frequencyPhrase } from "./track-frequency.ts";
import { encodePickMatter, type TrackTargetRef } from "./tracking-values.ts";
import type { TrackFrequency } from "../../../docket/schemas/index.ts";
import { datesFoundText, type DatesFound } from "../../../slack/blockkit/court-date.ts";

export interface TargetView {
  target: TrackTargetRef;
  /** The caption when known (from the tracker listing); untrusted. */
  title?: string | undefined;
}

const SEARCH_SHOWN = 120;

const hasTitle = (t: TargetView) => t.title !== undefined && toPlainText(t.title).trim() !== "";

/**
 * The identity line of what a tracker follows: a case, or `Saved search “widget patent”`. A case
 * whose caption we don't know (tracked by number, never listed yet) leads with its docket number,
 * linked, then the court, rather than repeating the number where the title would be.
 */
export function targetLine(t: TargetView, opts: { siteUrl: string }): string {
  if ("q" in t.target) return `*Saved search* “${toMrkdwnLine(t.target.q, SEARCH_SHOWN)}”`;
  const c = t.target;
  if (hasTitle(t)) return caseIdentity({ title: t.title, court: c.court, docket: c.docket }, opts);
  const url = caseUrl(opts.siteUrl, { court: courtLongName(c.court), docket: c.docket });
  return `*${siteLink(url, toMrkdwnLine(c.docket, 80), opts)}* · ${toMrkdwnLine(courtLabel(c.court), 80)}`;
}

export function targetText(t: TargetView): string {
  if ("q" in t.target) return `saved search “${toPlainText(t.target.q, SEARCH_SHOWN)}”`;
  const c = t.target;
  if (hasTitle(t)) return caseIdentityText({ title: t.title, court: c.court, docket: c.docket });
  return `${toPlainText(c.docket, 80)} · ${toPlainText(courtLabel(c.court), 80)}`;
}

/** The command that stops it, when it can be typed back exactly; otherwise a pointer. */
export function stopHint(target: TrackTargetRef): string {
  if ("q" in target) {
    return /^[\p{L}\p{N} .,:'()-]{1,100}$/u.test(target.q)
      ? `Stop with \`/docket unwatch "${target.q}"\`.`
      : "Stop it from `/docket tracking`.";
  }
  const code = courtByName(courtLongName(target.court))?.code;
  return code && /^[A-Za-z0-9:/._-]{1,64}$/.test(target.docket)
    ? `Stop with \`/docket untrack ${code} ${target.docket}\`.`
    : "Stop it from `/docket tracking`.";
}

export function needsMatterText(isAdmin: boolean): string {
  return isAdmin
    ? "This channel isn't linked to a client matter, so it can't track cases yet. Link one with `/docket matter link ACME-001`."
    : "This channel isn't linked to a client matter, so it can't track cases yet. A docketbot admin can link one with `/docket matter link ACME-001`.";
}

/** The "working" state shown at once for slow work, replaced by the result; `what` is our own words. */
export function renderWorking(what: string): MessagePayload {
  const text = `:hourglass_flowing_sand: ${what}`;
  return { text, blocks: [context(text)] };
}

/** `:hourglass_flowing_sand: Tracking S.D.N.Y. · 1:23-cv-01234 for ACME-001…`, as mrkdwn and as plain text. */
export function workingLine(verb: string, t: TrackTargetRef, matter?: string): { md: string; plain: string } {
  const short = "q" in t
    ? { md: `“${toMrkdwnLine(t.q, SEARCH_SHOWN)}”`, plain: `“${toPlainText(t.q, SEARCH_SHOWN)}”` }
    : {
        md: `${toMrkdwnLine(courtLabel(t.court), 80)} · ${toMrkdwnLine(t.docket, 80)}`,
        plain: `${toPlainText(courtLabel(t.court), 80)} · ${toPlainText(t.docket, 80)}`,
      };
  const forMd = matter ? ` for ${matterName(matter)}` : "";
  const forPlain = matter ? ` for ${toPlainText(matter, 50)}` : "";
  return { md: `:hourglass_flowing_sand: ${verb} ${short.md}${forMd}…`, plain: `:hourglass_flowing_sand: ${verb} ${short.plain}${forPlain}…` };
}

export function renderWorkingOn(verb: string, t: TrackTargetRef, matter?: string): MessagePayload {
  const line = workingLine(verb, t, matter);
  return { text: line.plain, blocks: [context(line.md)] };
}

export interface TrackedModel extends TargetView {
  matter: string;
  frequency: TrackFrequency;
  /** The frequency before, when the same matter already tracked it. */
  previousFrequency?: string | undefined;
  /** Another matter of this channel that had the tracker before. */
  movedFrom?: string | undefined;
  userId: string;
  /** The case's dates, read at once from the service's stored docket (issue 23 item 1). */
  dates?: DatesFound | undefined;
}


/** One mrkdwn sentence of what is now tracked (the Track modal's closing line). */
export function trackedSentence(m: TrackedModel, opts: { siteUrl: string }): string {
  const verb = "q" in m.target ? "Watching" : "Tracking";
  return `*${verb}* ${targetLine(m, opts)} for matter ${matterName(m.matter)}, checked ${frequencyPhrase(m.frequency)}${datesFoundText(m.dates)}.`;
}

export function renderTracked(m: TrackedModel, opts: { siteUrl: string }): MessagePayload {
  const search = "q" in m.target;
  const verb = search ? "Watching" : "Tracking";
  const what = search ? "New cases matching it" : "New filings";
  const changed =
    m.previousFrequency !== undefined && m.previousFrequency !== m.frequency
      ? ` (was ${frequencyPhrase(m.previousFrequency)})`
      : m.previousFrequency !== undefined ? " (no change)" : "";
  const moved = m.movedFrom ? ` Moved from matter ${matterName(m.movedFrom)}.` : "";
  return {
    text: `${verb} ${targetText(m)} for ${toPlainText(m.matter, 50)}, checked ${frequencyPhrase(m.frequency, "plain")}${datesFoundText(m.dates, true)}.`,
    blocks: [
      section(`*${verb}* ${targetLine(m, opts)}${datesFoundText(m.dates)}`),
      context(
        `Checked ${frequencyPhrase(m.frequency)}${changed} for matter ${matterName(m.matter)} · by ${mention(m.userId)}. ` +
          `${what} will be posted to this matter's channels.${moved} ${stopHint(m.target)}`,
      ),
    ],
  };
}

export interface StoppedModel extends TargetView {
  matter: string;
  userId: string;
  /** Where it was stopped, when that is another channel of the matter (that channel is told here). */
  fromChannel?: string | undefined;
  /** Buttons that re-subscribe (tracking-confirm.ts undoButtons), on the message of the channel it was stopped in. */
  undo?: ActionsBlock | undefined;
}

export function renderStopped(m: StoppedModel, opts: { siteUrl: string }): MessagePayload {
  const search = "q" in m.target;
  const verb = search ? "Stopped watching" : "Stopped tracking";
  return {
    text: `${verb} ${targetText(m)} for ${toPlainText(m.matter, 50)}.`,
    blocks: [
      section(`*${verb}* ${targetLine(m, opts)}`),
      context(`Matter ${matterName(m.matter)} · by ${mention(m.userId)}${m.fromChannel ? ` in <#${m.fromChannel}>` : ""}. No more ${search ? "new cases" : "filings"} from it will be posted${m.fromChannel ? " to this channel" : ""}.`),
      ...(m.undo ? [m.undo] : []),
    ],
  };
}

export interface PickMatterModel extends TargetView {
  frequency: TrackFrequency;
  matters: readonly string[];
}

/** Buttons shown per matter (Slack allows 25 per actions block; a channel rarely has more than a few). */
export const PICK_MAX = 20;

/** A channel with several matters: the user picks which one tracks (one button per matter). */
export function renderPickMatter(m: PickMatterModel, opts: { siteUrl: string }): MessagePayload {
  const verb = "q" in m.target ? "watch" : "track";
  const shown = m.matters.slice(0, PICK_MAX);
  return {
    text: `This channel has ${m.matters.length} client matters. Which one should ${verb} ${targetText(m)}?`,
    blocks: [
      section(`This channel has ${m.matters.length} client matters. Which one should ${verb} ${targetLine(m, opts)}?`),
      actions(
        shown.map((matter, i) =>
          button({
            text: matter,
            actionId: actionId(ACTION.trackMatter, i),
            value: encodePickMatter({ target: m.target, frequency: m.frequency, matter }),
          }),
        ),
      ),
      context(`Checked ${frequencyPhrase(m.frequency)}. Alerts go to the channels of the matter you pick.`),
    ],
  };
}
