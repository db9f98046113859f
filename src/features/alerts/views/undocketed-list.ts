/**
 * The part of `/docket alerts` that everyone in the channel reads (issue 12, item 4): significant
 * filings nobody has docketed yet, oldest first, each with its case and a Mark docketed button.
 * Pure; the caller passes only this channel's filings within its matters (the wall).
 */
import { button, context, section, type Block } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { mention } from "../../../slack/blockkit/names.ts";
import { FILING_ACTION, filingValue } from "./alert-controls.ts";
import { filingSummaryLine, type FilingSummaryInput } from "./filing-summary.ts";

export interface UndocketedFiling extends FilingSummaryInput {
  id: number;
  court: string;
  docket: string;
  caseTitle?: string | undefined;
  assignee?: string | undefined;
}

export interface UndocketedModel {
  /** Oldest first, at most `UNDOCKETED_SHOWN`. */
  filings: readonly UndocketedFiling[];
  /** True when the store had more than were read. */
  more: boolean;
}

/** Sections per filing stay well inside a message's 50 blocks beside the delivery status. */
export const UNDOCKETED_SHOWN = 15;

export function renderUndocketed(m: UndocketedModel, opts: { siteUrl: string }): { text: string; blocks: Block[] } {
  const shown = m.filings.slice(0, UNDOCKETED_SHOWN);
  if (shown.length === 0) {
    // Said of what was posted here: a channel whose matters track nothing has no filings to docket.
    const none = "every significant filing posted in this channel is docketed (filings are posted for the cases its matters track)";
    return { text: "Every significant filing posted in this channel is docketed.", blocks: [section(`*Not docketed yet*\nNone: ${none}.`)] };
  }
  const more = m.more || m.filings.length > shown.length;
  const count = `${more ? "More than " : ""}${plural(shown.length, "significant filing", "significant filings")}`;
  const blocks: Block[] = [section(`*Not docketed yet* · ${count}, oldest first`)];
  for (const f of shown) {
    const assigned = f.assignee ? `\nAssigned to ${mention(f.assignee)}` : "";
    // Slack wants action_ids unique within a message: `filing_docketed:<id>` (the handler routes both forms).
    const docketed = button({ text: "Mark docketed", actionId: `${FILING_ACTION.docketed}:${f.id}`, value: filingValue.mustEncode({ f: f.id }) });
    blocks.push(section(`${caseIdentity({ title: f.caseTitle, court: f.court, docket: f.docket }, { ...opts, maxTitle: 80 })}\n${filingSummaryLine(f, opts)}${assigned}`, docketed));
  }
  if (more) blocks.push(context("Docket the oldest ones and run `/docket alerts` again to see the rest."));
  return { text: `${count} not docketed yet in this channel.`, blocks };
}
