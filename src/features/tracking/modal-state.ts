/**
 * The Track modal's private_metadata: where it was opened (the channel whose matters it may use),
 * which cases it offers, and the matter it showed when the channel had only one. Slack returns it
 * untouched, but it is still decoded defensively: an old or odd form is refused, not guessed at.
 */
import type { CaseRef } from "../../court/refs.ts";
import { parseUntrustedObject } from "../../slack/blockkit/untrusted-json.ts";

export interface TrackModalState {
  channelId: string | undefined;
  cases: CaseRef[];
  /** The one matter the modal named, when it showed no matter select. */
  matter?: string | undefined;
}

const CHANNEL = /^[CGD][A-Z0-9]{2,30}$/;
const MAX = 3_000;

export function encodeTrackModalState(s: TrackModalState): string {
  const json = JSON.stringify({ v: 1, ch: s.channelId, cs: s.cases.map((c) => [c.court, c.docket]), m: s.matter });
  if (json.length > MAX) throw new RangeError(`Track modal metadata is ${json.length} characters (max ${MAX})`);
  return json;
}

export function decodeTrackModalState(raw: string | undefined): TrackModalState | undefined {
  const o: { v?: unknown; ch?: unknown; cs?: unknown; m?: unknown } | undefined = parseUntrustedObject(raw, MAX);
  if (!o) return undefined;
  if (o.v !== 1 || !Array.isArray(o.cs) || o.cs.length === 0) return undefined;
  if (o.ch !== undefined && (typeof o.ch !== "string" || !CHANNEL.test(o.ch))) return undefined;
  if (o.m !== undefined && (typeof o.m !== "string" || o.m.length === 0 || o.m.length > 50)) return undefined;
  const cases: CaseRef[] = [];
  for (const c of o.cs) {
    if (!Array.isArray(c) || typeof c[0] !== "string" || typeof c[1] !== "string" || !c[0] || !c[1]) return undefined;
    cases.push({ court: c[0], docket: c[1] });
  }
  return { channelId: o.ch as string | undefined, cases, matter: o.m as string | undefined };
}
