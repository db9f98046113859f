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
import type { z } from "zod";
import { PushPayload } from "../../../docket/schemas/push.ts";

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

export function interpretPush(bytes: Uint8Array): PushVerdict {
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
    return utf8
      ? { ok: false, text, kind: "invalid_json", reason: clip(`invalid JSON: ${detail}`) }
      : { ok: false, text, kind: "invalid_utf8", reason: "the body is not valid UTF-8 (nor JSON once decoded)" };
  }

  const hints = identity(value);
  if (!utf8) {
    return { ok: false, text, kind: "invalid_utf8", reason: "the body is not valid UTF-8; kept with U+FFFD for each bad byte sequence", ...hints };
  }
  const parsed = PushPayload.safeParse(value);
  if (!parsed.success) return { ok: false, text, kind: "schema", reason: clip(`schema: ${describeIssues(parsed.error.issues)}`), ...hints };
  return { ok: true, text, pushType: parsed.data.push_type, clientMatter: parsed.data.client_matter };
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
