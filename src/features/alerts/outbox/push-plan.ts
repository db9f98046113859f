/**
 * What a stored push becomes, planned ONCE per push and shared by its deliveries to every channel
 * (issue 12, item 7: "planning and rendering cost what is posted, not what was pushed"). A
 * 100,000-entry push to 5 channels used to be zod-parsed, sorted and rendered in full once per
 * channel, freezing the process 6.6–10 s each time. Now:
 *
 * - the body is JSON-parsed once and only its envelope is checked with zod (intake checked every
 *   entry before storing it);
 * - entries are read in chunks of CHUNK, yielding to the event loop between chunks, so slash
 *   commands are acknowledged while a big push is planned; each entry is classed with the one
 *   significance function (court/significance.ts) and counted;
 * - only what can be shown is kept: the newest `threadEntries` for the thread reply and the newest
 *   HEADLINE_MAX_FILINGS + 1 of each level for a channel-level headline (which levels post to the
 *   channel is a per-channel setting, applied at delivery); only those are zod-parsed and rendered.
 *   The thread reply says how many entries came and links the full docket on the service's site.
 *
 * Deterministic from the stored body alone (a retry or a restart plans the very same messages, so
 * crash recovery matches them part by part). search_results and new_case pushes are small and are
 * planned as before (plan.ts).
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { parseServiceDate, toPacerDate } from "../../../court/dates.ts";
import { entryPlainText } from "../../../court/entry-text.ts";
import { courtLongName } from "../../../court/labels.ts";
import { entrySignificance, type Significance, type SignificanceLevel } from "../../../court/significance.ts";
import type { CourtDate, CourtDateMention } from "../../../court/deadlines/court-date.ts";
import { deadlinesStartedBy, triggerKey, type HolidayCalendar } from "../../../court/rules/index.ts";
import { DocketEntry } from "../../../docket/schemas/docket.ts";
import { DocketInfo } from "../../../docket/schemas/docket.ts";
import { optional, optionalString } from "../../../docket/schemas/primitives.ts";
import type { MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { renderDocketAlert } from "../views/docket-alert.ts";
import { HEADLINE_MAX_FILINGS } from "../views/filing-headline.ts";
import { InvalidPushError, planChannelPush, type PlanOptions } from "./plan.ts";
import { readPushDates } from "./push-court-dates.ts";
import { yieldToLoop } from "../../../event-loop.ts";

/** Entries classed between two yields to the event loop (a chunk takes a few milliseconds). */
export const CHUNK = 500;
/** Entries shown in the thread reply by default (the newest). */
export const DEFAULT_THREAD_ENTRIES = 50;
/** Kept per level for the headline: one more than it lists, so "and N more" is never short. */
const PER_LEVEL = HEADLINE_MAX_FILINGS + 1;

export interface PlannedEntry {
  entry: DocketEntry;
  significance: Significance;
  /** Unique within the case: the entry number, or a hash of its date and text. */
  key: string;
  /** Shown in the thread reply (the newest `threadEntries`). */
  inThread: boolean;
  /** The court dates this entry sets, moves or vacates (issue 16), as its text states them. */
  mentions: CourtDateMention[];
}

export interface DocketPushPlan {
  kind: "thread";
  /** The case's thread key: the service's long court name, so `nysd` and its long name share a thread. */
  court: string;
  docket: string;
  title?: string | undefined;
  /** Entries of the push (blank placeholders not counted): what the root's counter adds. */
  newEntries: number;
  /** ISO `YYYY-MM-DD` of its latest entry. */
  latestEntryDate?: string | undefined;
  /** Entries of the push by level. */
  levels: Record<SignificanceLevel, number>;
  /** What is kept, newest first: the thread page and the newest of each level. */
  entries: PlannedEntry[];
  /** The thread reply, split into parts (channel-independent). */
  replies: MessagePayload[];
  /** The case's dates as this push's entries state them (issue 16; stored at delivery). */
  courtDates: CourtDate[];
}

export type PushPlan = DocketPushPlan | { kind: "channel"; messages: MessagePayload[] };

export interface PushPlanOptions extends PlanOptions {
  /** Entries shown in the thread reply (default DEFAULT_THREAD_ENTRIES). */
  threadEntries?: number | undefined;
  /** The legal holidays dates are counted on (FRCP 6(a)); push-plans.ts passes the process's. */
  holidays: HolidayCalendar;
  /** How the planner yields between chunks (default: setImmediate). */
  yieldNow?: (() => Promise<void>) | undefined;
}

const DocketEnvelope = z.looseObject({
  push_type: z.literal("docket"),
  client_matter: z.string(),
  court: z.string(),
  docket: z.string(),
  info: optional(DocketInfo.extend({ title: optionalString })),
  docket_report: z.array(z.unknown()).nullish(),
});


