/**
 * Checks made before a request leaves the process, so the service never sees input it would
 * refuse and no call is billed for a mistake we could have caught.
 */
import { DocketError, DocketErrorCode } from "./errors.ts";

/** Spec, Conventions 6 and Limits: client_matter is "up to 50 characters". */
export const CLIENT_MATTER_MAX = 50;

export function checkClientMatter(endpoint: string, value: string | undefined): string {
  const matter = value ?? "";
  if (matter.length > CLIENT_MATTER_MAX) {
    throw invalid(endpoint, "clientMatter", `client_matter is ${matter.length} characters; the service allows at most ${CLIENT_MATTER_MAX}`);
  }
  // Control characters would end up in the account's usage history and in our logs.
  if (/[\u0000-\u001f\u007f]/.test(matter)) throw invalid(endpoint, "clientMatter", "client_matter contains control characters");
  return matter;
}

export function requireText(endpoint: string, field: string, value: string | undefined): string {
  const text = value?.trim();
  if (!text) throw invalid(endpoint, field, `${field} is required`);
  return text;
}

export function checkPage(endpoint: string, field: string, value: number | undefined, min: number, max: number, fallback: number): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max) throw invalid(endpoint, field, `${field} must be a whole number from ${min} to ${max}`);
  return n;
}

/** Spec booleans go over the wire as the words true/false. */
export function bool(value: boolean): string {
  return value ? "true" : "false";
}

export function invalid(endpoint: string, field: string, message: string): DocketError {
  return new DocketError(DocketErrorCode.InvalidArgument, message, { endpoint, field });
}
