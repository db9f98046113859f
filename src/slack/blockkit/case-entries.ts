/**
 * Docket entries for the case view: sorted newest first whatever order the service used, and
 * rendered one section each (message-style.md, Case view 5):
 * `*#42* · 3/3/2026 · \`ORDER · GRANTED\` — ORDER granting motion to dismiss…` with a Get PDF
 * button when the entry has a document.
 */
import { isSealedEntry } from "../../court/sealed.ts";
import { parseServiceDate } from "../../court/dates.ts";
import type { DocketEntry, EntryAnalysis } from "../../docket/schemas/index.ts";
import { button, section, type SectionBlock } from "./blocks.ts";
import { courtDate } from "../../court/labels.ts";
import { plural } from "./format.ts";
import { ACTION, actionId, encodeValue } from "./ids.ts";
import { toMrkdwn, toMrkdwnLine, toPlainText, truncateMrkdwn } from "./sanitize.ts";

/** Entry text is cut at about this many characters (message-style.md: "~300 chars with …"). */
export const ENTRY_TEXT_MAX = 300;
/** Upper bound of one entry's section text: number, date, tag, attachments, then the text. */
export const ENTRY_SECTION_MAX = 440;
/** Upper bound of the block text one entry adds to a message (its section plus the button label). */
export const ENTRY_COST_MAX = ENTRY_SECTION_MAX + "Get PDF".length;

interface Keyed {
  entry: DocketEntry;
  index: number;
  day: number; // yyyymmdd, or -1 when undated
  num: number | undefined;
}

function dayOf(e: DocketEntry): number {
  const d = parseServiceDate(e.date) ?? parseServiceDate(e.entry_date);
  return d ? d.year * 10_000 + d.month * 100 + d.day : -1;
}

/** An entry that says nothing at all (no text, number, date or document) is not shown. */
function isBlank(e: DocketEntry, day: number): boolean {
  return e.number === undefined && day < 0 && !e.link && e.exhibits.length === 0 && toPlainText(e.contents) === "";
}

/**
 * The last sort of each entries array: the case view asks for it once per page and once for the
 * page count, and a 5,000-entry docket costs milliseconds to sort (npm run bench). Keyed weakly on
 * the array, so nothing outlives the docket; the length guards against an array grown in place.
 */
const sorted = new WeakMap<readonly DocketEntry[], { length: number; entries: readonly DocketEntry[] }>();

/**
 * Newest first: by date, then by number (both descending); undated entries last. The service's
 * order is not trusted (real dockets arrive oldest-first and out of order), but it breaks ties:
 * among entries with equal keys, the input's own direction (detected from its dated entries) is
 * followed, newest first. Blank placeholder entries are dropped. The result is shared between
 * callers (see `sorted`): never mutate it.
 */
export function sortEntriesNewestFirst(entries: readonly DocketEntry[]): readonly DocketEntry[] {
  const hit = sorted.get(entries);
  if (hit && hit.length === entries.length) return hit.entries;
  const keyed: Keyed[] = [];
  for (const entry of entries) {
    const day = dayOf(entry);
    if (isBlank(entry, day)) continue;
    const m = entry.number === undefined ? null : /^\s*(\d{1,15})/.exec(entry.number);
    keyed.push({ entry, index: keyed.length, day, num: m ? Number(m[1]) : undefined });
  }
  const dated = keyed.filter((k) => k.day >= 0);
  const ascending = dated.length > 1 && dated[0]!.day < dated[dated.length - 1]!.day;
  keyed.sort((a, b) => {
    if (a.day !== b.day) return b.day - a.day; // undated (-1) sorts last
    if (a.num !== b.num) {
      if (a.num === undefined) return 1;
      if (b.num === undefined) return -1;
      return b.num - a.num;
    }
    return ascending ? b.index - a.index : a.index - b.index;
  });
  const out = Object.freeze(keyed.map((k) => k.entry));
  sorted.set(entries, { length: entries.length, entries: out });
  return out;
}

/** A link's path (`/cases/…/docs/12.pdf`), or the link itself when it is not a URL. */
export function linkPath(link: string): string {
  try {
    return new URL(link).pathname;
  } catch {
    return link;
  }
}

/** `ORDER · GRANTED` from the motion/order analysis, when it names a type or an outcome. */
export function analysisTag(a: EntryAnalysis | undefined): string | undefined {
  if (!a) return undefined;
  const parts = [a.type, a.outcome]
    .map((v) => (v === undefined ? "" : toMrkdwnLine(v.toUpperCase(), 28)))
    .filter((v) => v !== "");
  return parts.length > 0 ? parts.join(" · ") : undefined;
}

