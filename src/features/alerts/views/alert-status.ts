/**
 * `/docket alerts` for admins (issue 5, Operations): how alert delivery stands for this channel's
 * matters — pending, parked (dead letters: not delivered, kept) and quarantined — with Retry and
 * Dismiss for the parked ones (Dismiss asks first: a dismissed alert is never posted).
 */
import type { ButtonElement, ContextBlock, SectionBlock } from "../../../slack/blockkit/blocks.ts";
import { toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";
import { reasonWords } from "./parked-alert.ts";

export const ALERTS_RETRY_ACTION = "alerts_retry";
export const ALERTS_DISMISS_ACTION = "alerts_dismiss";

export interface AlertStatusModel {
  matters: readonly string[];
  counts: readonly { clientMatter: string; pending: number; inFlight: number; sent: number; dead: number }[];
  quarantined: number;
  held: number;
  oldestPendingAgeMs?: number | undefined;
  /** A few dead deliveries to show (newest first), with why they died. */
  dead: readonly { id: number; clientMatter: string; channelId: string; deadReason?: string | undefined }[];
  ref: string;
}

export function renderAlertStatus(model: AlertStatusModel): { text: string; blocks: (SectionBlock | ContextBlock | { type: "actions"; elements: ButtonElement[] })[] } {
  const totals = model.counts.reduce(
    (t, c) => ({ pending: t.pending + c.pending + c.inFlight, dead: t.dead + c.dead, sent: t.sent + c.sent }),
    { pending: 0, dead: 0, sent: 0 },
  );
  const lines = model.matters.map((m) => {
    const c = model.counts.find((x) => x.clientMatter === m) ?? { pending: 0, inFlight: 0, sent: 0, dead: 0 };
    const dead = c.dead > 0 ? ` · :warning: ${c.dead} parked (not delivered)` : "";
    return `*${toMrkdwnLine(m)}*: ${c.pending + c.inFlight} pending · ${c.sent} sent${dead}`;
  });
  const age = model.oldestPendingAgeMs !== undefined && totals.pending > 0 ? ` Oldest waiting: ${formatAge(model.oldestPendingAgeMs)}.` : "";
  const extra = [
    model.quarantined > 0 ? `:warning: ${model.quarantined} push${model.quarantined === 1 ? "" : "es"} quarantined (not in the expected format; kept for review).` : "",
    model.held > 0 ? `${model.held} push${model.held === 1 ? "" : "es"} waiting for a channel to be linked.` : "",
  ].filter(Boolean);
  const blocks: (SectionBlock | ContextBlock | { type: "actions"; elements: ButtonElement[] })[] = [
    { type: "section", text: { type: "mrkdwn", text: `*Alert delivery* for this channel's matters.${age}\n${lines.join("\n")}`, verbatim: true } },
  ];
  if (extra.length > 0) blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: extra.join(" "), verbatim: true }] });
  if (model.dead.length > 0) {
    const deadLines = model.dead.slice(0, 10).map((d) => `• alert ${d.id} to <#${d.channelId}> (${toMrkdwnLine(d.clientMatter)}): ${reasonWords(d.deadReason)}`);
    blocks.push({ type: "section", text: { type: "mrkdwn", text: `*Parked: not delivered, kept*\n${deadLines.join("\n")}`, verbatim: true } });
    const n = `${totals.dead} parked alert${totals.dead === 1 ? "" : "s"}`;
    blocks.push({
      type: "actions",
      elements: [
        { type: "button", action_id: ALERTS_RETRY_ACTION, text: { type: "plain_text", text: `Retry ${n}` }, value: "dead", style: "primary" },
        {
          type: "button", action_id: ALERTS_DISMISS_ACTION, text: { type: "plain_text", text: "Dismiss" }, value: "dead",
          confirm: {
            title: { type: "plain_text", text: "Dismiss parked alerts?" },
            text: { type: "plain_text", text: `The ${n} will never be posted here. Who dismissed them, and when, stays in the audit trail.` },
            confirm: { type: "plain_text", text: "Dismiss" },
            deny: { type: "plain_text", text: "Keep them" },
            style: "danger",
          },
        },
      ],
    });
  }
  blocks.push({ type: "context", elements: [{ type: "mrkdwn", text: `ref ${model.ref}` }] });
  const text = `Alert delivery: ${totals.pending} pending, ${totals.dead} parked, ${model.quarantined} quarantined.`;
  return { text, blocks };
}

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}
