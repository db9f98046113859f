/**
 * App Home's "Next court dates" (issue 16, item 3): the dates of the matters of the user's
 * channels in the coming weeks, soonest first, one line each (kind, when and where, the case, how
 * far off), read-only: Calendared ✓ belongs to a channel, so it is given in `/docket deadlines`
 * there. Composed by Home like tracking's and budgets' sections. Pure; the caller passes only the
 * dates of the user's channels' matters (the wall).
 */
import { context, section, type Block } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity } from "../../../slack/blockkit/case-identity.ts";
import { awaySuffix, computedMark, dateTitle, KIND_EMOJI, whenAndWhere } from "../../../slack/blockkit/court-date.ts";
import { plural } from "../../../slack/blockkit/format.ts";
import type { DateOfItem } from "./date-item.ts";

/** Dates listed on Home (the other sections need the view's blocks and text). */
export const HOME_DATES_MAX = 8;

export function homeCourtDateBlocks(m: { today: string; days: number; dates: readonly DateOfItem[]; hasMatters: boolean }, opts: { siteUrl: string }): Block[] {
  if (!m.hasMatters) return [];
  const head = section(`*Next court dates* · the next ${m.days} days`);
  if (m.dates.length === 0) return [head, context("Nothing on your matters' dockets in that time.")];
  const lines = m.dates.slice(0, HOME_DATES_MAX).map((d) => {
    const id = caseIdentity({ title: d.caseTitle, court: d.court, docket: d.docket }, { siteUrl: opts.siteUrl, maxTitle: 60 });
    return `${KIND_EMOJI[d.kind]} ${dateTitle(d, 80)} · ${whenAndWhere(d)}${awaySuffix(m.today, d.date)}${computedMark(d)}\n      ${id}`;
  });
  const more = m.dates.length - HOME_DATES_MAX;
  return [
    head,
    section(lines.join("\n")),
    context(`${more > 0 ? `…and ${plural(more, "more date", "more dates")}. ` : ""}\`/docket deadlines\` in a matter's channel lists them with Mark calendared.`),
  ];
}