export interface EntryContext {
  siteUrl: string;
  court: string;
  docket: string;
}

/** The mrkdwn of one entry, at most ENTRY_SECTION_MAX characters. */
export function entryText(e: DocketEntry, ctx: EntryContext, sealed = isSealedEntry(e.contents)): string {
  const number = e.number === undefined ? "" : toMrkdwnLine(e.number, 16);
  const date = courtDate(e.date) ?? courtDate(e.entry_date);
  const head: string[] = [];
  if (number !== "") head.push(`*#${number}*`);
  if (date !== undefined) head.push(number === "" ? `*${toMrkdwnLine(date)}*` : toMrkdwnLine(date));
  if (head.length === 0) head.push("*Undated*");
  const tag = analysisTag(e.analyze);
  if (tag) head.push(`\`${tag}\``);
  if (e.exhibits.length > 0) head.push(plural(e.exhibits.length, "attachment", "attachments"));
  if (sealed) head.push(":lock: sealed");
  // One line break at most between paragraphs: an entry is a few lines, not a document.
  const body = truncateMrkdwn(toMrkdwn(e.contents, ctx).replace(/\n{2,}/g, "\n"), ENTRY_TEXT_MAX);
  return truncateMrkdwn(`${head.join(" · ")} — ${body === "" ? "_(no text)_" : body}`, ENTRY_SECTION_MAX);
}

/**
 * The Get PDF value: the entry's number and its document link's path, which names the document
 * even where the docket repeats a number (real dockets do: two #69s of one day); the path alone,
 * so no host the service's data names is carried in a payload. An entry without a number: its link.
 */
function pdfValue(e: DocketEntry, ctx: EntryContext, sealed: boolean): string | undefined {
  if (!e.link || sealed) return undefined;
  try {
    const which = e.number !== undefined ? { entry: e.number, doc: linkPath(e.link) } : { doc: e.link };
    return encodeValue({ court: ctx.court, docket: ctx.docket, ...which });
  } catch {
    return undefined; // a value Slack could not carry: no button rather than a broken one
  }
}

/**
 * Each entry's converted text and Get PDF value, per docket: the case view renders one page per
 * request, and every page of a docket (all 250 of a 5,000-entry one: npm run bench) would convert
 * its entries' HTML through the sanitizer again. Keyed weakly on the entry (nothing outlives the
 * docket) and checked against what the text depends on, so a different site or case converts anew.
 */
const converted = new WeakMap<DocketEntry, { key: string; contents: string; text: string; value: string | undefined }>();

/** What an entry's conversion depends on besides the entry. */
const contextKey = (ctx: EntryContext): string => `${ctx.siteUrl}\n${ctx.court}\n${ctx.docket}`;

interface Converted {
  key: string;
  contents: string;
  text: string;
  value: string | undefined;
}

function convertedEntry(e: DocketEntry, ctx: EntryContext, key: string): Converted {
  const hit = converted.get(e);
  if (hit && hit.key === key && hit.contents === e.contents) return hit;
  const sealed = isSealedEntry(e.contents);
  const made = { key, contents: e.contents, text: entryText(e, ctx, sealed), value: pdfValue(e, ctx, sealed) };
  converted.set(e, made);
  return made;
}

function sectionOf({ text, value }: Converted, position: number): SectionBlock {
  const pdf = value ? button({ text: "Get PDF", actionId: actionId(ACTION.getPdf, position), value }) : undefined;
  return section(text, pdf);
}

/** One entry's section; `position` (its place in the sorted docket) keeps action_ids unique. */
export function entrySection(e: DocketEntry, position: number, ctx: EntryContext): SectionBlock {
  return sectionOf(convertedEntry(e, ctx, contextKey(ctx)), position);
}

/**
 * The sections of a sorted docket's entries on one site, a page at a time: `(from, to)` gives
 * entrySection of each entry from `from` up to `to`. What each position converted to is
 * remembered (and checked against the entry's text), so every later page of the same docket
 * version reads it by position: no key to build and no lookup per entry.
 */
export function entryPager(entries: readonly DocketEntry[], ctx: EntryContext): (from: number, to: number) => SectionBlock[] {
  const key = contextKey(ctx);
  const rows = new Array<Converted | undefined>(entries.length).fill(undefined);
  return (from, to) => {
    const out: SectionBlock[] = [];
    for (let i = Math.max(from, 0); i < Math.min(to, entries.length); i++) {
      const e = entries[i]!;
      let row = rows[i];
      if (row === undefined || row.contents !== e.contents) rows[i] = row = convertedEntry(e, ctx, key);
      out.push(sectionOf(row, i));
    }
    return out;
  };
}
