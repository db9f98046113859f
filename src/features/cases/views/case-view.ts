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
import { caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { KIND_EMOJI, awaySuffix, dateTitle, provenanceLines, sourceText, whenAndWhere } from "../../../slack/blockkit/court-date.ts";
import { CONTEXT_LINK_MAX, PARTIES_IN_BRIEF, caseFields, contextLine, partiesBrief } from "./case-facts.ts";
import { ENTRY_COST_MAX, entrySection, sortEntriesNewestFirst } from "../../../slack/blockkit/case-entries.ts";
import type { CaseViewModel, CaseViewOptions } from "./case-model.ts";
import { cachedLabel, refreshConfirmText } from "./case-footer.ts";
import { courtDate, courtLongName } from "../../../court/labels.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId, encodeValue, type ButtonValue } from "../../../slack/blockkit/ids.ts";
import { BLOCK_TEXT_TARGET, SLACK_LIMITS, blockTextLength } from "../../../slack/blockkit/limits.ts";
import { toMrkdwnLine, toPlainText, truncateMrkdwn } from "../../../slack/blockkit/sanitize.ts";

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

function valueFor(model: CaseViewModel, extra: Partial<ButtonValue> = {}): string | undefined {
  try {
    return encodeValue({ court: courtLongName(model.court), docket: model.docket, ...extra });
  } catch {
    return undefined; // a court or docket too long to carry: no buttons rather than broken ones
  }
}

function titleOf(model: CaseViewModel): string {
  return toPlainText(model.info.title) || toPlainText(model.docket) || "Docket";
}

function topBlocks(model: CaseViewModel, siteUrl: string, page: number, notice?: string): Block[] {
  const blocks: Block[] = [header(titleOf(model)), context(contextLine(model, siteUrl))];
  if (notice !== undefined && notice.trim() !== "") blocks.push(context(truncateMrkdwn(notice, NOTICE_MAX)));
  if (page === 0) {
    const fields = caseFields(model);
    if (fields.length > 0) blocks.push(fieldsSection(fields));
    const parties = partiesBrief(model.parties);
    if (parties) {
      const value = model.parties.length > PARTIES_IN_BRIEF ? valueFor(model) : undefined;
      const more = value
        ? button({ text: `All ${count(model.parties.length)} parties`, actionId: ACTION.moreParties, value })
        : undefined;
      blocks.push(section(parties, more));
    }
  }
  blocks.push(divider());
  return blocks;
}

function bottomBlocks(model: CaseViewModel, opts: CaseViewOptions, p: PageInfo): Block[] {
  const paging =
    p.total === 0 ? "No docket entries yet." : `Entries ${count(p.from + 1)}–${count(p.to)} of ${count(p.total)}, newest first`;
  const blocks: Block[] = [context(paging)];
  const base = valueFor(model);
  if (base) {
    const older = p.page + 1 < p.pages ? valueFor(model, { page: p.page + 1 }) : undefined;
    const newer = p.page > 0 ? valueFor(model, { page: p.page - 1 }) : undefined;
    const refresh = confirmDialog({
      title: "Refresh from the court?",
      text: refreshConfirmText(model.court, opts.clientMatter, opts.testMode),
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
        ...(opts.share ? [button({ text: "Share to channel", actionId: ACTION.shareToChannel, value: valueFor(model, { page: p.page }) ?? base })] : []),
      ]),
    );
  }
  const footer = [
    cachedLabel(opts.cachedAt ?? model.info.datetime_cached ?? model.info.date_cached),
    opts.clientMatter ? `matter ${toMrkdwnLine(opts.clientMatter, 50)}` : "",
    opts.ref ? `ref ${toMrkdwnLine(opts.ref, 40)}` : "",
  ].filter((s) => s !== "");
  if (footer.length > 0) blocks.push(context(footer.join(" · ")));
  return blocks;
}

/** overhead() per model: every page of a case view (and its page count) asks for it. */
const overheads = new WeakMap<CaseViewModel, { text: number; blocks: number }>();

/** Block text and block count of everything but the entries, in the worst case for this docket. */
function overhead(model: CaseViewModel): { text: number; blocks: number } {
  const hit = overheads.get(model);
  if (hit) return hit;
  const measured = measureOverhead(model);
  overheads.set(model, measured);
  return measured;
}

