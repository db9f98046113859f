/**
 * Turning an HTTP answer of the service into a value or a DocketError. Pure functions.
 *
 * Spec, Errors: failures are `success:false` with a string `error`; document retrieval uses the
 * status codes 302/401/403/404/412/500/502. For the JSON endpoints the statuses are "not shown",
 * so the same table is applied to them, and `success:false` bodies are classified below.
 */
import type { z } from "zod";
import { DocketError, DocketErrorCode, type DocketErrorCode as Code } from "./errors.ts";
import type { HttpResponse } from "./http.ts";

const STATUS_CODES: Readonly<Record<number, Code>> = {
  400: DocketErrorCode.InvalidArgument,
  401: DocketErrorCode.AuthFailed,
  404: DocketErrorCode.NotFound,
  412: DocketErrorCode.NotCached,
  422: DocketErrorCode.InvalidArgument,
  429: DocketErrorCode.Throttled,
  500: DocketErrorCode.ServiceError,
  502: DocketErrorCode.Unavailable,
  503: DocketErrorCode.Unavailable,
  504: DocketErrorCode.Unavailable,
};

export function codeForStatus(endpoint: string, status: number): Code {
  // 403 means "sealed or otherwise unavailable" for documents; elsewhere it is an access problem.
  if (status === 403) return endpoint === "getdocument" ? DocketErrorCode.Sealed : DocketErrorCode.AuthFailed;
  return STATUS_CODES[status] ?? (status >= 500 ? DocketErrorCode.Unavailable : DocketErrorCode.ServiceError);
}

/**
 * The service reports failures only as free text (spec, Errors 1; "exact failure response ... for a
 * missing or expired token: not shown"). This is the one place that reads that text, so that a
 * rejected token can be renewed and a missing case reported as such; everything downstream
 * branches on the resulting code. Unknown texts stay `service_error`.
 */
export function classifyServiceError(text: string): Code {
  if (/\b(login|log in|token|not authenticated|unauthori[sz]ed|session (has )?expired)\b/i.test(text)) {
    return DocketErrorCode.AuthFailed;
  }
  if (/not (in|found in) (the )?cache|not cached|not stored/i.test(text)) return DocketErrorCode.NotCached;
  if (/could not find|not found|no such|does not exist/i.test(text)) return DocketErrorCode.NotFound;
  if (/rate limit|too many requests|throttl/i.test(text)) return DocketErrorCode.Throttled;
  return DocketErrorCode.ServiceError;
}

const decoder = new TextDecoder();

function tryJson(body: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(body));
  } catch {
    return undefined;
  }
}

function errorText(json: unknown): string | undefined {
  if (json && typeof json === "object" && "error" in json && typeof json.error === "string") return json.error;
  return undefined;
}

/** A failure status (anything but 2xx) as a DocketError, with the service's text when it sent JSON. */
export function statusError(endpoint: string, res: HttpResponse, retryAfterMs?: number): DocketError {
  const serviceError = errorText(tryJson(res.body));
  const code = codeForStatus(endpoint, res.status);
  return new DocketError(code, `${endpoint} answered HTTP ${res.status}${serviceError ? `: ${serviceError}` : ""}`, {
    endpoint,
    status: res.status,
    serviceError,
    retryAfterMs,
  });
}

/** The path of the first schema issue, as `docket_report.3.date`. */
export function issuePath(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue && issue.path.length > 0 ? issue.path.map(String).join(".") : "(root)";
}

/** A 2xx JSON answer: `success:false` becomes a classified error; otherwise the schema decides. */
export function parseJsonBody<S extends z.ZodType>(endpoint: string, res: HttpResponse, schema: S): z.output<S> {
  const json = tryJson(res.body);
  if (json === undefined || json === null || typeof json !== "object") {
    throw new DocketError(DocketErrorCode.InvalidResponse, `${endpoint} answered with a body that is not a JSON object`, {
      endpoint,
      status: res.status,
      field: "(root)",
    });
  }
  if ((json as { success?: unknown }).success === false) {
    const text = errorText(json) ?? "no error text";
    return throwServiceError(endpoint, res.status, text);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const field = issuePath(parsed.error);
    const detail = parsed.error.issues[0]?.message ?? "invalid";
    throw new DocketError(DocketErrorCode.InvalidResponse, `${endpoint} answered with an unexpected shape at ${field}: ${detail}`, {
      endpoint,
      status: res.status,
      field,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

function throwServiceError(endpoint: string, status: number, text: string): never {
  const code = classifyServiceError(text);
  throw new DocketError(code, `${endpoint} failed: ${text}`, { endpoint, status, serviceError: text });
}
