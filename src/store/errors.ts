/**
 * The store's one error tree (DEVELOPERS.md, Style): callers branch on `code`, never on message
 * text. `operation` names the Store method that failed; the SQLite error, if any, is the `cause`.
 * Nothing stored in a message is a secret: the store never sees tokens or passwords.
 */
export const StoreErrorCode = {
  /** The store was closed (or is closing) before the call. */
  Closed: "store_closed",
  /** The caller passed something the schema refuses (e.g. a client_matter over 50 characters). */
  InvalidInput: "store_invalid_input",
  /** The row the call depends on does not exist (e.g. a Q&A turn for an unbound thread). */
  NotFound: "store_not_found",
  /** The database is locked by another connection beyond busy_timeout; try again. */
  Busy: "store_busy",
  /** The database file was written by a newer build (its user_version is past our migrations). */
  NewerSchema: "store_newer_schema",
  /** Any other SQLite failure (I/O error, disk full, corruption). */
  Failed: "store_failed",
} as const;
export type StoreErrorCode = (typeof StoreErrorCode)[keyof typeof StoreErrorCode];

export class StoreError extends Error {
  override readonly name = "StoreError";
  readonly code: StoreErrorCode;
  readonly operation: string;

  constructor(code: StoreErrorCode, operation: string, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.operation = operation;
  }
}

export function isStoreError(e: unknown): e is StoreError {
  return e instanceof StoreError;
}

/** SQLite primary result codes that mean "someone else holds the lock" (sqlite.org/rescode.html). */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** Wraps whatever a SQLite call threw into a StoreError for `operation`; StoreErrors pass through. */
export function toStoreError(operation: string, e: unknown): StoreError {
  if (e instanceof StoreError) return e;
  const errcode = typeof e === "object" && e !== null ? (e as { errcode?: unknown }).errcode : undefined;
  const primary = typeof errcode === "number" ? errcode & 0xff : undefined;
  const text = e instanceof Error ? e.message : String(e);
  if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) {
    return new StoreError(StoreErrorCode.Busy, operation, `${operation}: database is busy (${text})`, e);
  }
  return new StoreError(StoreErrorCode.Failed, operation, `${operation} failed: ${text}`, e);
}
