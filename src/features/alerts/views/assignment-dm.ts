/**
 * The direct message an assignee gets when someone assigns them a filing from an alert (issue 12,
 * item 4): who assigned it, in which channel, which filing of which case. Read in a notification,
 * so `text` says it all. Pure.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { mention, matterName } from "../../../slack/blockkit/names.ts";
import { filingSummaryLine, filingSummaryText, type FilingSummaryInput } from "./filing-summary.ts";

export interface AssignmentDmModel {
  filing: FilingSummaryInput & { court: string; docket: string; caseTitle?: string | undefined; clientMatter: string };
  /** Who assigned it. */
  by: string;
  /** The channel the alert is in. */
  channelId: string;
}

function channelMention(id: string): string {
  return /^[CG][A-Z0-9]{2,30}$/.test(id) ? `<#${id}>` : "a channel";
}

export function renderAssignmentDm(m: AssignmentDmModel, opts: { siteUrl: string }): MessagePayload {
  const identity = { title: m.filing.caseTitle, court: m.filing.court, docket: m.filing.docket };
  const where = channelMention(m.channelId);
  return {
    text: `You were assigned ${filingSummaryText(m.filing)} in ${caseIdentityText(identity, 80)}`,
    blocks: [
      section(`${mention(m.by)} assigned you a filing in ${where}:\n${caseIdentity(identity, opts)}\n${filingSummaryLine(m.filing, opts)}`),
      context(`Matter ${matterName(m.filing.clientMatter)} · click *Mark docketed* on the alert in ${where} when it's done`),
    ],
  };
}
