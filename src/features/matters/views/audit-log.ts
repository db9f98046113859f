/**
 * `/docket audit` (issue 13, item 4): the latest actions on this channel's matters (tracking,
 * links, budgets and fee decisions, mutes, settings, sign-offs, calendar feeds, retried alerts),
 * newest first, one line each: when (the reader's clock), who, what, which case, which matter and
 * where. Only the channel's matters are ever passed in. Pure.
 */
import type { AuditEvent } from "../../../store/store.ts";
import { context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { matterName, mention } from "../../../slack/blockkit/names.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { slackMoment } from "../../../slack/blockkit/slack-date.ts";
import { courtLabel } from "../../../court/labels.ts";

/** Lines per section (a section's text holds 3,000 characters; a line is at most ~250). */
const PER_SECTION = 10;
export const AUDIT_SHOWN = 30;

const VERB: Record<AuditEvent["action"], string> = {
  track: "tracked",
  untrack: "stopped tracking",
  frequency: "changed how often it checks",
  link: "linked the matter to",
  unlink: "unlinked the matter from",
  reconcile: "repaired the service's tracker of",
  docketed: "marked docketed",
  undocketed: "unmarked docketed",
  assigned: "assigned",
  unassigned: "unassigned",
  feed_made: "made a calendar feed URL",
  feed_revoked: "revoked a calendar feed URL",
  alert_dismissed: "dismissed an alert that could not be posted",
  budget_set: "set the budget",
  budget_cleared: "removed the budget",
  fee_confirmed: "went ahead with a fee",
  fee_cancelled: "cancelled a fee",
  fee_approved: "approved a fee past the budget",
  fee_declined: "declined a fee past the budget",
  fee_matter_picked: "billed a fee to the matter",
  muted: "muted",
  unmuted: "unmuted",
  alert_settings: "changed the channel's alert settings",
  reminder_settings: "changed the channel's court-date reminders",
  calendared: "marked calendared",
  uncalendared: "unmarked calendared",
  alerts_retried: "retried",
};

/** The held fee kinds (each feature's HELD_* constant) in words. */
const HELD_KINDS: Readonly<Record<string, string>> = {
  ask: "a question to the AI", refresh: "a docket refresh from the court", document: "a live document from the court", pacer: "a PACER search",
};

/**
 * A fee decision's stored detail (`fee action 4: ask, $0.50 expected`, the store's words) as a
 * reader says it: `a question to the AI, $0.50 expected; held action #4`. Other details as stored.
 */
function feeDetail(detail: string): string {
  const m = /^fee action (\d+): ([a-z_]+), (.*) expected$/.exec(detail);
  return m ? `${HELD_KINDS[m[2]!] ?? m[2]}, ${m[3]} expected; held action #${m[1]}` : detail;
}

/** Actions whose detail is part of the sentence, not a note after it. */
const SAYS_DETAIL = new Set<AuditEvent["action"]>(["budget_set", "alerts_retried"]);

/**
 * What was done, in words, with its detail where it reads as part of the sentence:
 * `set ACME-001's budget to $500 a month (ask above $0.25)`, `muted 1:24-cv-00077 (SDNY) (until
 * the next order)`. The audit view and the CSV's `what` column both say it this way.
 */
export function auditDeed(e: AuditEvent, as: "mrkdwn" | "plain"): string {
  const safe = (s: string, n: number) => (as === "mrkdwn" ? toMrkdwnLine(s, n) : toPlainText(s, n));
  const matter = as === "mrkdwn" ? matterName(e.clientMatter) : safe(e.clientMatter, 50);
  const detail = safe(feeDetail(e.detail ?? ""), 120);
  const subject = auditSubject(e, as);
  // A link names its channel, an assignment its assignee (the CSV's `what` reads whole too).
  const linked = e.action === "link" || e.action === "unlink";
  const where = linked && e.channelId ? (as === "mrkdwn" ? ` <#${e.channelId}>` : ` channel ${safe(e.channelId, 30)}`) : "";
  const to = e.action === "assigned" ? "to" : "from";
  const assignee = e.assignee ? ` ${to} ${as === "mrkdwn" ? mention(e.assignee) : safe(e.assignee, 30)}` : "";
  const rest = `${where}${subject ? ` ${subject}` : ""}${assignee}${detail && !SAYS_DETAIL.has(e.action) ? ` (${detail})` : ""}`;
  if (e.action === "budget_set") return `set ${matter}'s budget to ${detail}`;
  if (e.action === "budget_cleared") return `removed ${matter}'s budget`;
  if (e.action === "alerts_retried") return `retried ${detail}`;
  return `${VERB[e.action]}${rest}`;
}

/** The case or search an event is about, in the words of the audit (untrusted: made safe). */
export function auditSubject(e: AuditEvent, as: "mrkdwn" | "plain"): string {
  const safe = (s: string, n: number) => (as === "mrkdwn" ? toMrkdwnLine(s, n) : toPlainText(s, n));
  if (!e.target) return "";
  if ("q" in e.target) return `saved search “${safe(e.target.q, 80)}”`;
  const entry = e.entryNumber ? `entry ${safe(e.entryNumber, 20)} in ` : "";
  return `${entry}${safe(e.target.docket, 60)} (${safe(courtLabel(e.target.court), 60)})`;
}

function line(e: AuditEvent): string {
  const who = e.userId === "docketbot" ? "docketbot" : mention(e.userId);
  // A link's channel is in its deed (auditDeed); any other action says where it was done.
  // A direct message is no channel: <#D…> shows as "#private-channel" to every reader.
  const inChannel = e.action === "link" || e.action === "unlink" || !e.channelId ? "" : e.channelId.startsWith("D") ? " · in a DM with docketbot" : ` · in <#${e.channelId}>`;
  return `• ${slackMoment(e.at)} ${who} ${auditDeed(e, "mrkdwn")} · ${matterName(e.clientMatter)}${inChannel}`;
}

export function renderAuditLog(m: { matters: readonly string[]; events: readonly AuditEvent[] }): MessagePayload {
  const names = m.matters.map((x) => matterName(x)).join(", ");
  const plainNames = m.matters.map((x) => toPlainText(x, 50)).join(", ");
  if (m.events.length === 0) {
    return { text: `Nothing recorded yet for ${plainNames}.`, blocks: [section(`Nothing recorded yet for ${names}.`)] };
  }
  const shown = m.events.slice(0, AUDIT_SHOWN);
  const blocks: Block[] = [section(`*Audit trail* for ${names}: the latest ${shown.length}, newest first.`)];
  for (let i = 0; i < shown.length; i += PER_SECTION) blocks.push(section(shown.slice(i, i + PER_SECTION).map(line).join("\n")));
  blocks.push(context("Tracking, links, budgets and fees, mutes, alert and reminder settings, sign-offs and calendar feeds. `/docket audit export` uploads every recorded action as a CSV file."));
  return { text: `Audit trail for ${plainNames}: the latest ${shown.length} actions.`, blocks };
}
