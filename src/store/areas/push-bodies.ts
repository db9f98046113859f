/**
 * Push bodies of megabytes (a 100,000-entry docket is 13 MB), written and read without holding the
 * event loop. As one value, a 13 MB body is one synchronous step on SQLite (node:sqlite: its INSERT
 * took ~30 ms and the COMMIT that wrote it to the WAL and checkpointed it ~50 ms, measured), and
 * one buffer to build or decode on PostgreSQL; every Slack request waits behind it. So a body over
 * PART_CHARS characters (or PART_BYTES bytes) is kept in parts (push_body_parts), each written in a
 * transaction of its own, with a turn of the event loop between them, BEFORE the push's row; the
 * row names them (body_key, body_parts) and keeps an empty body. Read back, a part per statement.
 *
 * Parts first, row second: the row commits after every part did, so a push's 200 still means all of
 * it is durable, and a crash in between leaves only parts no row names, swept by the next big body
 * once they are ORPHAN_AFTER_MS old. A body's parts have a random key of their own, not its hash:
 * two replicas storing the same body at once write their own, and the one whose row loses to the
 * UNIQUE hash deletes its parts. A body's SHA-256 is the one dedupe key either way; given as its
 * UTF-8 bytes (intake's worker hands them over), it is hashed off the event loop (WebCrypto's
 * digest runs on libuv's thread pool) and no 13 MB string is ever made on the main thread.
 */
import { createHash, randomUUID, webcrypto } from "node:crypto";
import { isUtf8 } from "node:buffer";
import { yieldToLoop } from "../../event-loop.ts";
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { StoreContext } from "../sql/context.ts";
import { int, optText, text } from "../sql/rows.ts";
import { statement, type Db, type Row } from "../sql/statement.ts";

/** A body of more characters than this (given as text) is kept in parts of at most this many. */
export const PART_CHARS = 1 << 20;
/** A body of more bytes than this (given as UTF-8) is kept in parts of at most this many bytes. */
export const PART_BYTES = 1 << 20;
/** Parts no push names are deleted once this old (a push's intake takes seconds, not an hour). */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;

export const sha256Hex = (body: string): string => createHash("sha256").update(body, "utf8").digest("hex");

