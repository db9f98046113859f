/**
 * The docket client's one error tree. Callers branch on `code`, never on message text
 * (DEVELOPERS.md, Style). Nothing here may carry a secret: the service's own error text is
 * scrubbed before it is stored, and no request URL (which holds login_token) is kept.
 */
import { redactString } from "../redact.ts";

export const DocketErrorCode = {
  /** The caller passed something the service would refuse (checked before sending). */
  InvalidArgument: "invalid_argument",
  /** Login refused, or the token was rejected even after one renewal. */
  AuthFailed: "auth_failed",
  /** getdocument with `cached` set, and the service has no stored copy (HTTP 412). No charge. */
  NotCached: "not_cached",
  /** The document is sealed or otherwise unavailable (HTTP 403). */
  Sealed: "sealed",
  /** The case or document does not exist (HTTP 404, or the service's "Could not find" answer). */
  NotFound: "not_found",
  /** The service throttled us (HTTP 429) and retrying within our budget did not help. */
  Throttled: "throttled",
  /** Servers under heavy load (HTTP 502/503/504) beyond our retry budget. */
  Unavailable: "unavailable",
  /** HTTP 500 or a `success:false` answer the client has no better code for. */
  ServiceError: "service_error",
  /** The body was not JSON, or not of the shape the spec describes; `field` names the culprit. */
  InvalidResponse: "invalid_response",
  /** The endpoint's time limit passed. */
  Timeout: "timeout",
  /** The connection failed (refused, reset, DNS). */
  Network: "network",
  /** Our own rate limiter's queue is full: the process is asking for more than the budget allows. */
  QueueFull: "queue_full",
  /** The caller's AbortSignal fired. */
  Aborted: "aborted",
} as const;
export type DocketErrorCode = (typeof DocketErrorCode)[keyof typeof DocketErrorCode];

export interface DocketErrorDetails {
  endpoint: string;
  status?: number | undefined;
  /** The service's own `error` text, scrubbed of secrets. */
  serviceError?: string | undefined;
  /** For invalid_response / invalid_argument: the offending field path, e.g. `docket_report.3.date`. */
  field?: string | undefined;
  /** For throttled: how long the service asked us to wait. */
  retryAfterMs?: number | undefined;
  /** How many attempts were made before giving up. */
  attempts?: number | undefined;
  cause?: unknown;
}

export class DocketError extends Error {
  override readonly name = "DocketError";
  readonly code: DocketErrorCode;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly serviceError: string | undefined;
  readonly field: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number | undefined;

  constructor(code: DocketErrorCode, message: string, details: DocketErrorDetails) {
    super(redactString(message), details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.serviceError = details.serviceError === undefined ? undefined : redactString(details.serviceError);
    this.field = details.field;
    this.retryAfterMs = details.retryAfterMs;
    this.attempts = details.attempts;
  }

  /** A copy that records how many attempts were made (the retry loop learns this last). */
  withAttempts(attempts: number): DocketError {
    const copy = new DocketError(this.code, this.message, { ...this.details(), attempts });
    copy.stack = this.stack;
    return copy;
  }

  details(): DocketErrorDetails {
    return {
      endpoint: this.endpoint,
      status: this.status,
      serviceError: this.serviceError,
      field: this.field,
      retryAfterMs: this.retryAfterMs,
      attempts: this.attempts,
      cause: this.cause,
    };
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message, ...this.details(), cause: undefined };
  }
}

export function isDocketError(error: unknown, code?: DocketErrorCode): error is DocketError {
  return error instanceof DocketError && (code === undefined || error.code === code);
}
