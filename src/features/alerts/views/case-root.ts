/**
 * A case's root message in an alert channel (message-style.md, Alerts): the case identity line,
 * then `3 new entries · latest 3/4/2026`. The outbox edits it in place as alerts arrive; the
 * entries live in its thread, and each significant filing is broadcast from there to the channel
 * (filing-headline.ts). The root carries the case's Snooze menu (issue 12: mute 7 days, until the
 * next order, until unmuted; Unmute when muted) and says when the case is muted.
 */
import { button, context, plainText, section, type AnyBlock, type MessagePayload, type OptionObject } from "../../../slack/blockkit/blocks.ts";
import type { SnoozeMode } from "../../../store/filing-records.ts";
import { FILING_ACTION, snoozeBlockId, type SnoozeChoice } from "./alert-controls.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { courtDate, courtLongName } from "../../../court/labels.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId, encodeValue } from "../../../slack/blockkit/ids.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

export interface CaseRootModel {
  /** As the push names it: the service's long name or a PACER code. */
  court: string;
  docket: string;
  /** Untrusted; absent or blank falls back to the docket number. */
  title?: string | undefined;
  /** New entries alerted in this thread so far. */
  newEntries: number;
  /** The latest entry date seen (ISO `2026-03-04` or the court's `3/4/2026`). */
  latestEntryDate?: string | undefined;
  /** The matter the alerts are tracked for (a channel may carry several). */
  clientMatter?: string | undefined;
  /** The case's snooze in this channel, when one is in force. */
  snooze?: { mode: SnoozeMode; until?: number | undefined } | undefined;
}

export interface AlertRenderOptions {
  /** The service's `{site_url}`: case links point there, and only its links are kept. */
  siteUrl: string;
}

/** `3 new entries · latest 3/4/2026` (plain words; the date is the court's form). */
function counters(m: CaseRootModel): string {
  const n = Math.max(0, Math.trunc(m.newEntries));
  const latest = courtDate(m.latestEntryDate);
  const head = n === 0 ? "New activity" : plural(n, "new entry", "new entries");
  return latest ? `${head} · latest ${latest}` : head;
}

/** The View button's value, or undefined when the case reference cannot ride on a button. */
export function caseButtonValue(court: string, docket: string): string | undefined {
  try {
    return encodeValue({ court: courtLongName(court), docket });
  } catch {
    return undefined;
  }
}

const SNOOZE_LABELS: Readonly<Record<SnoozeChoice, string>> = {
  "7d": "Mute 7 days",
  next_order: "Mute until the next order",
  unmuted: "Mute until unmuted",
  off: "Unmute",
};

const option = (c: SnoozeChoice): OptionObject => ({ text: plainText(SNOOZE_LABELS[c]), value: c });

/** `Muted until <date>` (the reader's zone, docs.slack.dev Formatting text: dates) and its plain form. */
function mutedLine(s: NonNullable<CaseRootModel["snooze"]>): { mrkdwn: string; plain: string } {
  if (s.mode === "next_order") return { mrkdwn: "Muted until the next order", plain: "muted until the next order" };
  if (s.mode === "until" && s.until !== undefined && Number.isFinite(s.until)) {
    const secs = Math.floor(s.until / 1000);
    const iso = new Date(secs * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
    return { mrkdwn: `Muted until <!date^${secs}^{date_short_pretty} at {time}|${iso}>`, plain: `muted until ${iso}` };
  }
  return { mrkdwn: "Muted until unmuted", plain: "muted" };
}

export function renderCaseRoot(m: CaseRootModel, opts: AlertRenderOptions): MessagePayload<AnyBlock> {
  const identity = { title: m.title, court: m.court, docket: m.docket };
  const line = counters(m);
  const value = caseButtonValue(m.court, m.docket);
  const view = value ? button({ text: "View case", actionId: actionId(ACTION.viewCase, "root"), value }) : undefined;
  const blocks: AnyBlock[] = [section(`${caseIdentity(identity, opts)}\n${toMrkdwnLine(line)}`, view)];
  const muted = m.snooze ? mutedLine(m.snooze) : undefined;
  const foot = [
    m.clientMatter ? `Docket alerts for matter ${toMrkdwnLine(m.clientMatter, 50)} · new entries in the thread` : "",
    // Reminders of a muted case's dates are not posted here (deadlines/reminders.ts): said where the mute is shown.
    muted ? `${muted.mrkdwn}: routine filings stay in the thread; orders and significant filings still post; its court-date reminders are paused here` : "",
  ].filter((t) => t !== "");
  if (foot.length > 0) blocks.push(context(...foot));
  const blockId = snoozeBlockId(courtLongName(m.court), m.docket);
  if (blockId) {
    const choices: SnoozeChoice[] = m.snooze ? ["off", "7d", "next_order", "unmuted"] : ["7d", "next_order", "unmuted"];
    blocks.push({
      type: "actions",
      block_id: blockId,
      elements: [{ type: "static_select", action_id: FILING_ACTION.snooze, placeholder: plainText(m.snooze ? "Muted" : "Mute this case"), options: choices.map(option) }],
    });
  }
  return { text: `${caseIdentityText(identity)}: ${toPlainText(line)}${muted ? ` (${muted.plain})` : ""}`, blocks };
}
