/**
 * The one reading of a failed Slack Web API call, for every caller: the outbox branches on a
 * SlackCallError's `kind`; handlers ask whether the conversation refused us (cannotPostThere) and
 * which sentence the user reads (slackRefusalText). One set of code lists serves both, so a code
 * never means "channel gone" to the outbox and "something went wrong" to a handler. Branch on
 * Slack's stable error codes (docs.slack.dev, each method's Errors table), never on message text.
 *
 * A SlackCallError (issue 5, Delivery) has a stable `code` (Slack's error code, or `http_503`,
 * `request_error`…) and a `kind`:
 * - rate_limited: HTTP 429. Wait Retry-After, for that channel only.
 * - transient: 5xx, network errors, timeouts, Slack's own "try again" codes, and codes we do not
 *   know: retried with backoff. Only Slack's outage class (slackOutage: 429, 5xx, network, Slack's
 *   own try-again codes) is retried without bound, so a Slack outage never drops an alert (past
 *   the max age an admin is told); anything else (an unknown code, an error that is not Slack's)
 *   is retried a bounded number of times and then parked, so it cannot block a channel forever.
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

/**
 * Codes after which this one conversation cannot take our posts until a person acts (invites the
 * bot, unarchives, lifts a posting restriction). For a handler: "I can't post in this conversation".
 */
export const CONVERSATION_REFUSED_CODES: ReadonlySet<string> = new Set([
  "channel_not_found", "is_archived", "not_in_channel",
  // The same situations under other names (docs.slack.dev, chat.postMessage errors).
  "channel_is_archived", "restricted_action", "restricted_action_read_only_channel",
  "restricted_action_thread_only_channel", "restricted_action_non_threadable_channel", "ekm_access_denied",
]);

/** Codes after which the token cannot post anywhere: an admin must reinstall or re-grant. */
export const TOKEN_REFUSED_CODES: ReadonlySet<string> = new Set([
  "invalid_auth", "account_inactive", "token_revoked", "token_expired", "not_authed", "no_permission", "missing_scope",
  "team_access_not_granted", "org_login_required", "team_not_found", "enterprise_is_restricted",
]);

/** Codes after which the channel (or the whole token) cannot take posts until a person acts. */
export const PERMANENT_CODES: ReadonlySet<string> = new Set([...CONVERSATION_REFUSED_CODES, ...TOKEN_REFUSED_CODES]);

/** Codes that reject the message we built: resending it unchanged cannot succeed. */
export const REJECTED_CODES: ReadonlySet<string> = new Set([
  "invalid_blocks", "invalid_blocks_format", "msg_too_long", "msg_blocks_too_long", "no_text", "too_many_attachments",
  "invalid_metadata_format", "invalid_metadata_schema", "metadata_too_large", "metadata_must_be_sent_from_app",
  "invalid_arguments", "invalid_array_arg", "invalid_charset", "invalid_form_data", "invalid_post_type",
  "missing_post_type", "invalid_json", "json_not_object", "too_many_tokens",
]);

/** The deleted-root codes, meaningful only for a thread post or a root update. */
export const ROOT_GONE_CODES: ReadonlySet<string> = new Set(["message_not_found", "thread_not_found", "cant_update_message"]);

/** Slack's own "try again later" codes (docs.slack.dev, chat.postMessage errors: fatal_error, internal_error, service_unavailable, request_timeout). */
const SLACK_TRY_AGAIN_CODES: ReadonlySet<string> = new Set(["fatal_error", "internal_error", "service_unavailable", "request_timeout", "ratelimited"]);

/**
 * Whether a failed call is Slack being down or busy (its 429, a 5xx, the network, Slack's own
 * try-again codes): nothing about this message or channel is wrong, so it is worth retrying for as
 * long as the outage lasts. Everything else is a fault of the message, the channel or ours.
 */
export function slackOutage(e: SlackCallError): boolean {
  if (e.kind === "rate_limited") return true;
  if (e.kind !== "transient") return false;
  if (e.code === "request_error" || SLACK_TRY_AGAIN_CODES.has(e.code)) return true;
  const status = /^http_(\d{3})$/.exec(e.code)?.[1];
  return status !== undefined && (status.startsWith("5") || status === "408");
}

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

/**
 * The Web API's error code (`not_in_channel` …) of a failed call, if it was one: a raw
 * @slack/web-api platform error carries it in `data.error`; a SlackCallError in `code`.
 */
