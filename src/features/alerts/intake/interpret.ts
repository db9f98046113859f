/**
 * What an authenticated push body is: a valid push (type and matter known), or something to keep
 * in quarantine with the reason (issue 5, Intake: "nothing authenticated is dropped silently").
 * Pure: bytes in, verdict out.
 *
 * The text kept is the body exactly as received (the dedupe key is its hash; observed-facts: a
 * re-sent push is byte-identical), BOM included. Bytes that are not UTF-8 cannot be kept as text
 * exactly; they are kept with U+FFFD in place of each bad sequence, which is what an admin needs to
 * read and replay the push after a fix.
 *
 * Issue 22, item 1: this is the ONE parse every consumer shares. A body whose JSON could be read
 * two ways (duplicate keys), or nested absurdly deep, or whose client_matter is not a storable
 * matter, is refused (PushRefusal, answered 422 naming the problem). A body whose strings hold
 * characters a store or Slack cannot (NUL, lone surrogates, C0 controls) is kept re-serialised
 * with those replaced by U+FFFD and a note of the fields (`docketbot_sanitized`), so both stores,
 * the hash and every renderer get the same text, and nobody reads a silently altered entry.
 */
import { z } from "zod";
import { pushTarget, type CaseOrSearch } from "../../../court/push-target.ts";
import { DocketEntry } from "../../../docket/schemas/docket.ts";
import { DocketPush, PushPayload } from "../../../docket/schemas/push.ts";
import { matterProblem } from "../../../court/client-matter.ts";
import { scanKeys } from "./duplicate-keys.ts";
import { hasUnstorable, mayHoldUnstorable, SANITIZED_KEY, sanitizeValue, storableText } from "../../../court/storable-text.ts";
import { yieldToLoop } from "../../../event-loop.ts";

export type QuarantineKind = "invalid_utf8" | "invalid_json" | "schema";

export type PushVerdict =
  | {
      ok: true;
      text: string;
      pushType: string;
      clientMatter: string;
      /** The case or search it names (court/push-target.ts): subscriptions are matched on it. Absent: none. */
      target?: CaseOrSearch;
      /** Fields whose unstorable characters became U+FFFD (court/storable-text.ts); absent when none. */
      sanitized?: string[];
    }
  | {
      ok: false;
      text: string;
      kind: QuarantineKind;
      /** For admins and logs: which check failed and where (a zod issue path), never the body. */
      reason: string;
      /** Best effort, so the quarantined push is listed to its matter's admins. */
      pushType?: string | undefined;
      clientMatter?: string | undefined;
      /** What it names, when its JSON could be read: kept, so a requeue never parses it again. */
      target?: CaseOrSearch;
      sanitized?: string[];
    };

/** Stable codes of a refused body (answered 422, nothing stored: no consumer could read it one way). */
export const RefusalCode = { duplicateKeys: "duplicate_keys", tooDeep: "too_deep", clientMatter: "invalid_client_matter" } as const;
export type RefusalCode = (typeof RefusalCode)[keyof typeof RefusalCode];
export interface PushRefusal {
  refused: true;
  code: RefusalCode;
  /** A sentence for the sender naming the problem (key paths, the matter's fault), never body text. */
  reason: string;
}

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** Issues named in a reason, and its length at most (the rest is in the stored body). */
const MAX_ISSUES = 3;
const MAX_REASON = 500;
/** Nesting deeper than any push needs (a docket entry's exhibits sit at depth 4). */
export const MAX_DEPTH = 64;

type Hints = { pushType?: string; clientMatter?: string; target?: CaseOrSearch };
type Read = { verdict: PushVerdict | PushRefusal } | { text: string; value: unknown; hints: Hints; sanitized?: string[] };

/**
 * THE parse of a push body (issue 22, item 1): every consumer (the store's routing and dedupe
 * hash, the planner, the renderer) reads the text this returns, so they all see one value.
 * Duplicate keys and absurd nesting are refused; a bad client_matter is refused; text no store or
 * Slack can hold is replaced (court/storable-text.ts) and the text re-serialised with a note of where.
 */
function readBody(bytes: Uint8Array): Read {
  let text: string;
  let utf8 = true;
  try {
    text = strict.decode(bytes);
  } catch {
    text = lenient.decode(bytes);
    utf8 = false;
  }
  let value: unknown;
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    // RFC 8259 section 8.1: a parser may ignore a byte order mark; the stored text keeps it.
    value = JSON.parse(json);
  } catch (e) {
    // V8 quotes part of the body in some messages ("Unexpected token 'x', \"...\" is not valid
    // JSON"); the quote is dropped: reasons reach logs, and the body is stored anyway.
    const detail = (e instanceof Error ? e.message : String(e)).replace(/, ".*" is not valid JSON$/s, "");
    // Not JSON, kept as text: raw NULs (and other controls) become U+FFFD so PostgreSQL can hold it.
    const kept = hasUnstorable(text) ? storableText(text) : text;
    const note = kept === text ? "" : "; unstorable characters replaced with U+FFFD";
    return {
      verdict: utf8
        ? { ok: false, text: kept, kind: "invalid_json", reason: clip(`invalid JSON: ${detail}${note}`) }
        : { ok: false, text: kept, kind: "invalid_utf8", reason: `the body is not valid UTF-8 (nor JSON once decoded)${note}` },
    };
  }
  const scan = scanKeys(json);
  if (scan.depth > MAX_DEPTH) return { verdict: { refused: true, code: RefusalCode.tooDeep, reason: `the body nests ${scan.depth} levels deep; at most ${MAX_DEPTH}` } };
  if (scan.duplicates.length > 0) {
    return { verdict: { refused: true, code: RefusalCode.duplicateKeys, reason: `duplicate keys (RFC 8259 section 4): ${scan.duplicates.join(", ")}` } };
  }
  const matter = isObject(value) ? value.client_matter : undefined;
  const problem = typeof matter === "string" ? matterProblem(matter) : undefined;
  if (problem) return { verdict: { refused: true, code: RefusalCode.clientMatter, reason: problem } };

  let sanitized: string[] | undefined;
  if (mayHoldUnstorable(json)) {
    const fixed = sanitizeValue(value);
    if (fixed.collisions.length > 0) {
      return { verdict: { refused: true, code: RefusalCode.duplicateKeys, reason: `duplicate keys once unstorable characters are replaced: ${fixed.collisions.slice(0, 5).join(", ")}` } };
    }
    if (fixed.changed > 0) {
      sanitized = fixed.paths;
      value = isObject(fixed.value) ? { ...fixed.value, [SANITIZED_KEY]: { fields: fixed.paths, count: fixed.changed } } : fixed.value;
      text = JSON.stringify(value);
    }
  }
  const hints = identity(value);
  const also = sanitized ? { sanitized } : {};
  if (!utf8) {
    return { verdict: { ok: false, text, kind: "invalid_utf8", reason: "the body is not valid UTF-8; kept with U+FFFD for each bad byte sequence", ...hints, ...also } };
  }
  return { text, value, hints, ...also };
}