/** A body ready to store: its hash, and its text whole (kept in the row) or as parts. */
export interface PreparedBody {
  sha: string;
  /** The whole text, when it fits in the row; undefined when it is kept in parts. */
  inline: string | undefined;
  /** How many parts (0 when inline). */
  parts: number;
  /** Part `i` as text, made when it is written. */
  part(i: number): string;
  /** The whole text, made on demand (read only when the caller did not say what the push names: pushes.ts). */
  text(): string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Where parts of at most `max` units end, within `length`, never inside a character. */
function cuts(length: number, max: number, inside: (at: number) => boolean): number[] {
  const ends: number[] = [];
  for (let start = 0; start < length; ) {
    let end = Math.min(length, start + max);
    while (end < length && end > start + 1 && inside(end)) end--;
    ends.push(end);
    start = end;
  }
  return ends;
}

function fromBytes(bytes: Uint8Array, sha: string): PreparedBody {
  // A continuation byte (10xxxxxx) never starts a character: cutting before one splits it.
  const ends = cuts(bytes.byteLength, PART_BYTES, (at) => (bytes[at]! & 0xc0) === 0x80);
  const slice = (i: number) => bytes.subarray(i === 0 ? 0 : ends[i - 1]!, ends[i]);
  const whole = ends.length <= 1;
  let text: string | undefined;
  return {
    sha,
    inline: whole ? utf8.decode(bytes) : undefined,
    parts: whole ? 0 : ends.length,
    part: (i) => utf8.decode(slice(i)),
    text: () => (text ??= utf8.decode(bytes)),
  };
}

/** Where a text's parts end; a high surrogate at the end of one would leave its pair split, each half unstorable. */
const textCuts = (body: string) =>
  cuts(body.length, PART_CHARS, (at) => {
    const c = body.charCodeAt(at - 1);
    return c >= 0xd800 && c <= 0xdbff;
  });

/**
 * The body's hash and its text, when it fits in the push's row (computed at once: a push batch is
 * joined in the caller's turn); undefined when it is kept in parts (partedBody). Bytes must be the
 * UTF-8 of the text (what is stored and read back): anything else is refused, since the hash of
 * bytes that are not the text's would never match the same text given again.
 */
export function inlineBody(operation: string, body: string | Uint8Array): PreparedBody | undefined {
  if (typeof body === "string") {
    return textCuts(body).length > 1 ? undefined : { sha: sha256Hex(body), inline: body, parts: 0, part: () => body, text: () => body };
  }
  if (!isUtf8(body)) throw new StoreError(StoreErrorCode.InvalidInput, operation, `${operation}: body bytes must be UTF-8`);
  return body.byteLength > PART_BYTES ? undefined : fromBytes(body, createHash("sha256").update(body).digest("hex"));
}

/** A body over a part's size: hashed off the event loop (bytes) or a part per turn (text). */
export async function partedBody(body: string | Uint8Array): Promise<PreparedBody> {
  if (typeof body !== "string") {
    // WebCrypto copies the bytes (a few ms) and hashes them on libuv's thread pool.
    const digest = await webcrypto.subtle.digest("SHA-256", body);
    return fromBytes(body, Buffer.from(digest).toString("hex"));
  }
  const ends = textCuts(body);
  const slice = (i: number) => body.slice(i === 0 ? 0 : ends[i - 1]!, ends[i]);
  const hash = createHash("sha256");
  for (let i = 0; i < ends.length; i++) {
    if (i > 0) await yieldToLoop();
    hash.update(slice(i), "utf8");
  }
  return { sha: hash.digest("hex"), inline: undefined, parts: ends.length, part: slice, text: () => body };
}

const insertPart = statement("INSERT INTO push_body_parts (body_key, part, body, stored_at) VALUES (:key, :part, :body, :now)");
const partAt = statement("SELECT body FROM push_body_parts WHERE body_key = :key AND part = :part");
const deleteParts = statement("DELETE FROM push_body_parts WHERE body_key = :key");
const sweepOrphans = statement(`DELETE FROM push_body_parts WHERE stored_at < :before
  AND NOT EXISTS (SELECT 1 FROM pushes p WHERE p.body_key = push_body_parts.body_key)`);

/**
 * Writes the parts of `body`, each in its own transaction after a turn of the event loop, and
 * returns their key: the push's row, committed after them, names it. Parts that a crash left
 * behind long ago are swept first.
 */
export async function writeBodyParts(ctx: StoreContext, operation: string, body: PreparedBody): Promise<string> {
  const key = randomUUID();
  for (let i = 0; i < body.parts; i++) {
    await yieldToLoop();
    const part = body.part(i);
    await ctx.run(operation, () =>
      ctx.tx(`${operation}Part`, async (db) => {
        const now = ctx.clock.now();
        if (i === 0) await db.run(sweepOrphans, { before: now - ORPHAN_AFTER_MS });
        await db.run(insertPart, { key, part: i, body: part, now });
      }),
    );
  }
  return key;
}

/** Deletes parts no push will name (its row was a duplicate, or failed): in `db`'s transaction. */
export async function dropBodyParts(db: Db, key: string): Promise<void> {
  await db.run(deleteParts, { key });
}

/** The columns a row needs for bodyOf, from table alias `p`. */
export const BODY_COLUMNS = "p.body AS body, p.body_key AS body_key, p.body_parts AS body_parts";

/**
 * The body of a pushes row (with BODY_COLUMNS): its own, or its parts read one per statement with a
 * turn of the event loop before each, joined. On a transaction's `db` the transaction stays whole.
 */
export async function bodyOf(db: Db, row: Row): Promise<string> {
  const key = optText(row, "body_key");
  if (key === undefined) return text(row, "body");
  const count = int(row, "body_parts");
  const parts = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    await yieldToLoop();
    const part = await db.get(partAt, { key, part: i });
    if (part === undefined) throw new Error(`push body ${key}: part ${i} of ${count} is missing`);
    parts[i] = text(part, "body");
  }
  return parts.join("");
}

/**
 * bodyOf on the store's own connection, shared: while a body's parts are being read, every other
 * caller asking for them gets the same read (a push delivered to 20 channels is read once, not 20
 * times over). Never for a transaction's reads: on SQLite the shared read's statements would wait
 * for the gate that very transaction holds.
 */
export function createBodyReader(db: Db): (row: Row) => Promise<string> {
  const reading = new Map<string, Promise<string>>();
  return (row) => {
    const key = optText(row, "body_key");
    if (key === undefined) return Promise.resolve(text(row, "body"));
    let read = reading.get(key);
    if (read === undefined) {
      read = bodyOf(db, row).finally(() => reading.delete(key));
      reading.set(key, read);
    }
    return read;
  };
}
