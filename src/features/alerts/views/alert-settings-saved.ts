/**
 * What the channel reads after an admin saves its alert settings (issue 12, item 3): who changed
 * them and what now holds, in one short message. Pure.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { mention } from "../../../slack/blockkit/names.ts";
import { toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";
import { hourLabel, WEEKDAYS, zoneLabel } from "./alert-settings-modal.ts";

export interface AlertSettingsSavedModel {
  by: string;
  postNotable: boolean;
  postRoutine: boolean;
  dailyAt?: string | undefined;
  weeklyOn?: number | undefined;
  timeZone: string;
}

function posting(m: AlertSettingsSavedModel): string {
  const posted = ["orders, opinions and judgments", m.postNotable ? "notable filings" : "", m.postRoutine ? "routine filings" : ""].filter(Boolean);
  const kept = [m.postNotable ? "" : "notable", m.postRoutine ? "" : "routine"].filter(Boolean);
  return `Posting to the channel: ${posted.join(" · ")}.${kept.length > 0 ? ` ${capital(kept.join(" and "))} filings stay in the case threads.` : ""}`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function digest(m: AlertSettingsSavedModel): string {
  const zone = toMrkdwnLine(zoneLabel(m.timeZone), 60);
  const weekday = m.weeklyOn !== undefined ? WEEKDAYS[m.weeklyOn] : undefined;
  const at = hourLabel(m.dailyAt ?? "09:00");
  if (m.dailyAt && weekday) return `Digest: daily at ${at} and weekly on ${weekday}s · ${zone} time.`;
  if (m.dailyAt) return `Digest: daily at ${at} · ${zone} time.`;
  if (weekday) return `Digest: weekly on ${weekday}s at ${at} · ${zone} time.`;
  return "Digest: off.";
}

export function renderAlertSettingsSaved(m: AlertSettingsSavedModel): MessagePayload {
  const body = `${posting(m)}\n${digest(m)}`;
  return {
    text: `${mention(m.by) === "someone" ? "Someone" : mention(m.by)} changed this channel's alert settings. ${posting(m)}`,
    blocks: [section(`${mention(m.by)} changed this channel's alert settings.\n${body}`), context("Admins change them with `/docket alerts settings`.")],
  };
}

/**
 * The settings as anyone in the channel may read them (issue 25 item 11): what posts here and when
 * the digest comes, with who can change them. Only the reader sees it; nothing can be changed here.
 */
export function renderAlertSettingsReadOnly(m: Omit<AlertSettingsSavedModel, "by"> & { admins: readonly string[]; updatedBy?: string | undefined }): MessagePayload {
  const full = { ...m, by: "" };
  const admins = m.admins.slice(0, 10).map(mention).filter((a) => a !== "someone");
  const who = admins.length > 0 ? `Only docketbot admins can change them: ${admins.join(", ")}${m.admins.length > 10 ? "…" : ""}.` : "Only docketbot admins can change them.";
  const last = m.updatedBy && mention(m.updatedBy) !== "someone" ? ` Last changed by ${mention(m.updatedBy)}.` : "";
  return {
    text: `This channel's alert settings: ${posting(full)} ${digest(full)}`,
    blocks: [section(`*This channel's alert settings*\n${posting(full)}\n${digest(full)}`), context(`${who}${last} Ask one of them to run \`/docket alerts settings\`.`)],
  };
}