const withTarget = ({ target }: Hints): { target?: CaseOrSearch } => (target ? { target } : {});

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

export function isRefusal<V extends object>(v: V | PushRefusal): v is PushRefusal {
  return "refused" in v;
}

export function interpretPush(bytes: Uint8Array): PushVerdict | PushRefusal {
  const read = readBody(bytes);
  return "verdict" in read ? read.verdict : schemaVerdict(read.text, read.value, read.hints, read.sanitized);
}

function schemaVerdict(text: string, value: unknown, hints: Hints, sanitized: string[] | undefined): PushVerdict {
  const also = sanitized ? { sanitized } : {};
  const parsed = PushPayload.safeParse(value);
  if (!parsed.success) return { ok: false, text, kind: "schema", reason: clip(`schema: ${describeIssues(parsed.error.issues)}`), ...hints, ...also };
  return { ok: true, text, pushType: parsed.data.push_type, clientMatter: parsed.data.client_matter, ...withTarget(hints), ...also };
}

/** Docket entries checked between two yields to the event loop. */
export const ENTRY_CHUNK = 1000;
const DocketEnvelope = DocketPush.extend({ docket_report: z.array(z.unknown()).nullish() });

/**
 * interpretPush, the same verdict, but a docket push of more than ENTRY_CHUNK entries has its
 * entries checked in chunks, yielding to the event loop between them (issue 12, item 7: a
 * 100,000-entry push took 350-600 ms of one synchronous zod parse, delaying every slash command's
 * ack meanwhile). Only the issue list of an invalid big push may be ordered differently.
 */
export async function interpretPushYielding(bytes: Uint8Array, yieldNow: () => Promise<void> = yieldToLoop): Promise<PushVerdict | PushRefusal> {
  const read = readBody(bytes);
  if ("verdict" in read) return read.verdict;
  const { text, value, hints, sanitized } = read;
  const also = sanitized ? { sanitized } : {};
  const v = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const report = v?.push_type === "docket" && Array.isArray(v.docket_report) ? (v.docket_report as unknown[]) : undefined;
  if (!report || report.length <= ENTRY_CHUNK) return schemaVerdict(text, value, hints, sanitized);
  const envelope = DocketEnvelope.safeParse(value);
  const issues: z.core.$ZodIssue[] = envelope.success ? [] : [...envelope.error.issues];
  for (let i = 0; i < report.length; i++) {
    if (i > 0 && i % ENTRY_CHUNK === 0) await yieldNow();
    const entry = DocketEntry.safeParse(report[i]);
    if (!entry.success) for (const issue of entry.error.issues) issues.push({ ...issue, path: ["docket_report", i, ...issue.path] });
  }
  if (issues.length > 0 || !envelope.success) return { ok: false, text, kind: "schema", reason: clip(`schema: ${describeIssues(issues)}`), ...hints, ...also };
  return { ok: true, text, pushType: "docket", clientMatter: envelope.data.client_matter, ...withTarget(hints), ...also };
}

/** `path: message` for the first few issues; the path is dotted like the docket client's (`docket_report.3.date`). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, MAX_ISSUES).map((i) => `${i.path.length > 0 ? i.path.map(String).join(".") : "(root)"}: ${i.message}`);
  const more = issues.length - shown.length;
  return shown.join("; ") + (more > 0 ? `; and ${more} more` : "");
}

/**
 * Type and matter as hints for a quarantined push (only short printable text, a column each), and
 * what any push names (court/push-target.ts), read from the one parse's value: the sanitized one,
 * if any, which is what is stored.
 */
function identity(value: unknown): Hints {
  if (!isObject(value)) return {};
  const { push_type: type, client_matter: matter } = value;
  const fit = (v: unknown): v is string => typeof v === "string" && matterProblem(v) === undefined;
  const target = pushTarget(value);
  return { ...(fit(type) ? { pushType: type } : {}), ...(fit(matter) ? { clientMatter: matter } : {}), ...(target ? { target } : {}) };
}

function clip(s: string): string {
  return s.length <= MAX_REASON ? s : `${s.slice(0, MAX_REASON - 1)}…`;
}
