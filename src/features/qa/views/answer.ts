/**
 * An answer in its Q&A thread (message-style.md, Answers): the answer first, as the provider wrote
 * it (through the one sanitizer), then `Based on entries #12 (1/5/2026), #40 (3/1/2026)`, each entry
 * linked to its page on the service's site and with its own date, then a context line `providerone · $0.02 · docket as of
 * 3/4/2026`. With two providers (or docket and documents) each answer is labelled. A long answer
 * is paged (answer-pages.ts): the first page replaces the "working" placeholder, the others follow.
 */
import { money } from "../../../slack/blockkit/format.ts";
import { caseUrl } from "../../../court/refs.ts";
import { actions, button, context, section, type Block, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { ACTION, encodeValue } from "../../../slack/blockkit/ids.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { courtDate, courtLongName } from "../../../court/labels.ts";
import { lastSentenceEnd, packPages, splitMrkdwn } from "./answer-pages.ts";
import { blockTextLength } from "../../../slack/blockkit/limits.ts";
import { siteLink, toMrkdwn, toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";

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
  /** The stored docket has no entry of this number (cited-entries.ts checkCited): said, never linked. */
  notOnDocket?: boolean | undefined;
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
  /** The matter the price was billed to: the answer is its receipt (issue 14 item 4). */
  clientMatter?: string | undefined;
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
/**
 * Pages at most (about 80,000 characters): an answer continues on further messages up to this;
 * past it, the last page ends at a whole sentence and says how much more there is.
 */
export const ANSWER_MAX_PAGES = 8;
export const MAX_CITED_SHOWN = 12;

const PROVIDER_NAMES: Record<string, string> = { providerone: "providerone", providertwo: "providertwo" };

function providerLabel(p: string): string {
  return PROVIDER_NAMES[p] ?? toMrkdwnLine(p, 40);
}

/** Plain provider text keeps its line breaks: toMrkdwn reads HTML, where a newline is a space. */
function answerMrkdwn(text: string, siteUrl: string): string {
  return toMrkdwn(text.replace(/\r\n?|\n/g, "<br>"), { siteUrl });
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

/** An entry's own date as the court writes it, in parentheses; "" when it has none. */
function ownDate(e: CitedEntry): string {
  const date = e.date === undefined ? undefined : courtDate(e.date);
  return date ? ` (${toMrkdwnLine(date, 24)})` : "";
}

/**
 * `Based on entries #14 (9/7/2023), #19 (10/1/2023)`: each entry linked and with its own date
 * (issue 14 item 6: one date for several entries read as if all were filed that day); entries
 * without numbers by their date; "" when none.
 */
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
  const unnumbered = entries.filter((e) => e.number === undefined).sort((a, b) => dayKey(a.date) - dayKey(b.date));
  const items = [
    ...numbered.map((e) => e.notOnDocket
      ? `#${toMrkdwnLine(e.number!, 20)} (:warning: no such entry on the docket as stored: check before citing)`
      : `${siteLink(entryHref(model, siteUrl, e), `#${toMrkdwnLine(e.number!, 20)}`, { siteUrl })}${ownDate(e)}`),
    ...unnumbered.map((e) => `the entry of${ownDate(e).replace(/^ \((.*)\)$/, " $1")}`),
  ];
  const shown = items.slice(0, MAX_CITED_SHOWN);
  const more = items.length - shown.length;
  const noun = numbered.length === 0 && unnumbered.length === 1 ? "" : numbered.length + unnumbered.length === 1 ? "entry " : "entries ";
  return `Based on ${noun}${shown.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

/** `providerone · $0.02 billed to ACME-001 · docket as of 3/4/2026`. */
export function answerContextLine(model: AnswerModel): string {
  const providers = [...new Set(model.parts.map((p) => providerLabel(p.provider)))];
  const bits = [providers.join(" + ")];
  if (model.testMode) bits.push("test mode: no charge");
  else if (model.price !== undefined && Number.isFinite(model.price)) {
    bits.push(model.clientMatter ? `${money(model.price)} billed to ${toMrkdwnLine(model.clientMatter, 50)}` : money(model.price));
  }
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

/**
 * The first ANSWER_MAX_PAGES pages of the body, the last one ending at a whole sentence (never
 * mid-sentence: issue 14 item 6) with a note saying how much was left out, then the trailer.
 */
function cutToMaxPages(body: readonly Block[], trailer: readonly Block[], budget: { blockText: number; blocks: number }): Block[][] {
  const all = packPages(body, [], budget);
  const pages = all.slice(0, ANSWER_MAX_PAGES);
  const last = pages[pages.length - 1]!;
  const left = (blocks: readonly Block[]) => blocks.reduce((n, b) => n + (b.type === "section" && b.text ? b.text.text.split(/\s+/).length : 0), 0);
  let wordsLeft = all.slice(ANSWER_MAX_PAGES).reduce((n, p) => n + left(p), 0);
  const note = () => context(`_The answer goes on for about ${wordsLeft.toLocaleString("en-US")} more words, more than Slack shows in ${ANSWER_MAX_PAGES} messages. Ask a narrower question for the rest._`);
  const tailText = blockTextLength([note(), ...trailer]) + 20;
  while (last.length > 0 && (blockTextLength(last) + tailText > budget.blockText || last.length + trailer.length + 1 > budget.blocks)) {
    const dropped = last.pop()!;
    const room = budget.blockText - tailText - blockTextLength(last);
    if (dropped.type === "section" && dropped.text && room >= 200 && last.length + trailer.length + 1 < budget.blocks) {
      const end = lastSentenceEnd(dropped.text.text, room - 4);
      if (end > 0) {
        last.push(section(dropped.text.text.slice(0, end)));
        wordsLeft += dropped.text.text.slice(end).split(/\s+/).filter(Boolean).length;
        break;
      }
    }
    wordsLeft += left([dropped]);
  }
  last.push(note(), ...trailer);
  return pages;
}
