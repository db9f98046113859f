/**
 * The pending PACER search, carried on the Run and Next page buttons (no server-side state): the
 * criteria, the page, and the client matter named in the confirmation, so the charge lands on the
 * matter the user agreed to. Values come back from Slack untrusted, possibly months later: every
 * field is validated, and anything odd reads as undefined (the handler then asks to search again).
 */
import { z } from "zod";
import { PACER_CASE_TYPES, type PacerSearchRequest } from "../../docket/requests.ts";
import { SLACK_LIMITS } from "../../slack/blockkit/limits.ts";
import { codec } from "../../slack/blockkit/codec.ts";

const CONTROL = /[\u0000-\u001F\u007F<>]/;
const text = (max: number) => z.string().min(1).max(max).refine((s) => s.trim() !== "" && !CONTROL.test(s));
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const Wire = z.object({
  v: z.literal(1),
  pg: z.number().int().min(1).max(10_000),
  m: z.string().max(50).refine((s) => !CONTROL.test(s)),
  p: text(200).optional(),
  f: text(100).optional(),
  l: text(100).optional(),
  n: z.array(text(60)).min(1).max(20).optional(),
  t: z.enum(PACER_CASE_TYPES).optional(),
  s: day.optional(),
  e: day.optional(),
  c: text(150).optional(),
})
  // A search with no criterion would be the free options call, not a search: refuse it.
  .refine((w) => Boolean(w.p || w.l || w.n || w.t || w.s || w.e || w.c));
const PENDING = codec(Wire, { maxLength: SLACK_LIMITS.buttonValue });

export interface PendingPacerSearch {
  search: PacerSearchRequest;
  /** 1-based. */
  page: number;
  /** The matter named in the confirmation ("" when the channel had none). */
  clientMatter: string;
}

const asDay = (d: string | Date | undefined) => (d instanceof Date ? d.toISOString().slice(0, 10) : d);

/** Compact JSON, or undefined when it would not fit a button or would not decode intact. */
export function encodePacerSearch(p: PendingPacerSearch): string | undefined {
  const s = p.search;
  const wire: Record<string, unknown> = { v: 1, pg: p.page, m: p.clientMatter };
  const put = (k: string, v: unknown) => {
    if (v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0)) wire[k] = v;
  };
  put("p", s.partyName);
  put("f", s.firstName);
  put("l", s.lastName);
  put("n", s.natureOfSuit ? [...s.natureOfSuit] : undefined);
  put("t", s.caseType);
  put("s", asDay(s.dateFiledStart));
  put("e", asDay(s.dateFiledEnd));
  put("c", s.court);
  return PENDING.encode(wire as z.infer<typeof Wire>);
}

export function decodePacerSearch(raw: unknown): PendingPacerSearch | undefined {
  const w = PENDING.decode(raw);
  if (!w) return undefined;
  const search: PacerSearchRequest = {};
  if (w.p) search.partyName = w.p;
  if (w.f) search.firstName = w.f;
  if (w.l) search.lastName = w.l;
  if (w.n) search.natureOfSuit = w.n;
  if (w.t) search.caseType = w.t;
  if (w.s) search.dateFiledStart = w.s;
  if (w.e) search.dateFiledEnd = w.e;
  if (w.c) search.court = w.c;
  return { search, page: w.pg, clientMatter: w.m };
}
