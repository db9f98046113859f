/**
 * The "Track this case" modal (issue 4, Shortcuts: `docket_track`: modal with frequency), opened
 * by a Track button or the message shortcut: the case (a select when the message named several),
 * how often to check, and the matter when the channel has several. Tracking is free, so there is
 * no fee notice. The block and action ids are the contract with the submission handler. Pure.
 */
import { context, plainText, section, type Block, type PlainTextObject, type InputBlock, type ModalView } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { courtLabel } from "../../../court/labels.ts";
import { CALLBACK } from "../../../slack/blockkit/ids.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { FREQUENCIES, frequencyExplained, frequencyPhrase } from "./track-frequency.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import type { TrackFrequency } from "../../../docket/schemas/index.ts";

export const TRACK_BLOCK = { case: "track_modal_case", frequency: "track_modal_frequency", matter: "track_modal_matter" } as const;
export const TRACK_ELEMENT = { case: "case", frequency: "frequency", matter: "matter" } as const;
/** Cases offered when a message names several (a static select holds up to 100; a modal needs few). */
export const TRACK_MODAL_CASES_MAX = 10;
/** Matters offered (a static select holds up to 100 options). */
export const TRACK_MODAL_MATTERS_MAX = 100;

interface SelectOption {
  text: PlainTextObject;
  value: string;
}


export interface TrackModalModel {
  /** 1 to TRACK_MODAL_CASES_MAX cases; the select's values are their indexes. */
  cases: ReadonlyArray<{ court: string; docket: string; title?: string | undefined }>;
  /** The channel's matters (at least one). */
  matters: readonly string[];
  frequency: TrackFrequency;
  /** This channel's matters' subscriptions to the case (one case shown), so nothing changes unseen. */
  current?: ReadonlyArray<{ matter: string; frequency: string }> | undefined;
  /** Opaque state for the submission, at most 3,000 characters. */
  privateMetadata: string;
}

const option = (text: string, value: string): SelectOption => ({ text: plainText(text, 75), value });
// Each option says what it means (issue 13, item 2): "40 times a day: about every 36 minutes".
const frequencyChoice = (f: TrackFrequency) => option(frequencyExplained(f), f);
const caseChoice = (c: { court: string; docket: string }, i: number) =>
  option(`${toPlainText(courtLabel(c.court), 30)} · ${toPlainText(c.docket, 40)}`, String(i));

export function renderTrackModal(m: TrackModalModel, opts: { siteUrl: string }): ModalView {
  const blocks: Array<Block | InputBlock> = [];
  const cases = m.cases.slice(0, TRACK_MODAL_CASES_MAX);
  if (cases.length === 1) {
    blocks.push(section(`*Case:* ${caseIdentity(cases[0]!, opts)}`));
    const now = (m.current ?? []).map((c) => `${matterName(c.matter)} checks it ${frequencyPhrase(c.frequency)}`);
    if (now.length > 0) blocks.push(context(`Tracked now: ${now.join("; ")}. Saving changes it for the matter you choose.`));
  } else {
    blocks.push({
      type: "input",
      block_id: TRACK_BLOCK.case,
      label: plainText("Case", 2000),
      hint: plainText("The message names several cases; pick the one to track.", 2000),
      element: { type: "static_select", action_id: TRACK_ELEMENT.case, options: cases.map(caseChoice), initial_option: caseChoice(cases[0]!, 0) },
    });
  }
  blocks.push({
    type: "input",
    block_id: TRACK_BLOCK.frequency,
    label: plainText("Check for new filings", 2000),
    element: { type: "static_select", action_id: TRACK_ELEMENT.frequency, options: FREQUENCIES.map(frequencyChoice), initial_option: frequencyChoice(m.frequency) },
  });
  if (m.matters.length > 1) {
    blocks.push({
      type: "input",
      block_id: TRACK_BLOCK.matter,
      label: plainText("For client matter", 2000),
      hint: plainText("Alerts go to the channels linked to this matter.", 2000),
      element: {
        type: "static_select",
        action_id: TRACK_ELEMENT.matter,
        placeholder: plainText("Choose a matter", 150),
        options: m.matters.slice(0, TRACK_MODAL_MATTERS_MAX).map((x) => option(x, x)),
      },
    });
  } else {
    blocks.push(context(`For client matter ${matterName(m.matters[0] ?? "")}: new filings will be posted to its channels. Tracking is free.`));
  }
  return {
    type: "modal",
    callback_id: CALLBACK.trackModal,
    title: plainText("Track a case", 24),
    submit: plainText("Track", 24),
    close: plainText("Cancel", 24),
    private_metadata: m.privateMetadata,
    blocks,
  };
}

/** The same modal once submitted: a working line, then the outcome (no submit button). */
export function renderTrackModalStatus(text: string, privateMetadata: string): ModalView {
  return {
    type: "modal",
    callback_id: CALLBACK.trackModal,
    title: plainText("Track a case", 24),
    close: plainText("Close", 24),
    private_metadata: privateMetadata,
    blocks: [section(text)],
  };
}
