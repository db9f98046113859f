/**
 * A reminder posted to a channel N days before a court date (issue 16, item 4): the date as the
 * list shows it, with its "Calendared ✓" button, under a line saying how far off it is.
 *
 *   :bell: *Reminder:* Status Conference is in 7 days (Tue 12/1/2026)
 */
import { context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { dateLabel } from "../../../court/deadlines/court-date.ts";
import { awayText, usDay } from "../../../slack/blockkit/court-date.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { dateItemSection, type DeadlineItem } from "./date-item.ts";

export interface ReminderModel {
  item: DeadlineItem;
  /** ISO date of today in the channel's zone. */
  today: string;
}

export function renderReminder(model: ReminderModel, opts: { siteUrl: string }): MessagePayload {
  const d = model.item.date;
  const away = awayText(model.today, d.date) || "coming up";
  const title = toMrkdwnLine(dateLabel(d), 150) || "A court date";
  return {
    text: `Reminder: ${toPlainText(dateLabel(d), 150) || "a court date"} is ${away} (${usDay(d.date)})`,
    blocks: [
      section(`:bell: *Reminder:* ${title} is *${away}* (${usDay(d.date)})`),
      dateItemSection(model.item, { siteUrl: opts.siteUrl, today: model.today }),
      context("`/docket deadlines` lists every date of this channel's matters."),
    ],
  };
}
