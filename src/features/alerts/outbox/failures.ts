/**
 * What a failed Slack call means for a delivery (issue 5, Delivery). One error for the outbox's
 * boundary with Slack, with a stable `code` (Slack's error code, or `http_503`, `request_error`…)
 * and a `kind` the dispatcher branches on; never the message text.
 *
 * - rate_limited: HTTP 429. Wait Retry-After, for that channel only.
 * - transient: 5xx, network errors, timeouts, Slack's own "try again" codes, and codes we do not
 *   know: retried with backoff. Retrying something unknown is safer than dropping an alert; the
 *   max-age notice tells an admin if it never clears.
 * - permanent: the channel or the token cannot take posts (channel_not_found, is_archived,
 *   not_in_channel, invalid_auth, account_inactive and kin). The delivery dies with the code as
 *   its reason, kept for replay once someone fixes the cause.
 * - rejected: Slack refused the message itself (invalid_blocks, msg_too_long…). Sending the same
 *   payload again cannot help: it dies too, and the reason names a bug of ours.
 * - root_gone: the case's root message was deleted (message_not_found / thread_not_found on a
 *   thread post or an update): forget that root and start a new one.
 */

/** @slack/web-api's error codes (its ErrorCode enum), as strings: no runtime import of a transitive package. */
const WEB_API = {
  request: "slack_webapi_request_error",
  http: "slack_webapi_http_error",
  platform: "slack_webapi_platform_error",
  rateLimited: "slack_webapi_rate_limited_error",
} as const;

export const FAILURE_KINDS = ["rate_limited", "transient", "permanent", "rejected", "root_gone"] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Codes after which the channel (or the whole token) cannot take posts until a person acts. */
export const PERMANENT_CODES: ReadonlySet<string> = new Set([
  "channel_not_found", "is_archived", "not_in_channel", "invalid_auth", "account_inactive",
  // The same situations under other names (docs.slack.dev, chat.postMessage errors).
  "token_revoked", "token_expired", "not_authed", "no_permission", "missing_scope", "team_access_not_granted",
  "restricted_action", "restricted_action_read_only_channel", "restricted_action_thread_only_channel",
  "restricted_action_non_threadable_channel", "ekm_access_denied", "channel_is_archived", "org_login_required",
  "team_not_found", "enterprise_is_restricted",
]);

/** Codes that reject the message we built: resending it unchanged cannot succeed. */
export const REJECTED_CODES: ReadonlySet<string> = new Set([
  "invalid_blocks", "invalid_blocks_format", "msg_too_long", "msg_blocks_too_long", "no_text", "too_many_attachments",
  "invalid_metadata_format", "invalid_metadata_schema", "metadata_too_large", "metadata_must_be_sent_from_app",
  "invalid_arguments", "invalid_array_arg", "invalid_charset", "invalid_form_data", "invalid_post_type",
  "missing_post_type", "invalid_json", "json_not_object", "too_many_tokens",
]);

/** The deleted-root codes, meaningful only for a thread post or a root update. */
export const ROOT_GONE_CODES: ReadonlySet<string> = new Set(["message_not_found", "thread_not_found", "cant_update_message"]);

export interface SlackCallErrorInit {
  kind: FailureKind;
  code: string;
  method: string;
  status?: number | undefined;
  retryAfterSec?: number | undefined;
  cause?: unknown;
}

export class SlackCallError extends Error {
  readonly kind: FailureKind;
  readonly code: string;
  readonly method: string;
  readonly status: number | undefined;
  /** For rate_limited: Slack's Retry-After, in seconds. */
  readonly retryAfterSec: number | undefined;

  constructor(init: SlackCallErrorInit) {
    super(`${init.method} failed: ${init.code}`, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "SlackCallError";
    this.kind = init.kind;
    this.code = init.code;
    this.method = init.method;
    this.status = init.status;
    this.retryAfterSec = init.retryAfterSec;
  }
}

function kindOfCode(code: string, threadOp: boolean): FailureKind {
  if (code === "ratelimited" || code === "rate_limited") return "rate_limited";
  if (PERMANENT_CODES.has(code)) return "permanent";
  if (REJECTED_CODES.has(code)) return "rejected";
  if (threadOp && ROOT_GONE_CODES.has(code)) return "root_gone";
  return "transient";
}

interface ErrorLike {
  code?: unknown;
  data?: { error?: unknown };
  statusCode?: unknown;
  retryAfter?: unknown;
  original?: unknown;
}

/**
 * A @slack/web-api error (client made with retries off and rejectRateLimitedCalls) as a
 * SlackCallError. `threadOp`: the call addressed a case root (a thread post or chat.update), so a
 * missing message means the root is gone rather than an unknown failure.
 */
export function classifySlackError(error: unknown, method: string, threadOp = false): SlackCallError {
  if (error instanceof SlackCallError) return error;
  const e = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  switch (e.code) {
    case WEB_API.rateLimited: {
      const sec = typeof e.retryAfter === "number" ? e.retryAfter : undefined;
      return new SlackCallError({ kind: "rate_limited", code: "ratelimited", method, status: 429, retryAfterSec: sec, cause: error });
    }
    case WEB_API.platform: {
      const code = typeof e.data?.error === "string" && e.data.error !== "" ? e.data.error : "unknown_error";
      return new SlackCallError({ kind: kindOfCode(code, threadOp), code, method, cause: error });
    }
    case WEB_API.http: {
      const status = typeof e.statusCode === "number" ? e.statusCode : 0;
      // Slack answers application errors with 200; any other status is the edge or an outage.
      return new SlackCallError({ kind: "transient", code: `http_${status}`, method, status, cause: error });
    }
    case WEB_API.request:
      return new SlackCallError({ kind: "transient", code: "request_error", method, cause: error });
    default:
      return new SlackCallError({ kind: "transient", code: "unexpected_error", method, cause: error });
  }
}