export function slackErrorCode(error: unknown): string | undefined {
  if (error instanceof SlackCallError) return error.code;
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === "string" ? data.error : undefined;
}

/**
 * Whether the conversation (or, for a thread post, its thread) refused our post: the bot is not a
 * member, the channel is gone or archived or restricted, or the thread's root was deleted. Nothing
 * of ours to fix, so handlers log it at info and tell the user what to do.
 */
export function cannotPostThere(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code !== undefined && (CONVERSATION_REFUSED_CODES.has(code) || code === "thread_not_found");
}

export const CANNOT_POST = "I can't post in this conversation. Invite me with `/invite @docketbot` and try again.";
export const THREAD_GONE = "The message that thread belonged to was deleted, so I couldn't post there. Open the case again and try again.";
export const CLICK_AGAIN = "That click took too long to reach me, so I couldn't open the form. Click the button again.";
/** msg_too_long and kin: what we built was over Slack's size limits (docs.slack.dev, chat.update errors). */
export const TOO_LONG_FOR_SLACK = "That was too long for Slack to show, so I couldn't post it here. Try asking for less (a narrower question or a smaller page).";

const TOO_LONG_CODES: ReadonlySet<string> = new Set(["msg_too_long", "msg_blocks_too_long", "metadata_too_large", "too_many_attachments"]);

/**
 * What Slack said about a failed call, for the log: its code and, for invalid_blocks and the like,
 * response_metadata.messages ("[ERROR] … [json-pointer:/blocks/0/text]"), which name the field at
 * fault (docs.slack.dev/apis/web-api/#responses).
 */
export function slackErrorDetail(error: unknown): { code: string | undefined; messages: string[] | undefined } {
  const cause = error instanceof SlackCallError ? (error as { cause?: unknown }).cause : error;
  const meta = (cause as { data?: { response_metadata?: { messages?: unknown } } } | undefined)?.data?.response_metadata;
  const messages = Array.isArray(meta?.messages) ? meta.messages.filter((m): m is string => typeof m === "string") : undefined;
  return { code: slackErrorCode(error), messages };
}

/** Slack refuses a trigger_id after 3 seconds or once used (docs.slack.dev, views.open errors). */
const TRIGGER_CODES: ReadonlySet<string> = new Set(["expired_trigger_id", "invalid_trigger_id", "exchanged_trigger_id"]);

/**
 * Whether Slack refused for a reason on Slack's side that a person fixes (invite the bot, unarchive,
 * click again; a user not in the channel, a link Slack won't unfurl): logged at info, never as
 * our error (issue 15 item 7).
 */
export function slackSideRefusal(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code !== undefined && (cannotPostThere(error) || TRIGGER_CODES.has(code) || SLACK_SIDE_CODES.has(code));
}

/** chat.postEphemeral's user_not_in_channel, chat.unfurl's cannot_unfurl_url (docs.slack.dev, each method's errors). */
const SLACK_SIDE_CODES: ReadonlySet<string> = new Set(["user_not_in_channel", "cannot_unfurl_url", "cannot_find_message"]);

/**
 * The one sentence a user reads when Slack refused a call we made for them, or undefined when the
 * failure is not a refusal a user can act on (ours to log and fix; user-errors.ts words that).
 * `ref` ties the admin sentence to the log lines behind it.
 */
export function slackRefusalText(error: unknown, ctx: { ref?: string | undefined } = {}): string | undefined {
  const code = slackErrorCode(error);
  if (code === undefined) return undefined;
  if (CONVERSATION_REFUSED_CODES.has(code)) return CANNOT_POST;
  if (code === "thread_not_found") return THREAD_GONE;
  if (TRIGGER_CODES.has(code)) return CLICK_AGAIN;
  const ref = ctx.ref ? ` (ref ${ctx.ref})` : "";
  // Over Slack's size limits: the user can ask for less. Other rejections (invalid_blocks) are our
  // bug: no sentence here, so user-errors.ts says "something went wrong on our side" with the ref.
  if (TOO_LONG_CODES.has(code)) return `${TOO_LONG_FOR_SLACK}${ref}`;
  if (TOKEN_REFUSED_CODES.has(code)) {
    return `Slack refused docketbot's access (it may have been removed or lack a permission). Please tell an admin.${ref}`;
  }
  return undefined;
}
