/**
 * An alert docketbot could not post and has parked (dead letter): what the channel reads, what
 * admins read in their DM, and the reason in words (one table for the outbox's notices and
 * `/docket alerts`). Each names the filing the way a clerk finds it: the case, its entry numbers
 * and filing dates, so "never miss a filing" holds even when posting it failed. Pure.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

/** The filing (or alert) that was not posted, as the push states it. Untrusted text. */
export type ParkedFiling =
  | {
      kind: "docket";
      court: string;
      docket: string;
      title?: string | undefined;
      /** The newest entries of the push (at most 3), newest first. */
      entries: readonly { number?: string | undefined; date?: string | undefined }[];
      /** Further entries in the push. */
      more: number;
    }
  | { kind: "other"; label: string };

/** Why, in words: Slack's codes, the store's, ours. */
const REASONS: Readonly<Record<string, string>> = {
  channel_not_found: "the channel no longer exists, or docketbot can no longer see it",
  is_archived: "the channel is archived",
  channel_is_archived: "the channel is archived",
  not_in_channel: "docketbot is not a member of the channel; invite it with `/invite @docketbot`",
  invalid_auth: "Slack rejected docketbot's token",
  account_inactive: "docketbot's Slack account is inactive",
  matter_unlinked: "the matter was unlinked from the channel",
  invalid_payload: "the stored alert could not be read",
  render_failed: "the stored alert could not be turned into a message",
  internal_error: "docketbot hit an error of its own while posting it",
  store_failed: "docketbot's database refused to save it",
  store_invalid_input: "docketbot's database refused a value in it",
  store_not_found: "something it depends on is missing from docketbot's database",
  invalid_blocks: "Slack refused the message as docketbot built it",
  msg_too_long: "the message was too long for Slack",
  msg_blocks_too_long: "the message was too long for Slack",
};

/** The reason as words (mrkdwn-safe); an unknown code is quoted. */
export function reasonWords(code: string | undefined): string {
  const c = code ?? "failed";
  return REASONS[c] ?? `Slack answered \`${c.replace(/[^a-z0-9_]/gi, "")}\``;
}

function entriesText(f: Extract<ParkedFiling, { kind: "docket" }>, safe: (s: string, n: number) => string): string {
  const one = (e: { number?: string | undefined; date?: string | undefined }) => {
    const n = e.number?.trim() ? `No. ${safe(e.number.trim(), 20)}` : "an unnumbered entry";
    return e.date?.trim() ? `${n} filed ${safe(e.date.trim(), 20)}` : n;
  };
  if (f.entries.length === 0) return "";
  const list = f.entries.map(one).join(", ");
  const more = f.more > 0 ? ` and ${f.more} more` : "";
  return `, entr${f.entries.length + f.more === 1 ? "y" : "ies"} ${list}${more}`;
}

/** "Acme v. Widget · S.D.N.Y. · 1:23-cv-01234, entry No. 42 filed 3/3/2026", mrkdwn or plain. */
export function parkedFilingText(f: ParkedFiling, as: "mrkdwn" | "plain", opts: { siteUrl: string }): string {
  const safe = (s: string, n: number) => (as === "mrkdwn" ? toMrkdwnLine(s, n) : toPlainText(s, n));
  if (f.kind === "other") return safe(f.label, 200);
  const identity = as === "mrkdwn" ? caseIdentity(f, { siteUrl: opts.siteUrl, maxTitle: 80 }) : caseIdentityText(f, 80);
  return `${identity}${entriesText(f, safe)}`;
}

export interface ParkedAlertModel {
  filing: ParkedFiling;
  /** The code it was parked with. */
  reason: string;
}

const KEPT = "It is kept: a docketbot admin can Retry or Dismiss it in `/docket alerts`; this channel's other alerts go on.";

/** What the channel reads (posted in it, when the channel itself can still take posts). */
export function renderParkedAlert(m: ParkedAlertModel, opts: { siteUrl: string }): MessagePayload {
  const why = reasonWords(m.reason);
  return {
    text: `:warning: An alert could not be posted here: ${parkedFilingText(m.filing, "plain", opts)}. Reason: ${toPlainText(why, 300)}.`,
    blocks: [
      section(`:warning: *An alert could not be posted here:* ${parkedFilingText(m.filing, "mrkdwn", opts)}.\nReason: ${why}.`),
      context(KEPT),
    ],
  };
}

/** The admins' DM: which channel and matter, which filing, why, and what to do. */
export function parkedAdminText(m: ParkedAlertModel & { channelId: string; clientMatter: string }, opts: { siteUrl: string }): string {
  return `:warning: An alert for matter ${matterName(m.clientMatter)} could not be posted in <#${m.channelId}> and is parked: ` +
    `${parkedFilingText(m.filing, "mrkdwn", opts)}. Reason: ${reasonWords(m.reason)}. ` +
    "It is kept, and the channel's other alerts go on. Use Retry (once the cause is fixed) or Dismiss in `/docket alerts` in that channel.";
}
