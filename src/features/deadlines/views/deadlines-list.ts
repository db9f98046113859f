/**
 * `/docket deadlines` (issue 16, item 3): the court dates of the channel's matters in the next
 * days, soonest first, grouped by week (Monday to Sunday), each with its kind, date, time and
 * place, the case, the entry it comes from and the channel's "Calendared ✓". Pure: the caller
 * passes only the channel's matters' dates (the wall) and today's date in the channel's zone.
 *
 *   *Court dates · next 30 days* · 3 dates · 1 not calendared
 *   Week of Mon 11/30/2026
 *   <one section per date, with its button>
 *
 * One message within Slack's limits: dates past MAX_ITEMS are counted, never dropped silently.
 */
import { context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { dateLabel } from "../../../court/deadlines/court-date.ts";
import { usDay } from "../../../slack/blockkit/court-date.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";
import { matterName } from "../../../slack/blockkit/names.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { dateItemSection, type DeadlineItem } from "./date-item.ts";

export interface DeadlinesModel {
  today: string;
  /** How many days ahead (30). */
  days: number;
  items: readonly DeadlineItem[];
  /** The channel's matters (named in the head). */
  matters: readonly string[];
  /** The channel's reminder days, shown in the foot. */
  reminderDays: readonly number[];
}

/** Dates listed; with the week lines, the head and the foot, well inside 50 blocks. */
export const MAX_ITEMS = 36;
/** Block text kept for the head, the week lines and the foot. */
const TEXT_RESERVE = 1_500;

/** The Monday of the week of `iso`. */
export function weekOf(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** `[7, 1, 0]` → "Reminders here: 7 days and 1 day before each date, and on the day itself." (0 is the day itself.) */
export function remindersText(days: readonly number[]): string {
  if (days.length === 0) return "No reminders in this channel.";
  const before = [...days].filter((n) => n > 0).sort((a, b) => b - a).map((n) => plural(n, "day", "days"));
  const onTheDay = days.includes(0);
  if (before.length === 0) return "Reminders here: on the day of each date.";
  return `Reminders here: ${before.join(" and ")} before each date${onTheDay ? ", and on the day itself" : ""}.`;
}

export function renderDeadlines(model: DeadlinesModel, opts: { siteUrl: string }): MessagePayload {
  const items = model.items.slice(0, MAX_ITEMS);
  // Slack's total block text (SLACK_LIMITS.messageBlockText): dates past the budget are counted below.
  let budget = SLACK_LIMITS.messageBlockText - TEXT_RESERVE;
  const open = model.items.filter((i) => i.calendared === undefined).length;
  const whose = model.matters.length > 0 ? ` for ${model.matters.slice(0, 5).map(matterName).join(", ")}` : "";
  const headText = model.items.length === 0
    // Said of the cases the matters follow: a matter that tracks nothing has no dates to read.
    ? `*Court dates · next ${model.days} days*${whose} · None in the next ${model.days} days on the dockets of its matters' cases (the ones tracked or looked up here).`
    : `*Court dates · next ${model.days} days*${whose} · ${plural(model.items.length, "date", "dates")}` +
      (open > 0 ? ` · :warning: *${count(open)} not calendared*` : " · every one calendared ✓");
  const blocks: Block[] = [section(headText)];
  let week = "";
  let shown = 0;
  for (const item of items) {
    const block = dateItemSection(item, { siteUrl: opts.siteUrl, today: model.today });
    budget -= (block.text?.text.length ?? 0) + 40;
    if (budget < 0) break;
    shown++;
    const w = weekOf(item.date.date);
    if (w !== week) {
      week = w;
      blocks.push(context(`*Week of ${usDay(w)}*`));
    }
    blocks.push(block);
  }
  const more = model.items.length - shown;
  const foot = [
    ...(more > 0 ? [`…and ${plural(more, "more date", "more dates")} later in the period.`] : []),
    `${model.items.some((i) => i.date.byRule && !i.date.byRule.courtStates) ? "Dates are read from the docket entries, or computed from the rules where the court stated none (marked computed — verify)" : "Dates are read from the docket entries"}; check each against its entry. ${remindersText(model.reminderDays)} Admins: \`/docket deadlines settings 7 1\`.`,
  ];
  blocks.push(context(...foot));
  const first = model.items[0]?.date;
  const text = first
    ? `Court dates in the next ${model.days} days: ${model.items.length} (first: ${toPlainText(dateLabel(first), 100)} on ${usDay(first.date)})`
    : `No court dates in the next ${model.days} days`;
  return { text, blocks };
}