interface Keyed {
  raw: Record<string, unknown>;
  index: number;
  day: number; // yyyymmdd, or -1 when undated
  num: number | undefined;
  sig: Significance;
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

function dayOf(raw: Record<string, unknown>): number {
  const d = parseServiceDate(str(raw.date)) ?? parseServiceDate(str(raw.entry_date));
  return d ? d.year * 10_000 + d.month * 100 + d.day : -1;
}

/** As sortEntriesNewestFirst (slack/blockkit/case-entries.ts): a placeholder that says nothing is not an entry. */
function isBlank(raw: Record<string, unknown>, day: number): boolean {
  const exhibits = Array.isArray(raw.exhibits) ? raw.exhibits.length : 0;
  return raw.number == null && day < 0 && !raw.link && exhibits === 0 && entryPlainText(raw.contents, 1) === "";
}

/** Newest first: date, then number, descending; undated last; ties in the input's direction. */
function compare(ascending: boolean) {
  return (a: Keyed, b: Keyed): number => {
    if (a.day !== b.day) return b.day - a.day;
    if (a.num !== b.num) {
      if (a.num === undefined) return 1;
      if (b.num === undefined) return -1;
      return b.num - a.num;
    }
    return ascending ? b.index - a.index : a.index - b.index;
  };
}

/** The newest `k` of what is pushed into it, in O(n log k) overall. */
class Newest {
  #items: Keyed[] = [];
  readonly #k: number;
  readonly #cmp: () => (a: Keyed, b: Keyed) => number;
  constructor(k: number, cmp: () => (a: Keyed, b: Keyed) => number) {
    this.#k = k;
    this.#cmp = cmp;
  }
  add(item: Keyed): void {
    this.#items.push(item);
    if (this.#items.length >= this.#k * 2 + 64) this.#trim();
  }
  #trim(): void {
    this.#items.sort(this.#cmp());
    this.#items.length = Math.min(this.#items.length, this.#k);
  }
  take(): Keyed[] {
    this.#trim();
    return this.#items;
  }
}

/**
 * The entry's identity within its case (a filing is one filing whatever the bytes that carried it):
 * its number when it has one (the spec's "Document/filing number"), else a hash of its date and
 * text with whitespace runs made one space, so a re-sent entry laid out differently is the same.
 */
export function entryKey(e: DocketEntry): string {
  const n = e.number?.trim();
  if (n) return n;
  const text = e.contents.replace(/\s+/g, " ").trim();
  const h = createHash("sha256").update(`${(e.date ?? e.entry_date ?? "").trim()}\u0000${text}`).digest("hex").slice(0, 24);
  return `h:${h}`;
}

/**
 * The plan less the entries of `keys` (filings a channel already received by another delivery),
 * for that channel alone: counts reduced, thread reply rendered again without them. The shared
 * plan is left as it is. Deterministic, so a retry plans the very same messages.
 */
export function withoutEntries(plan: DocketPushPlan, keys: ReadonlySet<string>, opts: PlanOptions): DocketPushPlan {
  const entries = plan.entries.filter((e) => !keys.has(e.key));
  const dropped = plan.entries.filter((e) => keys.has(e.key));
  if (dropped.length === 0) return plan;
  const levels = { ...plan.levels };
  for (const e of dropped) levels[e.significance.level] = Math.max(0, levels[e.significance.level] - 1);
  const newEntries = Math.max(0, plan.newEntries - dropped.length);
  const shown = entries.filter((e) => e.inThread).map((e) => e.entry);
  const replies = newEntries === 0
    ? []
    : renderDocketAlert(
        { court: plan.court, docket: plan.docket, title: plan.title, entries: shown, ...(newEntries > shown.length ? { pushedEntries: newEntries } : {}) },
        { siteUrl: opts.siteUrl, routine: opts.routine, maxMessages: opts.maxMessages },
      );
  return { ...plan, entries, levels, newEntries, replies };
}

async function planDocket(json: Record<string, unknown>, opts: PushPlanOptions): Promise<DocketPushPlan> {
  const envelope = DocketEnvelope.safeParse(json);
  if (!envelope.success) {
    const issue = envelope.error.issues[0];
    throw new InvalidPushError(`${issue?.path.join(".") || "(body)"}: ${issue?.message ?? "invalid"}`);
  }
  const push = envelope.data;
  const raws = push.docket_report ?? [];
  const yieldNow = opts.yieldNow ?? yieldToLoop;
  const threadEntries = Math.max(1, Math.floor(opts.threadEntries ?? DEFAULT_THREAD_ENTRIES));

  let firstDated = -1;
  let lastDated = -1;
  const ascending = () => firstDated >= 0 && firstDated < lastDated;
  const cmp = () => compare(ascending());
  const page = new Newest(threadEntries, cmp);
  const byLevel: Record<SignificanceLevel, Newest> = { urgent: new Newest(PER_LEVEL, cmp), notable: new Newest(PER_LEVEL, cmp), routine: new Newest(PER_LEVEL, cmp) };
  const levels: Record<SignificanceLevel, number> = { urgent: 0, notable: 0, routine: 0 };
  let total = 0;
  let latest = -1;
  /** Each entry's day, read once here in chunks, for the court dates' chronological order. */
  const days: number[] = new Array<number>(raws.length).fill(-1);
  for (let start = 0; start < raws.length; start += CHUNK) {
    if (start > 0) await yieldNow();
    const end = Math.min(raws.length, start + CHUNK);
    for (let i = start; i < end; i++) {
      const value = raws[i];
      if (value === null || typeof value !== "object" || Array.isArray(value)) throw new InvalidPushError(`docket_report.${i}: not an entry`);
      const raw = value as Record<string, unknown>;
      const day = dayOf(raw);
      days[i] = day;
      if (isBlank(raw, day)) continue;
      if (day >= 0) {
        if (firstDated < 0) firstDated = day;
        lastDated = day;
        if (day > latest) latest = day;
      }
      const m = /^\s*(\d{1,15})/.exec(str(raw.number) ?? "");
      const sig = entrySignificance(raw);
      const keyed: Keyed = { raw, index: total, day, num: m ? Number(m[1]) : undefined, sig };
      total++;
      levels[sig.level]++;
      page.add(keyed);
      byLevel[sig.level].add(keyed);
    }
  }

  // Court dates, in chunks like the classing above (push-court-dates.ts).
  const { courtDates, mentionsOf } = await readPushDates({
    court: push.court, docket: push.docket, raws, days, latest: isoDayOf(latest), holidays: opts.holidays, chunk: CHUNK, yieldNow,
  });

  // What is kept, each once, newest first; only these are parsed and rendered.
  const inPage = new Set(page.take());
  const kept = [...new Set([...inPage, ...byLevel.urgent.take(), ...byLevel.notable.take(), ...byLevel.routine.take()])].sort(cmp());
  // A routine filing that starts a rule's deadline (a summons returned executed: the answer, FRCP
  // 12(a)(1)) is what a clerk calendars from: notable, so its headline says the date it sets.
  const starts = deadlinesStartedBy(courtDates);
  const entries: PlannedEntry[] = kept.map((k, i) => {
    const parsed = DocketEntry.safeParse(k.raw);
    if (!parsed.success) throw new InvalidPushError(`docket_report.${i}: ${parsed.error.issues[0]?.message ?? "invalid"}`);
    let significance = k.sig;
    if (significance.level === "routine" && k.day >= 0 && starts.has(triggerKey(str(k.raw.number)?.trim() ?? "", isoDayOf(k.day)!))) {
      significance = { ...significance, level: "notable" };
      levels.routine--;
      levels.notable++;
    }
    return { entry: parsed.data, significance, key: entryKey(parsed.data), inThread: inPage.has(k), mentions: mentionsOf.get(k.raw) ?? [] };
  });
  const title = push.info?.title?.trim() ? push.info.title : undefined;
  const shown = entries.filter((e) => e.inThread).map((e) => e.entry);
  const replies = renderDocketAlert(
    { court: push.court, docket: push.docket, title, entries: shown, ...(total > shown.length ? { pushedEntries: total } : {}) },
    { siteUrl: opts.siteUrl, routine: opts.routine, maxMessages: opts.maxMessages },
  );
  const latestEntryDate = isoDayOf(latest);
  return { kind: "thread", court: courtLongName(push.court), docket: push.docket, title, newEntries: total, latestEntryDate, levels, entries, replies, courtDates };
}

/** The ISO day of a yyyymmdd number, or undefined for none (-1). */
function isoDayOf(n: number): string | undefined {
  return n < 0 ? undefined : toPacerDate({ year: Math.floor(n / 10_000), month: Math.floor(n / 100) % 100, day: n % 100 });
}

/** Plans a stored push body. Throws InvalidPushError for a body no delivery can post. */
export async function planPush(body: string, opts: PushPlanOptions): Promise<PushPlan> {
  let json: unknown;
  try {
    json = JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  } catch (e) {
    throw new InvalidPushError("body is not JSON", { cause: e });
  }
  if (json !== null && typeof json === "object" && !Array.isArray(json) && (json as { push_type?: unknown }).push_type === "docket") {
    return planDocket(json as Record<string, unknown>, opts);
  }
  return planChannelPush(json, opts);
}
