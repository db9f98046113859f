/**
 * What every page of one docket's case view shares. A 5,000-entry docket has ~264 pages (npm run
 * bench -- render), and each page used to derive these again from the docket: the court's long
 * name and citation (table lookups), the case link (URL parsing), the identity line, the header,
 * the newest date, the button values (JSON encoded, then decoded to check them), the Refresh
 * dialog's words and the footer. They depend on the docket version alone, or on it and the
 * request's options (site, matter, ref, cache time), which are the same for every page a request
 * renders.
 *
 * Kept in a WeakMap keyed on the model object (a docket version: fetchCase makes a new one for
 * every docket it reads), so nothing outlives its docket and no docket sees another's parts; a
 * model whose court, docket, info, parties or entries were replaced since is measured anew. The
 * parts that read options remember the last options asked for, and answer from them only when
 * the same options come again.
 */
import type { DocketEntry } from "../../../docket/schemas/index.ts";
import type { SectionBlock } from "../../../slack/blockkit/blocks.ts";
import { caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { entryPager, sortEntriesNewestFirst } from "../../../slack/blockkit/case-entries.ts";
import { courtDate, courtLongName } from "../../../court/labels.ts";
import { count } from "../../../slack/blockkit/format.ts";
import { encodeValue, type ButtonValue } from "../../../slack/blockkit/ids.ts";
import { toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { contextLine } from "./case-facts.ts";
import { cachedLabel, refreshConfirmText } from "./case-footer.ts";
import type { CaseViewModel, CaseViewOptions } from "./case-model.ts";

export interface CaseParts {
  /** Newest first, blank entries dropped (sortEntriesNewestFirst): shared, never mutate. */
  readonly entries: readonly DocketEntry[];
  /** The header's text: the caption, else the docket number. */
  readonly title: string;
  /** The identity line as plain text, for the notification text. */
  readonly identity: string;
  /** The newest entry's date, plain text. */
  readonly newest: string | undefined;
  /** count(entries.length). */
  readonly total: string;
  /** The buttons' value naming the case; undefined when the case cannot be carried in one. */
  readonly base: string | undefined;
  /** The value of a button that opens `page` (Older, Newer, Share). */
  pageValue(page: number): string | undefined;
  /** The context line (court · docket link · filed · status) for this site. */
  contextLine(siteUrl: string): string;
  /** The entries' sections on this site, `(from, to)` a page at a time (entryPager). */
  entrySections(siteUrl: string): (from: number, to: number) => SectionBlock[];
  /** The Refresh dialog's text (refreshConfirmText). */
  refreshText(clientMatter: string | undefined, testMode: boolean | undefined, matterPicked?: boolean | undefined): string;
  /** The footer line (cache time · matter · ref), "" when there is nothing to say. */
  footer(opts: Pick<CaseViewOptions, "cachedAt" | "clientMatter" | "ref">): string;
  /** Block text and blocks of a page but its entries, in this docket's worst case (case-view.ts). */
  overhead: { text: number; blocks: number } | undefined;
}

interface Cached {
  /** What the parts were derived from: a model whose fields were replaced is measured anew. */
  from: Pick<CaseViewModel, "court" | "docket" | "info" | "parties" | "docket_report">;
  length: number;
  parts: CaseParts;
}

const cache = new WeakMap<CaseViewModel, Cached>();

/** The parts of this docket version, made on its first page and read by every later one. */
export function casePartsOf(model: CaseViewModel): CaseParts {
  const hit = cache.get(model);
  if (hit && sameVersion(hit, model)) return hit.parts;
  const { court, docket, info, parties, docket_report } = model;
  const made: Cached = { from: { court, docket, info, parties, docket_report }, length: docket_report.length, parts: makeParts(model) };
  cache.set(model, made);
  return made.parts;
}

function sameVersion(c: Cached, m: CaseViewModel): boolean {
  const f = c.from;
  return f.court === m.court && f.docket === m.docket && f.info === m.info && f.parties === m.parties
    && f.docket_report === m.docket_report && c.length === m.docket_report.length;
}

/** The last answer of `fn`, given again while its arguments are the same (compared with Object.is). */
function rememberLast<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; value: R } | undefined;
  return (...args: A): R => {
    if (last && last.args.length === args.length && last.args.every((a, i) => Object.is(a, args[i]))) return last.value;
    const value = fn(...args);
    last = { args, value };
    return value;
  };
}

function makeParts(model: CaseViewModel): CaseParts {
  const entries = sortEntriesNewestFirst(model.docket_report);
  const court = courtLongName(model.court);
  const valueOf = (extra: Partial<ButtonValue> = {}): string | undefined => {
    try {
      return encodeValue({ court, docket: model.docket, ...extra });
    } catch {
      return undefined; // a court or docket too long to carry: no buttons rather than broken ones
    }
  };
  const pageValues = new Map<number, string | undefined>();
  const newest = entries[0] ? (courtDate(entries[0].date) ?? courtDate(entries[0].entry_date)) : undefined;
  const footer = rememberLast((cachedAt: string | number | undefined, clientMatter: string | undefined, ref: string | undefined) => [
    cachedLabel(typeof cachedAt === "number" ? new Date(cachedAt) : (cachedAt ?? model.info.datetime_cached ?? model.info.date_cached)),
    clientMatter ? `matter ${toMrkdwnLine(clientMatter, 50)}` : "",
    ref ? `ref ${toMrkdwnLine(ref, 40)}` : "",
  ].filter((s) => s !== "").join(" · "));
  return {
    entries,
    title: toPlainText(model.info.title) || toPlainText(model.docket) || "Docket",
    identity: caseIdentityText({ title: model.info.title, court: model.court, docket: model.docket }),
    newest: newest ? toPlainText(newest) : undefined,
    total: count(entries.length),
    base: valueOf(),
    pageValue(page) {
      if (!pageValues.has(page)) pageValues.set(page, valueOf({ page }));
      return pageValues.get(page);
    },
    contextLine: rememberLast((siteUrl: string) => contextLine(model, siteUrl)),
    entrySections: rememberLast((siteUrl: string) => entryPager(entries, { siteUrl, court, docket: model.docket })),
    refreshText: rememberLast((clientMatter: string | undefined, testMode: boolean | undefined, matterPicked?: boolean | undefined) => refreshConfirmText(model.court, clientMatter, testMode, matterPicked)),
    // A Date is remembered by its time, never by the object (which could be set to another time).
    footer: (o) => footer(o.cachedAt instanceof Date ? o.cachedAt.getTime() : o.cachedAt, o.clientMatter, o.ref),
    overhead: undefined,
  };
}
