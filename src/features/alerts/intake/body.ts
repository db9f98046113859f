/**
 * Reading a push body ourselves, as raw bytes, with a hard cap (issue 5, Intake: "body size limit
 * configurable, default 10 MB (413)"). The raw text is what the store keeps and hashes for
 * dedupe, so no body parser may touch it first; and no more than `maxBytes` is ever held: the
 * chunk that crosses the limit is dropped with everything before it.
 */
import type { IncomingMessage } from "node:http";

export type BodyResult =
  | { ok: true; bytes: Buffer }
  /** too_large: over the cap (declared or counted); aborted: the sender went away mid-body. */
  | { ok: false; reason: "too_large" | "aborted" };

export function readRawBody(req: IncomingMessage, maxBytes: number): Promise<BodyResult> {
  const declared = req.headers["content-length"];
  // A declared length over the cap is refused before a byte is read.
  if (declared !== undefined && Number(declared) > maxBytes) return Promise.resolve({ ok: false, reason: "too_large" });
  if (req.readableEnded) {
    return Promise.reject(new Error("the push body was consumed before the push route (a body parser mounted too early?)"));
  }

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        chunks.length = 0;
        // The stream keeps flowing with no listener, so the rest is read and discarded, never
        // held; the 413 goes out with Connection: close and the socket closes in stages (linger.ts).
        settle({ ok: false, reason: "too_large" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle({ ok: true, bytes: Buffer.concat(chunks, size) });
    const onAbort = () => settle({ ok: false, reason: "aborted" });
    const onClose = () => {
      if (!req.complete) onAbort();
    };
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("close", onClose);
  });
}

/**
 * Whether a Content-Type names JSON: `application/json` with any parameters (any charset: the body
 * is decoded as UTF-8 regardless, RFC 8259 section 8.1), case-insensitive (RFC 9110 section 8.3.1).
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(";", 1)[0]?.trim().toLowerCase();
  return mediaType === "application/json";
}

/** Only unencoded bodies are accepted: the service sends plain JSON, and a gzip bomb has no cap. */
export function isIdentityEncoding(contentEncoding: string | undefined): boolean {
  return contentEncoding === undefined || contentEncoding.trim() === "" || contentEncoding.trim().toLowerCase() === "identity";
}
