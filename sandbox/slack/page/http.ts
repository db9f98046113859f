import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import { SlackApiError } from "../api-context.ts";
import type { Delivery } from "../bot-client.ts";
import { PageAccessError } from "./snapshot.ts";

/**
 * The page API's conventions: JSON in and out, `{ ok: true, … }` or `{ ok: false, error, message }`
 * with a stable code and one sentence the page can show as it is. Every answer carries headers that
 * keep the page's untrusted content inert even if a renderer slipped: a CSP with no inline script,
 * nosniff, no framing.
 */
export class PageError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // Image blocks and accessories show pictures from anywhere, as Slack does.
  "img-src 'self' data: http: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
} as const;

export function securityHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

export const withSecurityHeaders = (_req: Request, res: Response, next: NextFunction): void => {
  securityHeaders(res);
  next();
};

/** An async handler whose result is sent as `{ ok: true, ...result }` and whose errors as above. */
export function handle(fn: (req: Request) => Promise<Record<string, unknown>> | Record<string, unknown>) {
  return async (req: Request, res: Response): Promise<void> => {
    try {
      const result = await fn(req);
      res.status(200).json({ ok: true, ...result });
    } catch (e) {
      sendError(res, e);
    }
  };
}

export function sendError(res: Response, e: unknown): void {
  if (res.headersSent) return void res.end();
  const [status, error, message] = describe(e);
  res.status(status).json({ ok: false, error, message });
}

function describe(e: unknown): [number, string, string] {
  if (e instanceof PageError) return [e.status, e.code, e.message];
  if (e instanceof z.ZodError) {
    const first = e.issues[0];
    const where = first?.path.length ? ` (${first.path.join(".")})` : "";
    return [400, "invalid_request", `The page sent a request the stand-in can't read${where}: ${first?.message ?? "invalid"}.`];
  }
  if (e instanceof PageAccessError) {
    const status = e.code === "not_in_channel" ? 403 : 404;
    const text = { not_in_channel: "You're not in that channel.", channel_not_found: "There is no such channel.", thread_not_found: "That thread no longer exists." };
    return [status, e.code, text[e.code]];
  }
  // Slack's own error codes (a thread that is gone, an archived channel, …).
  if (e instanceof SlackApiError) return [400, e.code, `Slack refused that: ${e.code}.`];
  // The stand-in's senders throw when asked for something that isn't there (a button on a message
  // since deleted, a modal since closed): the page is out of date.
  if (e instanceof Error) return [409, "stale", `${e.message}. The page may be out of date; it will refresh.`];
  return [500, "internal_error", "Something went wrong in the Slack stand-in."];
}

/** What the page learns about a request the stand-in sent the app: how it went, never the payload. */
export function deliveryOutcome(d: Delivery): Record<string, unknown> {
  return {
    status: d.status,
    ack_ms: Math.round(d.ackMs),
    late: d.lateAck,
    ...(d.uiError ? { ui_error: d.uiError } : {}),
    ...(d.error ? { error: d.error } : {}),
  };
}
