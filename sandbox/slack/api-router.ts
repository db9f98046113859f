import express, { type Request, type Response } from "express";
import { SlackApiError, type ApiContext } from "./api-context.ts";
import { parseApiRequest } from "./api-request.ts";
import type { SlackFaults } from "./faults.ts";
import { METHODS } from "./methods/index.ts";
import type { ApiCall } from "./types.ts";

export interface ApiRouterDeps {
  ctx: ApiContext;
  botToken: string;
  faults: SlackFaults;
  /** Every call is appended here. */
  calls: ApiCall[];
  /** Aborts latency waits when the stand-in closes. */
  closing: AbortSignal;
}

/**
 * `/api/:method`: Slack's Web API conventions (https://docs.slack.dev/apis/web-api/): HTTP 200 with
 * `{ ok }` for application errors (not_authed, invalid_auth, unknown_method, every method error);
 * other statuses only for rate limits (429 + Retry-After) and injected HTTP faults.
 */
export function apiRouter(deps: ApiRouterDeps): express.Router {
  const { ctx, faults, calls } = deps;
  const router = express.Router();
  router.all("/api/:method", express.raw({ type: () => true, limit: "20mb" }), async (req: Request, res: Response) => {
    const method = String(req.params.method);
    const at = ctx.clock.now();
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const query = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
    const { params, token, error } = await parseApiRequest(req.headers, raw, query);
    const send = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
      calls.push({
        method, params, at, status, ok: body.ok === true, response: body,
        ...(typeof body.error === "string" ? { error: body.error } : {}),
      });
      res.status(status).set(headers).json(body);
    };

    const delay = faults.delayFor(method);
    if (delay > 0) await ctx.clock.sleep(delay, deps.closing).catch(() => undefined);
    if (deps.closing.aborted) return void res.status(503).end();
    if (error) return send(200, { ok: false, error });
    if (!token) return send(200, { ok: false, error: "not_authed" });
    if (token !== deps.botToken) return send(200, { ok: false, error: "invalid_auth" });

    const fault = faults.take(method, params);
    if (fault?.kind === "ratelimited") {
      return send(429, { ok: false, error: "ratelimited" }, { "Retry-After": String(fault.retryAfterSec) });
    }
    if (fault?.kind === "error") {
      return send(200, { ok: false, error: fault.error, ...(fault.responseMetadata ? { response_metadata: fault.responseMetadata } : {}) });
    }
    if (fault?.kind === "http") {
      calls.push({ method, params, at, status: fault.status, ok: false, error: `http_${fault.status}`, response: null });
      return void res.status(fault.status).type("text/plain").send(`stand-in fault: HTTP ${fault.status}`);
    }

    const handler = METHODS[method];
    if (!handler) return send(200, { ok: false, error: "unknown_method", req_method: method });
    try {
      const result = await handler(params, ctx);
      send(200, { ok: true, ...result });
    } catch (e) {
      if (e instanceof SlackApiError) return send(200, { ok: false, error: e.code, ...e.extra });
      send(500, { ok: false, error: "internal_error", detail: e instanceof Error ? e.message : String(e) });
    }
  });
  return router;
}
