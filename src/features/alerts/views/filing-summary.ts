/**
 * One alerted filing as a line of mrkdwn, for the lists and notes of the alert desk that are not
 * the headline itself (`/docket alerts`, the assignee's DM): `*#42* · 3/3/2026 · Order — ORDER
 * granting…` with the entry linked on the service's site when it has a document. Every field is
 * untrusted service text, sanitised here. Pure.
 */
import { courtDate } from "../../../court/labels.ts";
import { siteLink, toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

export interface FilingSummaryInput {
  entryNumber?: string | undefined;
  entryDate?: string | undefined;
  kind: string;
  summary: string;
  link?: string | undefined;
}

/** The first line of an entry is cut at ~200 characters in lists (message-style.md: entries ~300). */
const SUMMARY_MAX = 200;

export function filingSummaryLine(f: FilingSummaryInput, opts: { siteUrl: string }): string {
  const number = f.entryNumber && toMrkdwnLine(f.entryNumber, 12) !== "" ? `#${toMrkdwnLine(f.entryNumber, 12)}` : "Entry";
  const head = siteLink(f.link, `*${number}*`, opts);
  const date = courtDate(f.entryDate);
  const kind = toMrkdwnLine(f.kind, 40);
  const summary = toMrkdwnLine(f.summary, SUMMARY_MAX);
  return [head, date ? toMrkdwnLine(date) : "", kind].filter((p) => p !== "").join(" · ") + (summary ? ` — ${summary}` : "");
}

/** The same as plain text, for notification `text`. */
export function filingSummaryText(f: FilingSummaryInput): string {
  const number = f.entryNumber ? `#${toPlainText(f.entryNumber, 12)}` : "Entry";
  const date = courtDate(f.entryDate);
  return [number, date ? toPlainText(date) : "", toPlainText(f.kind, 40)].filter((p) => p !== "").join(" · ");
}
