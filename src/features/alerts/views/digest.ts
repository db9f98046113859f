/**
 * A channel's digest (issue 12, item 6): every filing the channel received in a period, grouped by
 * case, cases with urgent filings first, each case's filings urgent, then notable, then routine
 * (folded into one line of numbers), with how many significant filings are not yet docketed.
 *
 *   *Daily digest* · 7 filings in 3 cases since <date>
 *   :warning: *2 not yet docketed* · `/docket alerts` lists them
 *   ───
 *   *Acme v. Widget* · S.D.N.Y. · 1:23-cv-01234
 *   • *#42* · 11/20/2026 · Order — ORDER granting motion to dismiss…  ✓ Docketed
 *   +2 routine filings: #43, #44
 *
 * One message, within Slack's limits: cases that do not fit are counted ("…and 12 more filings in
 * 4 more cases"), never dropped silently. Times show in each reader's own zone (<!date>). Pure: the
 * caller passes only this channel's filings within its matters (the wall).
 */
import { slackMoment } from "../../../slack/blockkit/slack-date.ts";
import { context, divider, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { BLOCK_TEXT_TARGET, SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import type { DigestPeriod, FilingLevel, FilingRecord } from "../../../store/filing-records.ts";
import { filingSummaryLine } from "./filing-summary.ts";

export type DigestFiling = Pick<
  FilingRecord,
  "court" | "docket" | "caseTitle" | "entryNumber" | "entryDate" | "level" | "kind" | "summary" | "link" | "docketedBy" | "shown" | "createdAt"
>;

export interface DigestModel {
  /** A scheduled digest, or "current": what `/docket digest` shows of the period under way. */
  period: DigestPeriod | "current";
  /** The period covered: filings recorded in [since, until). */
  since: number;
  until: number;
  filings: readonly DigestFiling[];
}

export interface DigestRenderOptions {
  siteUrl: string;
}

/** Routine entry numbers listed per case. */
const ROUTINE_NUMBERS = 10;
/** Characters kept free in each case's section for its "…and N more" line. */
const SECTION_RESERVE = 120;
/** Blocks and block text kept for the head, the divider, the "more" line and the foot. */
const RESERVE_BLOCKS = 5;
const RESERVE_TEXT = 1_200;

const RANK: Record<FilingLevel, number> = { urgent: 0, notable: 1, routine: 2 };
const TITLES = { daily: "Daily digest", weekly: "Weekly digest", current: "Digest so far" } as const;

/** A moment in the reader's zone (slack-date.ts); the epoch stands in for a missing start. */
const slackDate = (ms: number): string => slackMoment(Math.max(ms, 1000));

const isOpen = (f: DigestFiling) => f.level !== "routine" && f.docketedBy === undefined;

interface CaseGroup {
  filings: DigestFiling[];
  rank: number;
  first: number;
}

function groupByCase(filings: readonly DigestFiling[]): CaseGroup[] {
  const groups = new Map<string, CaseGroup>();
  for (const f of filings) {
    const key = JSON.stringify([f.court, f.docket]);
    const g = groups.get(key) ?? { filings: [], rank: 3, first: f.createdAt };
    g.filings.push(f);
    g.rank = Math.min(g.rank, RANK[f.level] ?? 1);
    g.first = Math.min(g.first, f.createdAt);
    groups.set(key, g);
  }
  const list = [...groups.values()];
  // Stable sorts: filings in the order recorded within a level; cases by their most urgent filing, then oldest.
  for (const g of list) g.filings.sort((a, b) => (RANK[a.level] ?? 1) - (RANK[b.level] ?? 1));
  return list.sort((a, b) => a.rank - b.rank || a.first - b.first);
}

/** `• *#42* · 11/20/2026 · Order — text  ✓ Docketed`: the alert desk's one filing line, with its marks. */
function filingLine(f: DigestFiling, siteUrl: string): string {
  const marks = [f.docketedBy !== undefined ? "✓ Docketed" : "", f.shown === "muted" ? "_snoozed_" : ""].filter(Boolean).join(" · ");
  return `• ${filingSummaryLine(f, { siteUrl })}${marks !== "" ? `  ${marks}` : ""}`;
}

/** `+4 routine filings: #12, #13, #15, #16`. */
function routineLine(routine: readonly DigestFiling[]): string {
  const numbers = routine.map((f) => f.entryNumber).filter((n): n is string => n !== undefined && toMrkdwnLine(n, 16) !== "");
  const shown = numbers.slice(0, ROUTINE_NUMBERS).map((n) => `#${toMrkdwnLine(n, 16)}`);
  const more = numbers.length > shown.length ? `, +${count(numbers.length - shown.length)} more` : "";
  return `+${plural(routine.length, "routine filing", "routine filings")}${shown.length > 0 ? `: ${shown.join(", ")}${more}` : ""}`;
}

/** One case's section: its identity line, then its filings as fit in one section. */
function caseText(g: CaseGroup, opts: DigestRenderOptions): string {
  const first = g.filings[0]!;
  const lines = [caseIdentity({ title: first.caseTitle, court: first.court, docket: first.docket }, opts)];
  const significant = g.filings.filter((f) => f.level !== "routine");
  const routine = g.filings.filter((f) => f.level === "routine");
  let length = lines[0]!.length;
  const max = SLACK_LIMITS.sectionText - SECTION_RESERVE;
  let listed = 0;
  for (const f of significant) {
    const line = filingLine(f, opts.siteUrl);
    if (length + 1 + line.length > max) break;
    lines.push(line);
    length += 1 + line.length;
    listed++;
  }
  if (listed < significant.length) lines.push(`…and ${plural(significant.length - listed, "more significant filing", "more significant filings")} in this case`);
  if (routine.length > 0) lines.push(routineLine(routine));
  return lines.join("\n");
}

export function renderDigest(m: DigestModel, opts: DigestRenderOptions): MessagePayload {
  const title = TITLES[m.period];
  const total = m.filings.length;
  const groups = groupByCase(m.filings);
  const open = m.filings.filter(isOpen).length;
  const since = slackDate(m.since);

  if (total === 0) {
    return { text: `${title}: no new filings`, blocks: [section(`*${title}* · No new filings since ${since}.`)] };
  }

  const what = `${plural(total, "filing", "filings")} in ${plural(groups.length, "case", "cases")}`;
  const docketing = open > 0 ? `:warning: *${count(open)} not yet docketed* · \`/docket alerts\` lists them` : "Every significant filing is docketed ✓";
  const blocks: Block[] = [section(`*${title}* · ${what} since ${since}\n${docketing}`), divider()];

  let text = 0;
  let shownCases = 0;
  let shownFilings = 0;
  for (const g of groups) {
    const block = section(caseText(g, opts));
    const t = block.text!.text.length;
    if (blocks.length + RESERVE_BLOCKS > SLACK_LIMITS.messageBlocks || text + t > BLOCK_TEXT_TARGET - RESERVE_TEXT) break;
    blocks.push(block);
    text += t;
    shownCases++;
    shownFilings += g.filings.length;
  }
  if (shownCases < groups.length) {
    const rest = groups.length - shownCases;
    blocks.push(section(`…and ${plural(total - shownFilings, "more filing", "more filings")} in ${plural(rest, "more case", "more cases")}. Each case's thread has them all.`));
  }
  blocks.push(context(`Filings recorded ${since} to ${slackDate(m.until)} · \`/docket digest\` shows the digest so far`));

  const lead = groups[0]!.filings[0]!;
  const leadCase = caseIdentityText({ title: lead.caseTitle, court: lead.court, docket: lead.docket }, 80);
  const notice = `${title}: ${what}${open > 0 ? `, ${count(open)} not yet docketed` : ""} (first: ${toPlainText(lead.kind, 40) || "filing"} in ${leadCase})`;
  return { text: notice, blocks };
}
