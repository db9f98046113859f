/**
 * Button values of the tracking feature's own buttons (Untrack, pick a matter, list pages). They
 * come back from Slack when clicked, possibly much later and possibly tampered with, so decoding
 * validates every field (as ids.ts does for case buttons); the handlers then re-check the matter
 * against the channel's current links, since a value is never proof of a wall.
 */
import type { TrackFrequency } from "../../../docket/schemas/index.ts";
import { isFrequency } from "./track-frequency.ts";
import { parseUntrustedObject } from "../../../slack/blockkit/untrusted-json.ts";

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
}

/** Longest saved-search query we track (keeps every button value far below Slack's 2,000). */
export const QUERY_MAX = 500;
const MAX_VALUE = 2_000;
const LIMITS = { court: 200, docket: 100, q: QUERY_MAX, matter: 50 } as const;
const CONTROL = /[\u0000-\u001F\u007F]/;

function text(v: unknown, max: number): string | undefined {
  return typeof v === "string" && v.trim() !== "" && v.length <= max && !CONTROL.test(v) ? v : undefined;
}

function page(v: unknown): number | undefined {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= 10_000 ? v : undefined;
}

function parse(raw: unknown): Record<string, unknown> | undefined {
  return parseUntrustedObject(raw, MAX_VALUE);
}

function targetWire(t: TrackTargetRef): Record<string, string> {
  return "q" in t ? { q: t.q } : { c: t.court, d: t.docket };
}

function targetOf(w: Record<string, unknown>): TrackTargetRef | undefined {
  if (w.q !== undefined) {
    const q = text(w.q, LIMITS.q);
    return q !== undefined && w.c === undefined && w.d === undefined ? { q } : undefined;
  }
  const court = text(w.c, LIMITS.court);
  const docket = text(w.d, LIMITS.docket);
  return court && docket ? { court, docket } : undefined;
}

/** Throws RangeError for a value decoding would refuse: a button we post must work when clicked. */
function checked<T>(json: string, decode: (raw: string) => T | undefined): string {
  if (json.length > MAX_VALUE || decode(json) === undefined) throw new RangeError("button value has a blank, over-long or invalid field");
  return json;
}

export function encodeUntrack(v: UntrackValue): string {
  return checked(JSON.stringify({ ...targetWire(v.target), p: v.page }), decodeUntrack);
}

export function decodeUntrack(raw: unknown): UntrackValue | undefined {
  const w = parse(raw);
  const target = w && targetOf(w);
  const p = w && page(w.p ?? 0);
  return target && p !== undefined ? { target, page: p } : undefined;
}

export function encodePickMatter(v: PickMatterValue): string {
  return checked(JSON.stringify({ ...targetWire(v.target), f: v.frequency, m: v.matter }), decodePickMatter);
}

export function decodePickMatter(raw: unknown): PickMatterValue | undefined {
  const w = parse(raw);
  const target = w && targetOf(w);
  const matter = w && text(w.m, LIMITS.matter);
  if (!w || !target || !matter || !isFrequency(w.f)) return undefined;
  return { target, frequency: w.f, matter };
}

export function encodePage(p: number): string {
  return checked(JSON.stringify({ p }), decodePage);
}

export function decodePage(raw: unknown): number | undefined {
  const w = parse(raw);
  return w ? page(w.p) : undefined;
}
