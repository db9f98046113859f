/**
 * The ids and values of the alert desk's controls (issue 12): Mark docketed (Undo) and Assign on each
 * significant filing of a headline, and the case root's Snooze menu. The renderers put them on
 * messages; the interactive handlers route on the action ids and decode the values here. What
 * comes back from a click is untrusted (codec.ts): a value that does not decode is ignored.
 *
 * Wire formats (never change them: buttons already posted keep these):
 * - Mark docketed / Undo: action_id `filing_docketed`, value `{"f":<filingId>}`;
 * - Assign: a users_select, action_id `filing_assign`, block_id `filing_assign:<filingId>`;
 * - Snooze: a static_select, action_id `case_snooze`, block_id `case_snooze:{"c":court,"k":docket}`,
 *   option values `7d`, `next_order`, `unmuted`, `off`.
 * - The headline's counts ride in its last block's block_id `filing_counts:{"m":more,"r":routine,"n":notable,"t":threadHolds}`,
 *   so a re-render after a click shows the same counts (headlineCounts).
 */
import { codec } from "../../../slack/blockkit/codec.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";

export const FILING_ACTION = {
  docketed: "filing_docketed",
  assign: "filing_assign",
  snooze: "case_snooze",
} as const;

/** block_id prefixes. */
export const FILING_BLOCK = {
  filing: "filing:",
  /** The docketed state line with its Undo (same action and value as Mark docketed). */
  state: "filing_state:",
  assign: "filing_assign:",
  snooze: "case_snooze:",
  counts: "filing_counts:",
} as const;

export const SNOOZE_CHOICES = ["7d", "next_order", "unmuted", "off"] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown, max: number): v is string => typeof v === "string" && v.trim() !== "" && v.length <= max;

/** The Mark docketed (and Undo) button's value. */
export const filingValue = codec<{ f: number }>((w) => (isId(w.f) ? { f: w.f } : undefined), {
  maxLength: SLACK_LIMITS.buttonValue, what: "filing button value",
});

/** The filing id of an Assign block's block_id, or undefined. */
export function assignBlockFiling(blockId: unknown): number | undefined {
  if (typeof blockId !== "string" || !blockId.startsWith(FILING_BLOCK.assign)) return undefined;
  const raw = blockId.slice(FILING_BLOCK.assign.length);
  if (!/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return isId(n) ? n : undefined;
}

/** The case a Snooze menu acts on (after the `case_snooze:` prefix of its block_id). */
export const snoozeCase = codec<{ c: string; k: string }>(
  (w) => (isText(w.c, 200) && isText(w.k, 100) ? { c: w.c, k: w.k } : undefined),
  { maxLength: SLACK_LIMITS.blockId - FILING_BLOCK.snooze.length, what: "snooze block id" },
);

/** `case_snooze:{"c":…,"k":…}`, or undefined when the case cannot ride in a block_id. */
export function snoozeBlockId(court: string, docket: string): string | undefined {
  const json = snoozeCase.encode({ c: court, k: docket });
  return json === undefined ? undefined : `${FILING_BLOCK.snooze}${json}`;
}

/** The case of a Snooze menu's block_id, or undefined. */
export function snoozeBlockCase(blockId: unknown): { court: string; docket: string } | undefined {
  if (typeof blockId !== "string" || !blockId.startsWith(FILING_BLOCK.snooze)) return undefined;
  const w = snoozeCase.decode(blockId.slice(FILING_BLOCK.snooze.length));
  return w && { court: w.c, docket: w.k };
}

/** A Snooze menu's chosen value, or undefined. */
export function snoozeChoice(value: unknown): SnoozeChoice | undefined {
  return SNOOZE_CHOICES.find((c) => c === value);
}

/** What a headline counts besides the filings it lists. */
export interface HeadlineCounts {
  /** Significant filings of the push not listed (past the headline's cap): in the thread. */
  moreSignificant: number;
  /** Routine filings folded into the thread. */
  routine: number;
  /** Notable filings this channel keeps in the thread (its settings: postNotable off). */
  notableInThread?: number | undefined;
  /**
   * How many entries the thread holds when the push brought more than it shows (a giant push:
   * the newest 50); undefined when every entry is in the thread (issue 25 item 13).
   */
  threadHolds?: number | undefined;
}

const countsCodec = codec<{ m: number; r: number; n?: number; t?: number }>((w) => (isCount(w.m) && isCount(w.r) && (w.n === undefined || isCount(w.n)) && (w.t === undefined || isCount(w.t)) ? { m: w.m, r: w.r, ...(w.n ? { n: w.n } : {}), ...(w.t ? { t: w.t } : {}) } : undefined), {
  maxLength: SLACK_LIMITS.blockId - FILING_BLOCK.counts.length, what: "headline counts",
});

const nonNegative = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0);

export function countsBlockId(c: HeadlineCounts): string {
  const n = nonNegative(c.notableInThread ?? 0);
  const t = nonNegative(c.threadHolds ?? 0);
  return `${FILING_BLOCK.counts}${countsCodec.mustEncode({ m: nonNegative(c.moreSignificant), r: nonNegative(c.routine), ...(n > 0 ? { n } : {}), ...(t > 0 ? { t } : {}) })}`;
}

/**
 * The counts a posted headline shows, read back from its blocks (a block_actions payload's
 * `message.blocks`), for re-rendering it after a click; zeros when absent or tampered with.
 */
export function headlineCounts(blocks: unknown): HeadlineCounts {
  const list = Array.isArray(blocks) ? blocks : [];
  for (const b of list) {
    const id = typeof b === "object" && b !== null ? (b as { block_id?: unknown }).block_id : undefined;
    if (typeof id !== "string" || !id.startsWith(FILING_BLOCK.counts)) continue;
    const w = countsCodec.decode(id.slice(FILING_BLOCK.counts.length));
    if (w) return { moreSignificant: w.m, routine: w.r, notableInThread: w.n ?? 0, ...(w.t ? { threadHolds: w.t } : {}) };
  }
  return { moreSignificant: 0, routine: 0, notableInThread: 0 };
}
