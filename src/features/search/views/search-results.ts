/**
 * `/docket search` results (issue 4, Commands; message-style.md): what was searched and how many
 * cases match in the first line, then one group per case (the identity line, the filed date, View ·
 * Track · Ask), then Previous / More results, which replace the message in place.
 *
 * Buttons repeat per case, so their action_ids carry the case's position (`view_case:12`): Slack
 * and our checker want action_ids unique within a message; handlers route with actionIdPattern.
 */
import { actions, button, context, section, type Block, type ButtonElement, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { courtDate, courtLabel, courtLongName } from "../../../court/labels.ts";
import { count, plural } from "../../../slack/blockkit/format.ts";
import { blockTextLength } from "../../../slack/blockkit/limits.ts";
import { ACTION, actionId, encodeValue } from "../../../slack/blockkit/ids.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

/** One `search/` result, as the service sent it (untrusted text). */
export interface SearchHit {
  title: string;
  court: string;
  docket: string;
  date_filed?: string | undefined;
}

export interface SearchResultsModel {
  query: string;
  hits: readonly SearchHit[];
  /** Results already seen before this page. */
  offset: number;
  /** The service's total count; undefined when it sent none. */
  total: number | undefined;
  /** Encoded values of the paging buttons (the Slack layer owns their format); absent: no button. */
  previousValue?: string | undefined;
  nextValue?: string | undefined;
  /** Whether the Ask button is offered (a provider key is configured). */
  askEnabled: boolean;
  /** Correlation id, shown in the footer. */
  ref?: string | undefined;
}

export interface SearchRenderOptions {
  siteUrl: string;
}

/** How the query reads inside our sentences: quoted, one line, bounded. */
export const QUERY_SHOWN_MAX = 120;
const quotedMd = (q: string) => `“${toMrkdwnLine(q, QUERY_SHOWN_MAX)}”`;
const quotedPlain = (q: string) => `“${toPlainText(q, QUERY_SHOWN_MAX)}”`;

/** The Slack layer's button value for a case, or undefined when it could not come back intact. */
export function caseValue(hit: Pick<SearchHit, "court" | "docket">): string | undefined {
  try {
    return encodeValue({ court: courtLongName(hit.court), docket: hit.docket });
  } catch {
    return undefined; // a court or docket too long or malformed to carry: no buttons, not broken ones
  }
}

/**
 * The identity line without the link, for lists that would not fit otherwise: the case link
 * carries the title in its path, and a non-Latin title percent-encodes to over a thousand
 * characters, so ten such links could pass Slack's ~12,000 characters of block text.
 */
export function compactIdentity(hit: Pick<SearchHit, "title" | "court" | "docket">): string {
  const title = toMrkdwnLine(hit.title, 80) || toMrkdwnLine(hit.docket, 60);
  return [`*${title}*`, toMrkdwnLine(courtLabel(hit.court), 40), toMrkdwnLine(hit.docket, 60)].filter((p) => p !== "" && p !== "**").join(" · ");
}

/** `*<link|Title>* · S.D.N.Y. · 1:23-cv-01234` then `Filed 3/4/2026`. */
export function hitText(hit: SearchHit, siteUrl: string, compact = false): string {
  const identity = compact ? compactIdentity(hit) : caseIdentity({ title: hit.title, court: hit.court, docket: hit.docket }, { siteUrl });
  const filed = courtDate(hit.date_filed);
  return filed ? `${identity}\nFiled ${toMrkdwnLine(filed, 24)}` : identity;
}

/** View · Track · Ask for one case; `position` makes the action_ids unique in the message. */
export function hitButtons(hit: SearchHit, position: number, askEnabled: boolean): ButtonElement[] {
  const value = caseValue(hit);
  if (!value) return [];
  return [
    button({ text: "View", actionId: actionId(ACTION.viewCase, position), value, style: "primary" }),
    button({ text: "Track", actionId: actionId(ACTION.trackCase, position), value }),
    ...(askEnabled ? [button({ text: "Ask", actionId: actionId(ACTION.askCase, position), value })] : []),
  ];
}

/** `Results 11–20 of 23`. */
function rangeLine(model: SearchResultsModel): string {
  const from = model.offset + 1;
  const to = model.offset + model.hits.length;
  const of = model.total !== undefined ? ` of ${count(model.total)}` : "";
  return `Results ${count(from)}–${count(to)}${of}`;
}

function headline(model: SearchResultsModel): { md: string; plain: string } {
  const total = model.total ?? model.offset + model.hits.length;
  const verb = total === 1 ? "matches" : "match";
  const n = model.total === undefined && model.nextValue ? `${count(total)}+` : count(total);
  const noun = total === 1 ? "case" : "cases";
  return { md: `*${n} ${noun}* ${verb} ${quotedMd(model.query)}`, plain: `${n} ${noun} ${verb} ${quotedPlain(model.query)}` };
}

/** The free search's no-results sentence, with what to try next (message-style.md, Errors). */
export function noResultsText(query: string, offset: number): { md: string; plain: string } {
  if (offset > 0) {
    return { md: `No more results for ${quotedMd(query)}.`, plain: `No more results for ${quotedPlain(query)}.` };
  }
  return {
    md:
      `No cases match ${quotedMd(query)}. Try fewer or different words, or a party search like ` +
      "`party:(name:\"Acme\")`. Cases filed in the last day may not be indexed yet: " +
      "`/docket pacer <party>` searches the federal courts live (fees apply, you confirm first).",
    plain: `No cases match ${quotedPlain(query)}. Try fewer or different words, or /docket pacer for brand-new federal filings.`,
  };
}

function pager(model: SearchResultsModel): Block[] {
  const buttons: ButtonElement[] = [];
  if (model.previousValue) buttons.push(button({ text: "Previous", actionId: actionId(ACTION.searchPage, "prev"), value: model.previousValue }));
  if (model.nextValue) buttons.push(button({ text: "More results", actionId: actionId(ACTION.searchPage, "next"), value: model.nextValue }));
  return buttons.length > 0 ? [actions(buttons)] : [];
}

function footer(model: SearchResultsModel, extra: string): Block {
  const parts = [extra, "Only you can see these results", model.ref ? `ref ${toMrkdwnLine(model.ref, 40)}` : ""];
  return context(parts.filter((p) => p !== "").join(" · "));
}

/** Block text we allow a results message (a margin under Slack's ~12,000, limits.ts). */
const MAX_TEXT = 11_000;

/**
 * The results message. Ten cases make at most ~25 blocks and, with ordinary titles, ~6,000
 * characters of block text; should the case links make it longer (see compactIdentity), the
 * cases are listed without links, which is bounded (~300 characters a case). So a page always
 * fits Slack's 50 blocks and ~12,000 characters.
 */
export function renderSearchResults(model: SearchResultsModel, opts: SearchRenderOptions): MessagePayload {
  const full = renderResults(model, opts, false);
  return blockTextLength(full.blocks) <= MAX_TEXT ? full : renderResults(model, opts, true);
}

function renderResults(model: SearchResultsModel, opts: SearchRenderOptions, compact: boolean): MessagePayload {
  if (model.hits.length === 0) {
    const none = noResultsText(model.query, model.offset);
    return { text: none.plain, blocks: [section(none.md), ...pager(model), footer(model, "")] };
  }
  const head = headline(model);
  const blocks: Block[] = [section(head.md)];
  model.hits.forEach((hit, i) => {
    const position = model.offset + i;
    blocks.push(section(hitText(hit, opts.siteUrl, compact)));
    const buttons = hitButtons(hit, position, model.askEnabled);
    if (buttons.length > 0) blocks.push(actions(buttons));
  });
  blocks.push(...pager(model), footer(model, rangeLine(model)));
  const first = model.hits[0]!;
  const rest = model.hits.length > 1 ? ` and ${plural(model.hits.length - 1, "more", "more")}` : "";
  return { text: `${head.plain}: ${caseIdentityText(first, 100)}${rest}`, blocks };
}

/** The working state, shown at once and replaced by the results. */
export function renderSearching(query: string): MessagePayload {
  return {
    text: `Searching for ${quotedPlain(query)}…`,
    blocks: [context(`:hourglass_flowing_sand: Searching for ${quotedMd(query)}…`)],
  };
}

/** A failed search or click: our own sentence (user-errors.ts), as a message with a block. */
export function renderSearchProblem(sentence: string): MessagePayload {
  return { text: sentence, blocks: [section(sentence)] };
}
