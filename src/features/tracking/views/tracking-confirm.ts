/**
 * Questions asked before a change that takes alerts away (issue 13, item 2: no silent change):
 * untracking, and lowering how often a matter's case is checked. Each names what changes and for
 * which matter and channels; nothing changes until the button is clicked. Pure.
 */
import type { TrackFrequency } from "../../../docket/schemas/index.ts";
import { actions, button, context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { frequencyMeaning, frequencyPhrase, isFrequency } from "./track-frequency.ts";
import { targetLine, targetText, type TargetView } from "./tracking.ts";
import { encodePickMatter, encodeUntrack } from "./tracking-values.ts";

/** At most this many channels are named; more are counted. */
const CHANNELS_SHOWN = 10;

function channelList(ids: readonly string[]): string {
  const shown = ids.slice(0, CHANNELS_SHOWN).map((c) => `<#${c}>`);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}

const plainMatters = (ms: readonly string[]) => ms.map((m) => toPlainText(m, 50)).join(", ");
const mdMatters = (ms: readonly string[]) => ms.map((m) => matterName(m)).join(", ");

export interface ConfirmUntrackModel extends TargetView {
  /** This channel's matters whose subscriptions end (never another matter's). */
  matters: readonly string[];
  /** Every channel of those matters in this workspace, this one included. */
  channels: readonly string[];
}

export function renderConfirmUntrack(m: ConfirmUntrackModel, opts: { siteUrl: string }): MessagePayload {
  const search = "q" in m.target;
  const verb = search ? "Stop watching" : "Stop tracking";
  const what = search ? "New cases matching it" : "Its new filings";
  return {
    text: `${verb} ${targetText(m)} for ${plainMatters(m.matters)}?`,
    blocks: [
      section(`*${verb}* ${targetLine(m, opts)} for matter ${mdMatters(m.matters)}?`),
      context(
        `${what} will no longer be posted to ${m.channels.length > 0 ? channelList(m.channels) : "this matter's channels"}. ` +
          `${m.channels.length === 1 ? "That channel is" : "Each of those channels is"} told, and you can undo it. Nothing changes unless you click the button.`,
      ),
      actions([button({ text: verb, style: "danger", actionId: actionId(ACTION.untrackCase, "confirm"), value: encodeUntrack({ target: m.target, page: 0 }) })]),
    ],
  };
}

export interface ConfirmLowerModel extends TargetView {
  matter: string;
  from: string;
  to: TrackFrequency;
  channels: readonly string[];
}

export function renderConfirmLower(m: ConfirmLowerModel, opts: { siteUrl: string }): MessagePayload {
  const was = isFrequency(m.from) ? ` instead of ${frequencyMeaning(m.from)}` : "";
  return {
    text: `Check ${targetText(m)} less often for ${toPlainText(m.matter, 50)}: ${frequencyPhrase(m.to, "plain")} instead of ${frequencyPhrase(m.from, "plain")}?`,
    blocks: [
      section(`*Check less often?* ${targetLine(m, opts)} is checked ${frequencyPhrase(m.from)} for matter ${matterName(m.matter)}.`),
      context(
        `Checked ${frequencyPhrase(m.to)} (${frequencyMeaning(m.to)}${was}), new filings reach ` +
          `${m.channels.length > 0 ? channelList(m.channels) : "this matter's channels"} later. Those channels are told. Nothing changes unless you click the button.`,
      ),
      actions([button({
        text: `Check ${frequencyPhrase(m.to, "plain")}`,
        style: "danger",
        actionId: actionId(ACTION.trackMatter, "lower"),
        value: encodePickMatter({ target: m.target, frequency: m.to, matter: m.matter, confirmed: true }),
      })]),
    ],
  };
}

/** The Undo button under "Stopped tracking": subscribes the matter again at its frequency before. */
export function undoButtons(target: TargetView["target"], undo: ReadonlyArray<{ matter: string; frequency: TrackFrequency }>) {
  return actions(undo.slice(0, 5).map((u, i) => button({
    text: undo.length > 1 ? `Undo for ${u.matter}` : "Undo",
    actionId: actionId(ACTION.trackMatter, `undo${i}`),
    value: encodePickMatter({ target, frequency: u.frequency, matter: u.matter, confirmed: true }),
  })));
}
