/**
 * Button values of the tracking feature's own buttons (Untrack, pick a matter, list pages). They
 * come back from Slack when clicked, possibly much later and possibly tampered with, so decoding
 * validates every field (as ids.ts does for case buttons); the handlers then re-check the matter
 * against the channel's current links, since a value is never proof of a wall.
 */
import type { TrackFrequency } from "../../../docket/schemas/index.ts";
import { isFrequency } from "./track-frequency.ts";
import { codec } from "../../../slack/blockkit/codec.ts";
import { SLACK_LIMITS } from "../../../slack/blockkit/limits.ts";

/** What a tracker follows: a case, or a saved search (spec, POST track/: court+docket or q). */
export type TrackTargetRef = { court: string; docket: string } | { q: string };

export interface UntrackValue {
  target: TrackTargetRef;
  /** The page of `/docket tracking` the button was on, to show the same page after. */
  page: number;
}

export interface PickMatterValue {
  target: TrackTargetRef;
  frequency: TrackFrequency;
  matter: string;
  /**
   * The user has already seen and accepted what this changes (a lower frequency; Undo of an
   * untrack): no second question. It is a UX flag, not a permission: the service re-checks who may
   * lower a frequency on every click.
   */
  confirmed?: boolean | undefined;
}

/** Longest saved-search query we track (keeps every button value far below Slack's 2,000). */
export const QUERY_MAX = 500;
const LIMITS = { court: 200, docket: 100, q: QUERY_MAX, matter: 50 } as const;
const CONTROL = /[\u0000-\u001F\u007F]/;

function text(v: unknown, max: number): string | undefined {
  return typeof v === "string" && v.trim() !== "" && v.length <= max && !CONTROL.test(v) ? v : undefined;
}

function page(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= 10_000 ? v : undefined;
}

/** A target on the wire: `{q}` for a saved search, `{c, d}` for a case. */
type TargetWire = { q: string } | { c: string; d: string };

function targetWire(t: TrackTargetRef): TargetWire {
  return "q" in t ? { q: t.q } : { c: t.court, d: t.docket };
}

function checkTarget(w: Record<string, unknown>): TargetWire | undefined {
  if (w.q !== undefined) {
    const q = text(w.q, LIMITS.q);
    return q !== undefined && w.c === undefined && w.d === undefined ? { q } : undefined;
  }
  const c = text(w.c, LIMITS.court);
  const d = text(w.d, LIMITS.docket);
  return c && d ? { c, d } : undefined;
}

const targetOf = (w: TargetWire): TrackTargetRef => ("q" in w ? { q: w.q } : { court: w.c, docket: w.d });

// Views may not import zod at run time: the wire checks are plain functions (codec.ts).
const OPTS = { maxLength: SLACK_LIMITS.buttonValue, what: "button value" };
const UNTRACK = codec((w): (TargetWire & { p: number }) | undefined => {
  const target = checkTarget(w);
  const p = page(w.p ?? 0);
  return target && p !== undefined ? { ...target, p } : undefined;
}, OPTS);
const PICK_MATTER = codec((w): (TargetWire & { f: TrackFrequency; m: string; k?: 1 }) | undefined => {
  const target = checkTarget(w);
  const m = text(w.m, LIMITS.matter);
  if (w.k !== undefined && w.k !== 1) return undefined;
  return target && m && isFrequency(w.f) ? { ...target, f: w.f, m, ...(w.k === 1 ? { k: 1 as const } : {}) } : undefined;
}, OPTS);
const PAGE = codec((w): { p: number } | undefined => {
  const p = page(w.p);
  return p === undefined ? undefined : { p };
}, OPTS);

// Encoders throw RangeError for a value decoding would refuse: a button we post must work when clicked.

export function encodeUntrack(v: UntrackValue): string {
  return UNTRACK.mustEncode({ ...targetWire(v.target), p: v.page });
}

export function decodeUntrack(raw: unknown): UntrackValue | undefined {
  const w = UNTRACK.decode(raw);
  return w && { target: targetOf(w), page: w.p };
}

export function encodePickMatter(v: PickMatterValue): string {
  return PICK_MATTER.mustEncode({ ...targetWire(v.target), f: v.frequency, m: v.matter, ...(v.confirmed ? { k: 1 } : {}) });
}

export function decodePickMatter(raw: unknown): PickMatterValue | undefined {
  const w = PICK_MATTER.decode(raw);
  return w && { target: targetOf(w), frequency: w.f, matter: w.m, ...(w.k === 1 ? { confirmed: true } : {}) };
}

export function encodePage(p: number): string {
  return PAGE.mustEncode({ p });
}

export function decodePage(raw: unknown): number | undefined {
  return PAGE.decode(raw)?.p;
}
