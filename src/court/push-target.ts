/**
 * What a push is about (spec, Events): the case of a docket push (`court` and `docket`, as
 * written) or the query of a saved search's push (`q`). The service keeps one tracker per case or
 * search, so this is what subscriptions are matched on (store/areas/routing.ts). Read once, from
 * the value THE parse of the body made (features/alerts/intake/interpret.ts), and stored beside the
 * push, so routing and a subscription's catch-up never read a body (a 100,000-entry push is 13 MB).
 */
import { storableText } from "./storable-text.ts";

/** A case (court + docket as written) or a saved search's query. */
export type CaseOrSearch = { court: string; docket: string } | { q: string };

/**
 * A non-blank string, storable (storable-text.ts: what intake's sanitized body already holds; a
 * raw body read by the store gives the same value, and no database refuses it).
 */
const named = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? storableText(v) : undefined);

/**
 * A push value's case or search: a non-blank `q` names a search; otherwise non-blank `court` and
 * `docket` name a case; anything else (not an object, either missing) names none.
 */
export function pushTarget(value: unknown): CaseOrSearch | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  const q = named(o.q);
  if (q !== undefined) return { q };
  const court = named(o.court);
  const docket = named(o.docket);
  return court !== undefined && docket !== undefined ? { court, docket } : undefined;
}

/** pushTarget of a body's JSON text (a leading byte order mark allowed, RFC 8259 section 8.1); text that is not JSON names none. */
export function pushTargetOfText(text: string): CaseOrSearch | undefined {
  try {
    return pushTarget(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  } catch {
    return undefined;
  }
}
