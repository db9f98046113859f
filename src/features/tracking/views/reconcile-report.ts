/**
 * What reconciliation fixed (issue 13, item 5), for docketbot admins in their DM with the app.
 * Admins see every matter (they link them), so the matters are named. Pure.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";
import { courtLabel } from "../../../court/labels.ts";
import { frequencyPhrase } from "./track-frequency.ts";
import type { TrackTargetRef } from "./tracking-values.ts";

export interface ReconcileReportModel {
  fixes: ReadonlyArray<{
    target: TrackTargetRef; kind: "restored" | "updated" | "stopped"; matters: readonly string[]; frequency?: string | undefined; tag?: string | undefined;
    /** The case's caption when known (untrusted): the case is named by it, then its number. */
    title?: string | undefined;
  }>;
  complete: boolean;
  failed: number;
}

const SHOWN = 20;

function what(t: TrackTargetRef, title: string | undefined): string {
  if ("q" in t) return `saved search “${toMrkdwnLine(t.q, 80)}”`;
  const number = toMrkdwnLine(t.docket, 60);
  const court = toMrkdwnLine(courtLabel(t.court), 60);
  const named = title ? toMrkdwnLine(title, 80) : "";
  return named ? `${named} (${number}, ${court})` : `${number} (${court})`;
}

function line(f: ReconcileReportModel["fixes"][number]): string {
  const ms = f.matters.map((m) => matterName(m)).join(", ");
  if (f.kind === "stopped") return `• Stopped ${what(f.target, f.title)}: the service still checked it though ${ms} had stopped tracking it.`;
  const how = `checked ${frequencyPhrase(f.frequency)}${f.tag ? `, tagged ${matterName(f.tag)}` : ""}`;
  return f.kind === "restored"
    ? `• Restored ${what(f.target, f.title)}: the service had lost or stopped it while ${ms} track it (${how}).`
    : `• Corrected ${what(f.target, f.title)} to what ${ms} asked for (${how}).`;
}

export function renderReconcileReport(m: ReconcileReportModel): MessagePayload {
  const n = m.fixes.length;
  const head = `Reconciled the docket service's trackers with docketbot's subscriptions: fixed ${plural(n, "tracker", "trackers")}.`;
  const lines = m.fixes.slice(0, SHOWN).map(line);
  if (n > SHOWN) lines.push(`…and ${n - SHOWN} more (\`/docket audit\` in each matter's channel lists them).`);
  const notes = [
    m.failed > 0 ? `${plural(m.failed, "fix was", "fixes were")} refused by the service and will be tried again tomorrow.` : "",
    m.complete ? "" : "The service's tracker list could not be read to the end, so no tracker was stopped.",
  ].filter(Boolean).join(" ");
  return {
    text: head,
    blocks: [section(`*${head}*`), ...(lines.length > 0 ? [section(lines.join("\n"))] : []), ...(notes ? [context(notes)] : [])],
  };
}
