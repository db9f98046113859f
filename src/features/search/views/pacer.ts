/**
 * `/docket pacer` results (issue 4, Commands: "post results when ready"): each case's identity
 * line, filed date, nature of suit, closing date and the searched party's role, with View and Track.
 * The confirmation, working and cancelled states are in pacer-confirm.ts.
 *
 * A PACER page holds up to 50 cases, more than one Slack message can carry (50 blocks, ~12,000
 * characters of block text), so results come as up to three messages packed by measured size
 * (compact lines, without case links, when the links would need more), then a short pager message
 * with "Next page" (its own confirm dialog) when there are more pages. Clicking Next replaces only
 * the pager: the cases already paid for stay on screen. With the working state, a page is at most
 * five response_url posts, Slack's limit per URL.
 */
import type { PacerSearchRequest } from "../../../docket/requests.ts";
import { actions, button, context, section, type Block, type ButtonElement, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { chargeNote, nextPageLabel, pacerPageConfirm, type ChargeTo, type PacerFees } from "./fee-confirm.ts";
import { describePacerSearch } from "./pacer-confirm.ts";
import { courtDate } from "../../../court/labels.ts";
import { count, money, plural } from "../../../slack/blockkit/format.ts";
import { ACTION, actionId } from "../../../slack/blockkit/ids.ts";
import { blockTextLength } from "../../../slack/blockkit/limits.ts";
import { caseValue, compactIdentity } from "./search-results.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

/** One `searchpacer/` result (spec, Search PACER result), untrusted. */
export interface PacerHit {
  title: string;
  court: string;
  docket: string;
  date_filed?: string | undefined;
  nature_of_suit?: string | undefined;
  date_terminated?: string | undefined;
  party_name?: string | undefined;
  party_role?: string | undefined;
}

const PARTY_MAX = 80;

export interface PacerResultsModel {
  search: PacerSearchRequest;
  page: number;
  /** Pages available (the service sends page_max only when more than 50 cases match). */
  pageMax: number | undefined;
  hits: readonly PacerHit[];
  /** Encoded value of the Next page button; absent on the last page. */
  nextValue?: string | undefined;
  fees: PacerFees;
  charge: ChargeTo;
  ref?: string | undefined;
}

export interface PacerRenderOptions {
  siteUrl: string;
}

/** Per message: room for our headline and footer under Slack's 50 blocks and ~12,000 characters. */
const MAX_BLOCKS = 46;
const MAX_TEXT = 11_000;
const MAX_RESULT_MESSAGES = 3;

/** What this page cost: page 1 is the search plus its page of results; later pages one page each. */
export function pacerPageCost(page: number, resultCount: number, fees: PacerFees): number {
  const pageFee = resultCount > 0 ? fees.searchPerPage : 0;
  return Math.round(((page <= 1 ? fees.searchBase : 0) + pageFee) * 100) / 100;
}

function hitFacts(hit: PacerHit): string {
  const filed = courtDate(hit.date_filed);
  const closed = courtDate(hit.date_terminated);
  const party = hit.party_name && toPlainText(hit.party_name) !== ""
    ? `${hit.party_role && toPlainText(hit.party_role) !== "" ? `${toMrkdwnLine(hit.party_role, 30)}: ` : ""}${toMrkdwnLine(hit.party_name, PARTY_MAX)}`
    : "";
  return [
    filed ? `Filed ${toMrkdwnLine(filed, 24)}` : "",
    hit.nature_of_suit ? `NOS ${toMrkdwnLine(hit.nature_of_suit, 40)}` : "",
    closed ? `Closed ${toMrkdwnLine(closed, 24)}` : "",
    party,
  ].filter((s) => s !== "").join(" · ");
}

function hitBlocks(hit: PacerHit, position: number, siteUrl: string, compact: boolean): Block[] {
  const identity = compact ? compactIdentity(hit) : caseIdentity({ title: hit.title, court: hit.court, docket: hit.docket }, { siteUrl });
  const facts = hitFacts(hit);
  const blocks: Block[] = [section(facts ? `${identity}\n${facts}` : identity)];
  const value = caseValue(hit);
  if (value) {
    const buttons: ButtonElement[] = [
      button({ text: "View", actionId: actionId(ACTION.viewCase, position), value, style: "primary" }),
      button({ text: "Track", actionId: actionId(ACTION.trackCase, position), value }),
    ];
    blocks.push(actions(buttons));
  }
  return blocks;
}

function pageLabel(m: PacerResultsModel): string {
  return m.pageMax !== undefined && m.pageMax > 1 ? `page ${count(m.page)} of ${count(m.pageMax)}` : `page ${count(m.page)}`;
}

function costLine(m: PacerResultsModel): string {
  if (m.charge.testMode) return "test mode: no charges";
  return `PACER fee ${money(pacerPageCost(m.page, m.hits.length, m.fees))}, ${toMrkdwnLine(chargeNote(m.charge))}`;
}

function footer(m: PacerResultsModel): Block {
  return context([`${pageLabel(m)[0]!.toUpperCase()}${pageLabel(m).slice(1)}`, costLine(m), m.ref ? `ref ${toMrkdwnLine(m.ref, 40)}` : ""].filter(Boolean).join(" · "));
}

/** Groups of blocks packed greedily into messages under MAX_BLOCKS and MAX_TEXT. */
function pack(first: Block[], groups: Block[][]): Block[][] {
  const messages: Block[][] = [[...first]];
  for (const group of groups) {
    const current = messages[messages.length - 1]!;
    const fits = current.length + group.length <= MAX_BLOCKS && blockTextLength(current) + blockTextLength(group) <= MAX_TEXT;
    if (fits) current.push(...group);
    else messages.push([...group]);
  }
  return messages;
}

/**
 * The results of one PACER page as one to four messages: results (the first headed by what was
 * searched and how many cases came back), then, when there are more pages, a pager message.
 */
export function renderPacerResults(m: PacerResultsModel, opts: PacerRenderOptions): MessagePayload[] {
  const what = describePacerSearch(m.search);
  if (m.hits.length === 0) {
    const none = m.page > 1 ? `PACER has no more results for ${what.md}.` : `PACER found no federal cases for ${what.md}.`;
    const tip = m.page > 1 ? "" : " Party names match from the start of the name (“Acme” finds “Acme Widgets, Inc.”); try a shorter name or fewer filters.";
    return [{
      text: `PACER found no ${m.page > 1 ? "more " : ""}federal cases for ${what.plain}`,
      blocks: [section(`${none}${tip}`), footer(m)],
    }];
  }
  const n = plural(m.hits.length, "case", "cases");
  const head = section(`*PACER: ${n}* for ${what.md} (${pageLabel(m)})`);
  const base = (m.page - 1) * 50;
  let packed = pack([head], m.hits.map((hit, i) => hitBlocks(hit, base + i, opts.siteUrl, false)));
  // At most three result messages (with the working state and the pager, five response_url
  // posts, Slack's limit): if the case links make them longer, list the cases without links.
  if (packed.length > MAX_RESULT_MESSAGES) packed = pack([head], m.hits.map((hit, i) => hitBlocks(hit, base + i, opts.siteUrl, true)));
  const last = packed[packed.length - 1]!;
  const foot = footer(m);
  const pagerNeeded = m.nextValue !== undefined;
  if (!pagerNeeded && last.length < MAX_BLOCKS && blockTextLength(last) + blockTextLength([foot]) <= MAX_TEXT) last.push(foot);
  else if (!pagerNeeded) packed.push([foot]);

  const first = m.hits[0]!;
  const more = m.hits.length > 1 ? ` and ${count(m.hits.length - 1)} more` : "";
  const messages: MessagePayload[] = packed.map((blocks, i) => ({
    text: i === 0
      ? `PACER: ${n} for ${what.plain} (${pageLabel(m)}): ${caseIdentityText(first, 100)}${more}`
      : `PACER results for ${what.plain}, continued (${pageLabel(m)})`,
    blocks,
  }));
  if (m.nextValue !== undefined) messages.push(renderPacerPager(m, m.nextValue));
  return messages;
}

/** The message that ends a page with more to come: the cost so far and Next page (with its own confirm). */
function renderPacerPager(m: PacerResultsModel, nextValue: string): MessagePayload {
  const what = describePacerSearch(m.search);
  const next = m.page + 1;
  const nextCost = m.charge.testMode ? "test mode: no charges" : `${money(m.fees.searchPerPage)}`;
  return {
    text: `More PACER results for ${what.plain}: page ${count(next)}${m.pageMax ? ` of ${count(m.pageMax)}` : ""} (${nextCost})`,
    blocks: [
      footer(m),
      actions([
        button({ text: nextPageLabel(m.fees, m.charge), actionId: ACTION.pacerPage, value: nextValue, confirm: pacerPageConfirm(next, m.fees, m.charge) }),
      ]),
    ],
  };
}
