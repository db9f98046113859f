/**
 * One court date as a section (issue 16): what it is, when and where, the case, the entry it comes
 * from, and the channel's calendared state: a plain "Mark calendared" button until someone has,
 * then the state as text (`✓ Calendared by @Dana · 11:03 AM`) with Undo (issue 25 item 2: a
 * button never reads like a state). The deadlines list and the reminders show dates the same way.
 *
 *   :busts_in_silhouette: *Status Conference* · Tue 12/1/2026 · 10:00 AM · Courtroom 15A · _in 3 days_
 *   *Acme Corp v. Widget Inc* · S.D.N.Y. · 1:23-cv-01234
 *   _Computed — verify:_ Fed. R. Civ. P. 12(a)(1)(A)(i) from #9 filed …   (a rule's own date, issue 23)
 *   From #40 filed 11/2/2026 · ✓ Calendared by @Dana · <date>        [Undo]
 */
import { button, section, type SectionBlock } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { awaySuffix, dateTitle, KIND_EMOJI, provenanceLines, sourceText, usDate, whenAndWhere } from "../../../slack/blockkit/court-date.ts";
import { mention } from "../../../slack/blockkit/names.ts";
import { toMrkdwnLine } from "../../../slack/blockkit/sanitize.ts";
import { slackMoment } from "../../../slack/blockkit/slack-date.ts";
import type { CourtDateRecord, CourtDateSignOff } from "../../../store/court-date-records.ts";
import { calendaredActionId, calendaredValue } from "./controls.ts";

export type DateOfItem = Pick<
  CourtDateRecord,
  "id" | "key" | "kind" | "title" | "date" | "time" | "place" | "judge" | "status" | "source" | "history" | "court" | "docket" | "caseTitle"
> & Partial<Pick<CourtDateRecord, "byRule" | "computed" | "conflict" | "met">>;

export interface DeadlineItem {
  date: DateOfItem;
  calendared?: Pick<CourtDateSignOff, "calendaredBy" | "calendaredAt"> | undefined;
  /** The case is muted in this channel: no reminders of this date here until it is unmuted. */
  remindersPaused?: true | undefined;
}

export interface ItemOptions {
  siteUrl: string;
  /** ISO date of today in the channel's zone ("in 3 days"). */
  today: string;
  /** No button (App Home lists, read-only). */
  readOnly?: boolean;
}

/** The first line: kind emoji, title, when and where, how far off. */
export function dateHeadline(d: DateOfItem, today: string): string {
  const moved = d.status === "moved" && d.history.length > 0 ? ` · _moved from ${usDate(d.history.at(-1)!.date)}_` : "";
  const cancelled = d.status === "cancelled" ? " · _vacated_" : "";
  const judge = d.judge ? ` · ${toMrkdwnLine(d.judge, 80)}` : "";
  return `${KIND_EMOJI[d.kind]} ${dateTitle(d)} · ${whenAndWhere(d)}${judge}${awaySuffix(today, d.date)}${moved}${cancelled}`;
}

const when = (ms: number | undefined): string => {
  const token = slackMoment(ms);
  return token ? ` · ${token}` : "";
};

export function calendaredText(item: DeadlineItem): string {
  return item.calendared
    ? `✓ Calendared by ${mention(item.calendared.calendaredBy)}${when(item.calendared.calendaredAt)}`
    : "_Not calendared yet_";
}

export function dateItemSection(item: DeadlineItem, opts: ItemOptions): SectionBlock {
  const d = item.date;
  const text = [
    dateHeadline(d, opts.today),
    caseIdentity({ title: d.caseTitle, court: d.court, docket: d.docket }, { siteUrl: opts.siteUrl, maxTitle: 100 }),
    ...provenanceLines(d),
    `From ${sourceText(d)} · ${calendaredText(item)}${item.remindersPaused ? " · _reminders wait: the case is muted here_" : ""}`,
  ].join("\n");
  if (opts.readOnly) return section(text);
  const on = item.calendared === undefined;
  return withBlockId(section(
    text,
    button({
      text: on ? "Mark calendared" : "Undo",
      actionId: calendaredActionId(d.id),
      value: calendaredValue.mustEncode({ d: d.id, on }),
    }),
  ), courtDateBlockId(d.id));
}

/** `court_date:<id>`: a click re-renders just this block of the message it is on. */
export const courtDateBlockId = (id: number) => `${COURT_DATE_BLOCK}${id}`;
export const COURT_DATE_BLOCK = "court_date:";

const withBlockId = (block: SectionBlock, id: string): SectionBlock => ({ ...block, block_id: id });