function measureOverhead(model: CaseViewModel): { text: number; blocks: number } {
  const worst: CaseViewOptions = {
    siteUrl: "https://x.invalid/",
    page: 1,
    ref: "r".repeat(40),
    clientMatter: "m".repeat(50),
    cachedAt: "c".repeat(40),
    share: true,
  };
  const fixed = [
    ...topBlocks(model, worst.siteUrl, 0, "n".repeat(NOTICE_MAX)),
    ...bottomBlocks(model, worst, { page: 1, pages: 3, from: 999_999, to: 999_999, total: 999_999 }),
  ];
  return { text: blockTextLength(fixed) + CONTEXT_LINK_MAX, blocks: fixed.length };
}

/**
 * Entries per page for this docket: `requested` (default 20), fewer when the page would not fit
 * BLOCK_TEXT_TARGET or Slack's 50 blocks; at least 1.
 */
export function casePageSize(model: CaseViewModel, requested: number = DEFAULT_PAGE_SIZE): number {
  const o = overhead(model);
  const byText = Math.floor((BLOCK_TEXT_TARGET - o.text) / ENTRY_COST_MAX);
  const byBlocks = SLACK_LIMITS.messageBlocks - o.blocks;
  const want = Number.isFinite(requested) && requested >= 1 ? Math.floor(requested) : DEFAULT_PAGE_SIZE;
  return Math.max(1, Math.min(want, byText, byBlocks));
}

/** How many pages the case view has (at least 1, even with no entries). */
export function casePageCount(model: CaseViewModel, pageSize?: number): number {
  const total = sortEntriesNewestFirst(model.docket_report).length;
  return Math.max(1, Math.ceil(total / casePageSize(model, pageSize)));
}

function fallbackText(model: CaseViewModel, p: PageInfo, newest: string | undefined): string {
  const id = caseIdentityText({ title: model.info.title, court: model.court, docket: model.docket });
  if (p.total === 0) return `${id}: no docket entries yet`;
  if (p.page > 0) return `${id}: entries ${count(p.from + 1)}–${count(p.to)} of ${count(p.total)}`;
  const latest = newest ? `, latest ${newest}` : "";
  return `${id}: ${plural(p.total, "docket entry", "docket entries")}${latest}`;
}

/** Upcoming dates shown on the case card. */
export const UPCOMING_MAX = 3;

/** `*Upcoming*` and the next dates, one line each (kind, when and where, how far off, the entry). */
function upcomingSection(upcoming: CaseViewOptions["upcoming"]): Block | undefined {
  const dates = upcoming?.dates.slice(0, UPCOMING_MAX) ?? [];
  if (!upcoming || dates.length === 0) return undefined;
  const lines = dates.map((d) => {
    const more = provenanceLines(d).map((l) => `\n      ${l}`).join("");
    return `• ${KIND_EMOJI[d.kind]} ${dateTitle(d, 80)} · ${whenAndWhere(d)}${awaySuffix(upcoming.today, d.date)} · ${sourceText(d)}${more}`;
  });
  return section(`*Upcoming*\n${lines.join("\n")}`);
}

/** One page of the case view as a message. */
export function renderCaseView(model: CaseViewModel, opts: CaseViewOptions): MessagePayload {
  const entries = sortEntriesNewestFirst(model.docket_report);
  const size = casePageSize(model, opts.pageSize);
  const pages = Math.max(1, Math.ceil(entries.length / size));
  const page = Math.min(Math.max(Number.isInteger(opts.page) ? opts.page : 0, 0), pages - 1);
  const from = page * size;
  const shown = entries.slice(from, from + size);
  const p: PageInfo = { page, pages, from, to: from + shown.length, total: entries.length };
  const ctx = { siteUrl: opts.siteUrl, court: courtLongName(model.court), docket: model.docket };
  const top = topBlocks(model, opts.siteUrl, page, opts.notice);
  const entryBlocks = shown.map((e, i) => entrySection(e, from + i, ctx));
  const bottom = bottomBlocks(model, opts, p);
  // Issue 16: the next dates, on the first page, when they fit beside its entries (paging never moves for them).
  const upcoming = page === 0 ? upcomingSection(opts.upcoming) : undefined;
  const fits = upcoming !== undefined
    && blockTextLength([...top, upcoming, ...entryBlocks, ...bottom]) <= BLOCK_TEXT_TARGET
    && top.length + entryBlocks.length + bottom.length + 1 <= SLACK_LIMITS.messageBlocks;
  // Above the divider that ends the case's facts.
  const head = fits ? [...top.slice(0, -1), upcoming, ...top.slice(-1)] : top;
  const blocks = [...head, ...entryBlocks, ...bottom];
  const newest = entries[0] ? (courtDate(entries[0].date) ?? courtDate(entries[0].entry_date)) : undefined;
  return { text: fallbackText(model, p, newest ? toPlainText(newest) : undefined), blocks };
}
