import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Endpoint } from "./endpoints.ts";
import { wrongShape, type MalformKind } from "./faults.ts";
import type { LedgerKind } from "./ledger.ts";
import type { SandboxUser } from "./sessions.ts";
import type { ServiceContext } from "./context.ts";

/**
 * HTTP conventions shared by every endpoint (spec Endpoints, "Conventions"):
 * - GET parameters come from the query string only; POST parameters from an
 *   application/x-www-form-urlencoded body only (anything else: 415, success:false).
 * - Every endpoint but login/ needs login_token. A missing, unknown or expired token answers HTTP 401
 *   with `{success:false, error}`: the spec shows no status for this (Authentication 6); 401 is what
 *   document retrieval uses for "Login problem", so the emulator uses it everywhere.
 * - Other failures (bad parameters, unknown docket) answer HTTP 200 with success:false: "most
 *   endpoints return HTTP 200 with a JSON body containing success" (Conventions 4). A client that only
 *   checks the status would miss them, which is exactly what the emulator should expose.
 * - Throttling answers 429 with Retry-After (seconds) and success:false (the spec shows no response).
 */
export type Params = Record<string, string | string[] | undefined>;

export interface Call {
  endpoint: Endpoint;
  user: SandboxUser;
  params: Params;
  /** The `test` parameter: sample data, no charges (Conventions 7). */
  test: boolean;
  clientMatter: string;
}

export const CLIENT_MATTER_MAX = 50;

export function one(p: Params, name: string): string | undefined {
  const v = p[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Repeated keys, `name[]` keys and comma-separated values all count. */
export function many(p: Params, name: string): string[] {
  const raw = [p[name], p[`${name}[]`]].flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
  return raw.flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
}

/** true/1/yes/on and a bare key are true; false/0/no/off false; anything else is invalid (null). */
export function bool(p: Params, name: string): boolean | undefined | null {
  const v = one(p, name);
  if (v === undefined) return undefined;
  const s = v.trim().toLowerCase();
  if (s === "" || s === "true" || s === "1" || s === "yes" || s === "on") return true;
  if (s === "false" || s === "0" || s === "no" || s === "off") return false;
  return null;
}

export function sendJson(res: Response, status: number, body: unknown): void {
  const malform = res.locals.malform as MalformKind | undefined;
  if (malform === "invalid-json") {
    res.status(status).type("application/json").send(JSON.stringify(body).slice(0, 40));
    return;
  }
  res.status(status).json(malform === "wrong-shape" ? wrongShape(body) : body);
}

export function sendError(res: Response, status: number, error: string, headers: Record<string, string> = {}): void {
  res.set(headers);
  sendJson(res, status, { success: false, error });
}

export function callOf(res: Response): Call {
  return res.locals.call as Call;
}

/** Records the call in the ledger; test calls never carry a fee. */
export function record(ctx: ServiceContext, call: Call, kind: LedgerKind, fee = 0): void {
  ctx.ledger.record({
    at: ctx.clock.now(),
    user: call.user.username,
    endpoint: call.endpoint,
    client_matter: call.clientMatter,
    test: call.test,
    fee: call.test ? 0 : fee,
    kind,
  });
}

/** A failed call: recorded without a fee, answered with success:false. */
export function reject(ctx: ServiceContext, res: Response, error: string, status = 200): void {
  const call = res.locals.call as Call | undefined;
  if (call) record(ctx, call, "rejected");
  sendError(res, status, error);
}

/**
 * Everything before the handler: injected faults, content type, token, client_matter length and
 * rate limit, in that order. `auth: false` only for login/.
 */
export function guard(ctx: ServiceContext, endpoint: Endpoint, opts: { auth?: boolean } = {}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const failure = ctx.faults.takeFailure(endpoint);
    if (failure) {
      if (failure.body === "html") {
        res.status(failure.status).type("text/html").send(`<html><body><h1>${failure.status} Bad Gateway</h1></body></html>`);
      } else {
        sendError(res, failure.status, failure.status === 502 ? "Servers under heavy load; retry later" : "Injected failure");
      }
      return;
    }
    const delay = ctx.faults.takeDelay(endpoint);
    if (delay) await ctx.realDelay(delay);
    const malform = ctx.faults.takeMalform(endpoint);
    if (malform) res.locals.malform = malform;

    let params: Params;
    if (req.method === "POST") {
      if (!req.is("application/x-www-form-urlencoded")) {
        return sendError(res, 415, "POST parameters must be sent as application/x-www-form-urlencoded form fields");
      }
      params = (req.body ?? {}) as Params;
    } else {
      params = req.query as Params;
    }
    res.locals.params = params;
    if (opts.auth === false) return next();

    const session = ctx.sessions.check(one(params, "login_token"));
    if ("problem" in session) {
      const why = { missing: "login_token is required", unknown: "Invalid login_token", expired: "login_token has expired; log in again" };
      return sendError(res, 401, why[session.problem]);
    }
    const test = bool(params, "test") === true;
    const call: Call = { endpoint, user: session.user, params, test, clientMatter: one(params, "client_matter") ?? "" };
    res.locals.call = call;

    const wait = ctx.limiter.take(call.user.username, endpoint);
    if (wait > 0) {
      record(ctx, call, "rejected");
      return sendError(res, 429, `Rate limit exceeded for ${endpoint}; retry in ${wait} seconds`, { "Retry-After": String(wait) });
    }
    if (call.clientMatter.length > CLIENT_MATTER_MAX) {
      return reject(ctx, res, `client_matter must be at most ${CLIENT_MATTER_MAX} characters`);
    }
    next();
  };
}

/**
 * Fails the call unless every parameter in `nonBlank` has a value and every one in `present` was
 * sent (the spec's "required; may be blank", e.g. client_matter).
 */
export function requireParams(
  ctx: ServiceContext,
  res: Response,
  req: { nonBlank?: string[]; present?: string[] },
): boolean {
  const p = res.locals.params as Params;
  const missing = [
    ...(req.present ?? []).filter((n) => one(p, n) === undefined),
    ...(req.nonBlank ?? []).filter((n) => !one(p, n)?.trim()),
  ];
  if (missing.length === 0) return true;
  reject(ctx, res, `Missing required parameter${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`);
  return false;
}
