/**
 * One HTTP exchange over undici, with the body read in full. No policy lives here: the request
 * pipeline decides about retries, tokens and errors. The dispatcher is injected (tests, proxies,
 * keep-alive tuning); without one undici's global dispatcher is used, which nock intercepts.
 */
import { request, type Dispatcher } from "undici";

export interface HttpRequest {
  method: "GET" | "POST";
  url: URL;
  headers: Record<string, string>;
  body?: string | undefined;
  signal: AbortSignal;
  /** Refuse bodies larger than this (a runaway response must not exhaust memory). */
  maxBodyBytes: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array;
}

export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
}

export async function sendHttp(req: HttpRequest, dispatcher?: Dispatcher): Promise<HttpResponse> {
  const res = await request(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal: req.signal,
    ...(dispatcher ? { dispatcher } : {}),
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > req.maxBodyBytes) {
      res.body.destroy();
      throw new BodyTooLargeError(`response body passed ${req.maxBodyBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return { status: res.statusCode, headers: res.headers, body: concat(chunks, size) };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function headerValue(headers: HttpResponse["headers"], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
