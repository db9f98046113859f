/**
 * PostgreSQL's failures in the store's one error tree (../errors.ts): callers see the same codes
 * whichever database is behind the Store. Classified by SQLSTATE
 * (postgresql.org/docs/current/errcodes-appendix.html), never by message text.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";

/** Another transaction got in the way; the same work may succeed if tried again. */
const BUSY = new Set([
  "40001", // serialization_failure
  "40P01", // deadlock_detected
  "55P03", // lock_not_available
  "57014", // query_canceled (statement_timeout, lock_timeout)
  "53300", // too_many_connections
]);

/** The values broke a rule of the schema (a CHECK, NOT NULL, a length or type). */
const INVALID = new Set([
  "22001", // string_data_right_truncation
  "22003", // numeric_value_out_of_range
  "22021", // character_not_in_repertoire (a NUL in text: PostgreSQL's text cannot hold one)
  "22P02", // invalid_text_representation
  "23502", // not_null_violation
  "23514", // check_violation
]);

export function sqlState(e: unknown): string | undefined {
  const code = typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Wraps whatever a pg call threw into a StoreError for `operation`; StoreErrors pass through. */
export function toPgStoreError(operation: string, e: unknown): StoreError {
  if (e instanceof StoreError) return e;
  const state = sqlState(e);
  const text = e instanceof Error ? e.message : String(e);
  if (state !== undefined && BUSY.has(state)) {
    return new StoreError(StoreErrorCode.Busy, operation, `${operation}: database is busy (${text})`, e);
  }
  if (state !== undefined && INVALID.has(state)) {
    return new StoreError(StoreErrorCode.InvalidInput, operation, `${operation}: the database refused the values (${text})`, e);
  }
  return new StoreError(StoreErrorCode.Failed, operation, `${operation} failed: ${text}`, e);
}
