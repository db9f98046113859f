/**
 * What an authenticated push body is: a valid push (type and matter known), or something to keep
 * in quarantine with the reason (issue 5, Intake: "nothing authenticated is dropped silently").
 * Pure: bytes in, verdict out.
 *
 * The text kept is the body exactly as received (the dedupe key is its hash; observed-facts: a
 * re-sent push is byte-identical), BOM included. Bytes that are not UTF-8 cannot be kept as text
 * exactly; they are kept with U+FFFD in place of each bad sequence, which is what an admin needs to
 * read and replay the push after a fix.
 */
import { z } from "zod";
import { DocketEntry } from "../../../docket/schemas/docket.ts";
import { DocketPush, PushPayload } from "../../../docket/schemas/push.ts";

export type QuarantineKind = "invalid_utf8" | "invalid_json" | "schema";

export type PushVerdict =
  | { ok: true; text: string; pushType: string; clientMatter: string }
  | {
      ok: false;
      text: string;
      kind: QuarantineKind;
      /** For admins and logs: which check failed and where (a zod issue path), never the body. */
      reason: string;
      /** Best effort, so the quarantined push is listed to its matter's admins. */
      pushType?: string | undefined;
      clientMatter?: string | undefined;
    };

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** Issues named in a reason, and its length at most (the rest is in the stored body). */
const MAX_ISSUES = 3;
const MAX_REASON = 500;
/** spec, Limits: client_matter is up to 50 characters; a longer one is not a matter to list it under. */
const MAX_MATTER = 50;

type Hints = { pushType?: string; clientMatter?: string };
type Read = { verdict: PushVerdict } | { text: string; value: unknown; hints: Hints };

/** The bytes as text and JSON, or the quarantine verdict when they are neither. */
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
  try {
    // RFC 8259 section 8.1: a parser may ignore a byte order mark; the stored text keeps it.
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    // V8 quotes part of the body in some messages ("Unexpected token 'x', \"...\" is not valid
    // JSON"); the quote is dropped: reasons reach logs, and the body is stored anyway.
    const detail = (e instanceof Error ? e.message : String(e)).replace(/, ".*" is not valid JSON$/s, "");
    return {
      verdict: utf8
        ? { ok: false, text, kind: "invalid_json", reason: clip(`invalid JSON: ${detail}`) }
        : { ok: false, text, kind: "invalid_utf8", reason: "the body is not valid UTF-8 (nor JSON once decoded)" },
    };
  }
  const hints = identity(value);
  if (!utf8) {
    return { verdict: { ok: false, text, kind: "invalid_utf8", reason: "the body is not valid UTF-8; kept with U+FFFD for each bad byte sequence", ...hints } };
  }
  return { text, value, hints };
}

export function interpretPush(bytes: Uint8Array): PushVerdict {
  const read = readBody(bytes);
  return "verdict" in read ? read.verdict : schemaVerdict(read.text, read.value, read.hints);
}

function schemaVerdict(text: string, value: unknown, hints: Hints): PushVerdict {
  const parsed = PushPayload.safeParse(value);
  if (!parsed.success) return { ok: false, text, kind: "schema", reason: clip(`schema: ${describeIssues(parsed.error.issues)}`), ...hints };
  return { ok: true, text, pushType: parsed.data.push_type, clientMatter: parsed.data.client_matter };
}

/** Docket entries checked between two yields to the event loop. */
export const ENTRY_CHUNK = 1000;
const DocketEnvelope = DocketPush.extend({ docket_report: z.array(z.unknown()).nullish() });
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * interpretPush, the same verdict, but a docket push of more than ENTRY_CHUNK entries has its
 * entries checked in chunks, yielding to the event loop between them (issue 12, item 7: a
 * 100,000-entry push took 350-600 ms of one synchronous zod parse, delaying every slash command's
 * ack meanwhile). Only the issue list of an invalid big push may be ordered differently.
 */
export async function interpretPushYielding(bytes: Uint8Array, yieldNow: () => Promise<void> = yieldToLoop): Promise<PushVerdict> {
  const read = readBody(bytes);
  if ("verdict" in read) return read.verdict;
  const { text, value, hints } = read;
  const v = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const report = v?.push_type === "docket" && Array.isArray(v.docket_report) ? (v.docket_report as unknown[]) : undefined;
  if (!report || report.length <= ENTRY_CHUNK) return schemaVerdict(text, value, hints);
  const envelope = DocketEnvelope.safeParse(value);
  const issues: z.core.$ZodIssue[] = envelope.success ? [] : [...envelope.error.issues];
  for (let i = 0; i < report.length; i++) {
    if (i > 0 && i % ENTRY_CHUNK === 0) await yieldNow();
    const entry = DocketEntry.safeParse(report[i]);
    if (!entry.success) for (const issue of entry.error.issues) issues.push({ ...issue, path: ["docket_report", i, ...issue.path] });
  }
  if (issues.length > 0 || !envelope.success) return { ok: false, text, kind: "schema", reason: clip(`schema: ${describeIssues(issues)}`), ...hints };
  return { ok: true, text, pushType: "docket", clientMatter: envelope.data.client_matter };
}

/** `path: message` for the first few issues; the path is dotted like the docket client's (`docket_report.3.date`). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, MAX_ISSUES).map((i) => `${i.path.length > 0 ? i.path.map(String).join(".") : "(root)"}: ${i.message}`);
  const more = issues.length - shown.length;
  return shown.join("; ") + (more > 0 ? `; and ${more} more` : "");
}

function identity(value: unknown): { pushType?: string; clientMatter?: string } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  const { push_type: type, client_matter: matter } = value as Record<string, unknown>;
  return {
    ...(typeof type === "string" && type.length <= MAX_MATTER ? { pushType: type } : {}),
    ...(typeof matter === "string" && matter.length <= MAX_MATTER ? { clientMatter: matter } : {}),
  };
}

function clip(s: string): string {
  return s.length <= MAX_REASON ? s : `${s.slice(0, MAX_REASON - 1)}…`;
}
