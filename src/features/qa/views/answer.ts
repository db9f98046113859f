/**
 * An answer in its Q&A thread (message-style.md, Answers): the answer first, as the provider wrote
 * it (through the one sanitizer), then `Based on entries #12, #40 (3/1/2026)` with links to the
 * entries on the service's site, then a context line `providerone · $0.02 · docket as of
 * 3/4/2026`. With two providers (or docket and documents) each answer is labelled. A long answer
 * is paged (answer-pages.ts): the first page replaces the "working" placeholder, the others follow.
 */
import { caseUrl } from "../../../court/refs.ts";
import { actions, button, context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { ACTION, encodeValue } from "../../../slack/blockkit/ids.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { courtDate, courtLongName } from "../../../court/labels.ts";
import { packPages, splitMrkdwn } from "./answer-pages.ts";
import { blockTextLength } from "../../../slack/blockkit/limits.ts";
import { siteLink, toMrkdwn, toMrkdwnLine, toPlainText, truncateMrkdwn } from "../../../slack/blockkit/sanitize.ts";

export interface AnswerPart {
  /** Which part of the case the answer read (the service's from_dockets / from_documents). */
  source: "docket" | "documents";
  provider: string;
  /** Untrusted provider text (plain text or HTML). */
  text: string;
}

export interface CitedEntry {
  number?: string | undefined;
  date?: string | undefined;
  /** A link the service gave for it (kept only when on the service's site). */
  href?: string | undefined;
}

export interface AnswerModel {
  court: string;
  docket: string;
  /** The caption, when known: entry pages' URLs need it. */
  title?: string | undefined;
  parts: readonly AnswerPart[];
  cited: readonly CitedEntry[];
  /** The AI call's price in dollars, as the service reported it. */
  price?: number | undefined;
  dateCached?: string | undefined;
  testMode?: boolean;
  /** Head the first page with the case identity line (when the thread's root is not our question). */
  withIdentity?: boolean;
  /**
   * The Q&A thread's ts: the last page ends with an "Ask a follow-up" button, which opens the Ask
   * modal for this case and answers in this thread (issue 14 item 1).
   */
  followUpThread?: string | undefined;
}

/** Block text per page: a margin under Slack's ~12,000 (limits.ts). */
export const ANSWER_PAGE_TEXT = 10_500;
/** Section text per piece of an answer (Slack: 3,000). */
export const ANSWER_SECTION_MAX = 2_900;
/** Pages at most; an answer longer than this is cut, and says so. */
export const ANSWER_MAX_PAGES = 4;
export const MAX_CITED_SHOWN = 12;

const PROVIDER_NAMES: Record<string, string> = { providerone: "providerone", providertwo: "providertwo" };

function providerLabel(p: string): string {
  return PROVIDER_NAMES[p] ?? toMrkdwnLine(p, 40);
}

/** Plain provider text keeps its line breaks: toMrkdwn reads HTML, where a newline is a space. */
function answerMrkdwn(text: string, siteUrl: string): string {
  return toMrkdwn(text.replace(/\r\n?|\n/g, "<br>"), { siteUrl });
}

/** `$0.02`; tiny AI prices keep a third decimal (`$0.004`). */
export function formatPrice(price: number): string {
  if (price > 0 && price < 0.01) return `$${price.toFixed(3)}`;
  return `$${price.toFixed(2)}`;
}

function entryHref(model: AnswerModel, siteUrl: string, e: CitedEntry): string | undefined {
  // An entry's page is its case page plus the entry number (observed-facts.md, URLs on the site).
  if (e.number !== undefined && model.title && /^\d{1,6}$/.test(e.number)) {
    return `${caseUrl(siteUrl, { court: courtLongName(model.court), docket: model.docket }, model.title)}${e.number}/`;
  }
  return e.href;
}

function dayKey(date: string | undefined): number {
  const m = date === undefined ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(courtDate(date) ?? "");
  return m ? Number(m[3]) * 10_000 + Number(m[1]) * 100 + Number(m[2]) : -1;
}

/** `Based on entries #12, #40 (3/1/2026)`: numbers linked, the newest date cited; "" when none. */
export function basedOnLine(model: AnswerModel, siteUrl: string): string {
  const seen = new Set<string>();
  const entries = model.cited.filter((e) => {
    const key = e.number ?? `@${e.date ?? ""}`;
    if (seen.has(key) || (e.number === undefined && e.date === undefined)) return false;
    seen.add(key);
    return true;
  });
  if (entries.length === 0) return "";
  const numbered = entries.filter((e) => e.number !== undefined);
  numbered.sort((a, b) => (parseInt(a.number!, 10) || 0) - (parseInt(b.number!, 10) || 0));
  const shown = numbered.slice(0, MAX_CITED_SHOWN);
  const links = shown.map((e) => siteLink(entryHref(model, siteUrl, e), `#${toMrkdwnLine(e.number!, 20)}`, { siteUrl }));
  const unnumbered = entries.length - numbered.length;
  const more = numbered.length - shown.length + unnumbered;
  const newest = entries.reduce<CitedEntry | undefined>((best, e) => (dayKey(e.date) > dayKey(best?.date) ? e : best), undefined);
  const date = newest?.date ? courtDate(newest.date) : undefined;
  const what = links.length === 0 ? `${unnumbered === 1 ? "an entry" : `${unnumbered} entries`} without numbers`
    : `${links.length + more === 1 ? "entry" : "entries"} ${links.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  return `Based on ${what}${date ? ` (${toMrkdwnLine(date, 24)})` : ""}`;
}

/** `providerone · $0.02 · docket as of 3/4/2026`. */
export function answerContextLine(model: AnswerModel): string {
  const providers = [...new Set(model.parts.map((p) => providerLabel(p.provider)))];
  const bits = [providers.join(" + ")];
  if (model.testMode) bits.push("test mode: no charge");
  else if (model.price !== undefined && Number.isFinite(model.price)) bits.push(formatPrice(model.price));
  const asOf = courtDate(model.dateCached);
  if (asOf) bits.push(`docket as of ${toMrkdwnLine(asOf, 24)}`);
  return bits.filter((b) => b !== "").join(" · ");
}

function bodyBlocks(model: AnswerModel, siteUrl: string): Block[] {
  const labelled = model.parts.length > 1;
  const sources = new Set(model.parts.map((p) => p.source));
  const blocks: Block[] = [];
  if (model.withIdentity) blocks.push(context(caseIdentity(model, { siteUrl })));
  if (model.parts.length === 0) {
    blocks.push(section("The docket service returned no answer. Try asking another way."));
  }
  for (const part of model.parts) {
    if (labelled) {
      const from = sources.size > 1 ? ` · from the ${part.source === "docket" ? "docket" : "documents"}` : "";
      blocks.push(context(`*${providerLabel(part.provider)}*${from}`));
    }
    const text = answerMrkdwn(part.text, siteUrl);
    const pieces = text === "" ? ["_No answer from this provider._"] : splitMrkdwn(text, ANSWER_SECTION_MAX);
    for (const piece of pieces) blocks.push(section(piece));
  }
  return blocks;
}

function fallback(model: AnswerModel, page: number, pages: number): string {
  const id = caseIdentityText(model, 80);
  if (page > 0) return `Answer about ${id} (continued, ${page + 1} of ${pages})`;
  const first = model.parts[0] ? toPlainText(model.parts[0].text, 300) : "";
  return first ? `Answer about ${id}: ${first}` : `Answer about ${id}`;
}

/** The answer as one or more thread messages (at most ANSWER_MAX_PAGES). */
export function renderAnswer(model: AnswerModel, opts: { siteUrl: string }): MessagePayload[] {
  const basedOn = basedOnLine(model, opts.siteUrl);
  const trailer: Block[] = [...(basedOn ? [section(basedOn)] : []), context(answerContextLine(model)), ...followUpBlocks(model)];
  const budget = { blockText: ANSWER_PAGE_TEXT, blocks: 45 };
  const body = bodyBlocks(model, opts.siteUrl);
  let pages = packPages(body, trailer, budget);
  if (pages.length > ANSWER_MAX_PAGES) pages = cutToMaxPages(body, trailer, budget);
  return pages.map((blocks, i) => {
    const head = i > 0 ? [context(`Answer continued (${i + 1} of ${pages.length})`)] : [];
    return { text: fallback(model, i, pages.length), blocks: [...head, ...blocks] };
  });
}

function followUpBlocks(model: AnswerModel): Block[] {
  if (model.followUpThread === undefined) return [];
  let value: string;
  try {
    value = encodeValue({ court: model.court, docket: model.docket, thread: model.followUpThread });
  } catch {
    return []; // a case the button could not carry: mentions still work
  }
  return [actions([button({ text: "Ask a follow-up", actionId: ACTION.askFollowUp, value })])];
}

/** The first ANSWER_MAX_PAGES pages of the body, the last one cut to leave room for a note and the trailer. */
function cutToMaxPages(body: readonly Block[], trailer: readonly Block[], budget: { blockText: number; blocks: number }): Block[][] {
  const pages = packPages(body, [], budget).slice(0, ANSWER_MAX_PAGES);
  const last = pages[pages.length - 1]!;
  const tail: Block[] = [context("_The answer is longer than Slack can show; it was cut here._"), ...trailer];
  const tailText = blockTextLength(tail);
  while (last.length > 0 && (blockTextLength(last) + tailText > budget.blockText || last.length + tail.length > budget.blocks)) {
    const dropped = last.pop()!;
    const room = budget.blockText - tailText - blockTextLength(last);
    if (dropped.type === "section" && dropped.text && room >= 200 && last.length + tail.length < budget.blocks) {
      last.push(section(truncateMrkdwn(dropped.text.text, room)));
      break;
    }
  }
  last.push(...tail);
  return pages;
}
