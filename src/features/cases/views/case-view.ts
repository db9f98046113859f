/**
 * The case view (message-style.md, "Case view"): header, context line, fields, parties in brief,
 * the newest entries with Get PDF buttons, actions (Ask · Track · Older/Newer entries · Refresh
 * from court, whose confirm dialog names the possible charge), and a footer with cache time,
 * matter and correlation id.
 *
 * Paging: page 0 holds the newest entries. Every page has the same number of entries, chosen per
 * docket so that the worst case fits: the fixed blocks of this docket (measured, with room for the
 * longest matter, ref and case link) plus pageSize entries at their bounded maximum
 * (ENTRY_COST_MAX) stay under BLOCK_TEXT_TARGET and 50 blocks. Page boundaries therefore depend on
 * the docket alone (not on the site URL, the matter or the entries' actual lengths), so an "Older
 * entries" click always lands where casePageCount says.
 */
import { actions, button, confirmDialog, context, divider, fieldsSection, header, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { KIND_EMOJI, awaySuffix, dateTitle, provenanceLines, sourceText, whenAndWhere } from "../../../slack/blockkit/court-date.ts";
import { CONTEXT_LINK_MAX, PARTIES_IN_BRIEF, caseFields, contextLine, partiesBrief } from "./case-facts.ts";
import { ENTRY_COST_MAX } from "../../../slack/blockkit/case-entries.ts";
import type { CaseViewModel, CaseViewOptions } from "./case-model.ts";
import { casePartsOf, type CaseParts } from "./case-parts.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { BLOCK_TEXT_TARGET, SLACK_LIMITS, blockTextLength } from "../../../slack/blockkit/limits.ts";
import { truncateMrkdwn } from "../../../slack/blockkit/sanitize.ts";

export type { CaseViewModel, CaseViewOptions } from "./case-model.ts";

export const DEFAULT_PAGE_SIZE = 20;
/** Longest notice line (CaseViewOptions.notice); reserved in every page's budget. */
export const NOTICE_MAX = 480; // two Slack date tokens (~80 characters each) and the receipt (issue 25 items 7 and 8)
interface PageInfo {
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
}

function topBlocks(model: CaseViewModel, parts: CaseParts, siteUrl: string, page: number, notice?: string): Block[] {
  const blocks: Block[] = [header(parts.title), context(parts.contextLine(siteUrl))];
  if (notice !== undefined && notice.trim() !== "") blocks.push(context(truncateMrkdwn(notice, NOTICE_MAX)));
  if (page === 0) {
    const fields = caseFields(model);
    if (fields.length > 0) blocks.push(fieldsSection(fields));
    const parties = partiesBrief(model.parties);
    if (parties) {
      const value = model.parties.length > PARTIES_IN_BRIEF ? parts.base : undefined;
      const more = value
        ? button({ text: `All ${count(model.parties.length)} parties`, actionId: ACTION.moreParties, value })
        : undefined;
      blocks.push(section(parties, more));
    }
  }
  blocks.push(divider());
  return blocks;
}

function bottomBlocks(parts: CaseParts, opts: CaseViewOptions, p: PageInfo): Block[] {
  // The worst case (measureOverhead) counts more entries than the docket has.
  const total = p.total === parts.entries.length ? parts.total : count(p.total);
  const paging = p.total === 0 ? "No docket entries yet." : `Entries ${count(p.from + 1)}–${count(p.to)} of ${total}, newest first`;
  const blocks: Block[] = [context(paging)];
  const base = parts.base;
  if (base) {
    const older = p.page + 1 < p.pages ? parts.pageValue(p.page + 1) : undefined;
    const newer = p.page > 0 ? parts.pageValue(p.page - 1) : undefined;
    const refresh = confirmDialog({
      title: "Refresh from the court?",
      text: parts.refreshText(opts.matterPicked ? undefined : opts.clientMatter, opts.testMode, opts.matterPicked),
      confirm: "Refresh",
      deny: "Cancel",
    });
    blocks.push(
      actions([
        button({ text: "Ask", actionId: ACTION.askCase, value: base }),
        button({ text: "Track", actionId: ACTION.trackCase, value: base }),
        ...(newer ? [button({ text: "Newer entries", actionId: actionId(ACTION.casePage, "newer"), value: newer })] : []),
        ...(older ? [button({ text: "Older entries", actionId: actionId(ACTION.casePage, "older"), value: older })] : []),
        button({ text: "Refresh from court", actionId: ACTION.refreshCase, value: base, confirm: refresh }),
        // Issue 16 item 5: the case's court dates as a one-off .ics (features/calendar/case-file.ts).
        button({ text: "Add to calendar (.ics)", actionId: ACTION.caseIcs, value: base }),
        ...(opts.share ? [button({ text: "Share to channel", actionId: ACTION.shareToChannel, value: parts.pageValue(p.page) ?? base })] : []),
      ]),
    );
  }
  const footer = parts.footer(opts);
  if (footer !== "") blocks.push(context(footer));
  return blocks;
}

/** Block text and block count of everything but the entries, in the worst case for this docket (once per docket: case-parts.ts). */
function overhead(model: CaseViewModel, parts: CaseParts): { text: number; blocks: number } {
  parts.overhead ??= measureOverhead(model, parts);
  return parts.overhead;
}

function measureOverhead(model: CaseViewModel, parts: CaseParts): { text: number; blocks: number } {
  const worst: CaseViewOptions = {
    siteUrl: "https://x.invalid/",
    page: 1,
    ref: "r".repeat(40),
    clientMatter: "m".repeat(50),
    cachedAt: "c".repeat(40),
    share: true,
  };
  const fixed = [
    ...topBlocks(model, parts, worst.siteUrl, 0, "n".repeat(NOTICE_MAX)),
    ...bottomBlocks(parts, worst, { page: 1, pages: 3, from: 999_999, to: 999_999, total: 999_999 }),
  ];
  return { text: blockTextLength(fixed) + CONTEXT_LINK_MAX, blocks: fixed.length };
}

/**
 * Entries per page for this docket: `requested` (default 20), fewer when the page would not fit
 * BLOCK_TEXT_TARGET or Slack's 50 blocks; at least 1.
 */
export function casePageSize(model: CaseViewModel, requested: number = DEFAULT_PAGE_SIZE): number {
  return pageSizeOf(model, casePartsOf(model), requested);
}

function pageSizeOf(model: CaseViewModel, parts: CaseParts, requested: number = DEFAULT_PAGE_SIZE): number {
  const o = overhead(model, parts);
  const byText = Math.floor((BLOCK_TEXT_TARGET - o.text) / ENTRY_COST_MAX);
  const byBlocks = SLACK_LIMITS.messageBlocks - o.blocks;
  const want = Number.isFinite(requested) && requested >= 1 ? Math.floor(requested) : DEFAULT_PAGE_SIZE;
  return Math.max(1, Math.min(want, byText, byBlocks));
}

/** How many pages the case view has (at least 1, even with no entries). */
export function casePageCount(model: CaseViewModel, pageSize?: number): number {
  const parts = casePartsOf(model);
  return Math.max(1, Math.ceil(parts.entries.length / pageSizeOf(model, parts, pageSize)));
}

function fallbackText(parts: CaseParts, p: PageInfo): string {
  const id = parts.identity;
  if (p.total === 0) return `${id}: no docket entries yet`;
  if (p.page > 0) return `${id}: entries ${count(p.from + 1)}–${count(p.to)} of ${parts.total}`;
  const latest = parts.newest ? `, latest ${parts.newest}` : "";
  return `${id}: ${plural(p.total, "docket entry", "docket entries")}${latest}`;
}

/** Upcoming dates shown on the case card. */
export const UPCOMING_MAX = 3;

/** `*Upcoming*` and the next dates, one line each (kind, when and where, how far off, the entry). */
function upcomingSection(upcoming: CaseViewOptions["upcoming"], court: string): Block | undefined {
  const dates = upcoming?.dates.slice(0, UPCOMING_MAX) ?? [];
  if (!upcoming || dates.length === 0) return undefined;
  const lines = dates.map((d) => {
    const more = provenanceLines(d).map((l) => `\n      ${l}`).join("");
    return `• ${KIND_EMOJI[d.kind]} ${dateTitle(d, 80)} · ${whenAndWhere({ ...d, court })}${awaySuffix(upcoming.today, d.date)} · ${sourceText(d)}${more}`;
  });
  return section(`*Upcoming*\n${lines.join("\n")}`);
}

/** One page of the case view as a message. */
export function renderCaseView(model: CaseViewModel, opts: CaseViewOptions): MessagePayload {
  const parts = casePartsOf(model);
  const entries = parts.entries;
  const size = pageSizeOf(model, parts, opts.pageSize);
  const pages = Math.max(1, Math.ceil(entries.length / size));
  const page = Math.min(Math.max(Number.isInteger(opts.page) ? opts.page : 0, 0), pages - 1);
  const from = page * size;
  const to = Math.min(from + size, entries.length);
  const p: PageInfo = { page, pages, from, to, total: entries.length };
  const top = topBlocks(model, parts, opts.siteUrl, page, opts.notice);
  const entryBlocks = parts.entrySections(opts.siteUrl)(from, to);
  const bottom = bottomBlocks(parts, opts, p);
  // Issue 16: the next dates, on the first page, when they fit beside its entries (paging never moves for them).
  const upcoming = page === 0 ? upcomingSection(opts.upcoming, model.court) : undefined;
  const fits = upcoming !== undefined
    && blockTextLength([...top, upcoming, ...entryBlocks, ...bottom]) <= BLOCK_TEXT_TARGET
    && top.length + entryBlocks.length + bottom.length + 1 <= SLACK_LIMITS.messageBlocks;
  // Above the divider that ends the case's facts.
  const head = fits ? [...top.slice(0, -1), upcoming, ...top.slice(-1)] : top;
  const blocks = [...head, ...entryBlocks, ...bottom];
  return { text: fallbackText(parts, p), blocks };
}
