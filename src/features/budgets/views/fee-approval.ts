/**
 * The admin's DM asking to approve a fee past a matter's budget (issue 14 item 3: "a button in the
 * admin's DM"), and the same message once decided. The summary is the requester's own words or a
 * case's name: untrusted, so one line, escaped, bounded. Pure.
 */
import { actions, button, confirmDialog, context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { money } from "../../../slack/blockkit/format.ts";
import { ACTION } from "../../../slack/blockkit/ids.ts";
import { matterName, mention } from "../../../slack/blockkit/names.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { priceTag, priceWords } from "./price-words.ts";
import { whatInSentence } from "./what-in-sentence.ts";

export interface ApprovalModel {
  actionId: number;
  clientMatter: string;
  requestedBy: string;
  /** A channel id, or undefined (the app DM, App Home). */
  channelId?: string | undefined;
  what: string;
  summary: string;
  expected: number;
  /** `expected` is the most it can cost (a court fee): said "up to", never "about". */
  ceiling?: boolean | undefined;
  spent: number;
  cap: number;
}

const where = (channelId: string | undefined) => (channelId && /^[CG][A-Z0-9]{2,30}$/.test(channelId) ? ` in <#${channelId}>` : "");

function request(m: ApprovalModel): string {
  return (
    `${mention(m.requestedBy)} asked${where(m.channelId)}: ${whatInSentence(m.what)}, ${priceWords(m)}, billed to ${matterName(m.clientMatter)}.\n` +
    `> ${toMrkdwnLine(m.summary, 300)}\n` +
    `${matterName(m.clientMatter)} has spent ${money(m.spent)} of its ${money(m.cap)} budget this month.`
  );
}

export function renderApprovalRequest(m: ApprovalModel): MessagePayload {
  return {
    text: `Approval needed: ${whatInSentence(m.what)} billed to ${toMrkdwnLine(m.clientMatter, 50)}, past its monthly budget.`,
    blocks: [
      section(`:raised_hand: *Approval needed: past the monthly budget*\n${request(m)}`),
      actions([
        button({
          text: `Approve (${priceTag(m)})`, actionId: ACTION.feeApprove, value: String(m.actionId), style: "primary",
          confirm: confirmDialog({ title: "Approve this fee?", text: `It runs once, billed to ${toPlainText(m.clientMatter, 50)}, past its monthly budget.`, confirm: "Approve", deny: "Back" }),
        }),
        button({ text: "Decline", actionId: ACTION.feeDeny, value: String(m.actionId) }),
      ]),
      context("Raise the cap with `/docket budget set` to let further fees run without asking."),
    ],
  };
}

export function renderApprovalDecided(m: ApprovalModel & { decision: "approved" | "declined"; by: string; outcome?: string | undefined }): MessagePayload {
  const mark = m.decision === "approved" ? ":white_check_mark: Approved" : ":no_entry_sign: Declined";
  const text = `${mark} by ${mention(m.by)}${m.outcome ? ` · ${m.outcome}` : ""}\n${request(m)}`;
  return { text: `${m.decision === "approved" ? "Approved" : "Declined"}: ${whatInSentence(m.what)} billed to ${toMrkdwnLine(m.clientMatter, 50)}.`, blocks: [section(text)] };
}
