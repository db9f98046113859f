/**
 * The one HTTP server of the process: Slack requests (/slack/events), the service's pushes
 * (PUSH_PATH) and operations (/healthz) share it, so a deployment exposes a single port.
 * Later components mount their routers on the returned app.
 */
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { Clock } from "../clock.ts";
import { childLogger, type CorrelatedLogger, type Logger } from "../logger.ts";
import { loggedPath } from "../redact.ts";
import { runHealthChecks, type HealthCheck } from "./health.ts";

export interface HttpAppDeps {
  logger: Logger;
  clock: Clock;
  health: Readonly<Record<string, HealthCheck>>;
  /** Set while shutting down: health turns failing so load balancers stop sending traffic. */
  isDraining?: () => boolean;
}

export function createHttpApp(deps: HttpAppDeps): Express {
  const app = express();
  const startedAt = deps.clock.now();
  app.disable("x-powered-by");
  // Express hashes every body it sends into an ETag (for any method: a push's `{"ok":true}` too),
  // though nothing here is worth revalidating but the calendar feed, which sets its own validator
  // from its version before rendering (features/calendar/feed-cache.ts). The hash was 1.7% of a
  // push's CPU at concurrency 64.
  app.set("etag", false);
  // Behind a load balancer the client address is in X-Forwarded-For; we only log it.
  app.set("trust proxy", true);

  // Every request gets a child logger with a correlation id (res.locals.log); the line logged at the
  // end names the path only: query strings can carry credentials and never reach the logs.
  app.use((req, res, next) => {
    const log = childLogger(deps.logger, { component: "http" });
    res.locals.log = log satisfies CorrelatedLogger;
    const started = deps.clock.now();
    res.locals.startedAt = started;
    res.on("finish", () => {
      if ((req.path === "/healthz" || req.path === "/metrics") && res.statusCode === 200) return; // probes and scrapes every few seconds
      // A route that wrote its own line for the request (the push intake: one line per push,
      // with its outcome and timing) has said it all; a second line would double the log cost.
      if (res.locals.requestLogged === true) return;
      log.info({ method: req.method, path: loggedPath(req.path), status: res.statusCode, ms: deps.clock.now() - started }, "http request");
    });
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const report = await runHealthChecks(deps.health, startedAt, deps.clock.now());
    const draining = deps.isDraining?.() ?? false;
    const ok = report.status === "ok" && !draining;
    res.status(ok ? 200 : 503).json({ ...report, status: ok ? "ok" : draining ? "draining" : "failing" });
  });

  return app;
}

/**
 * Mounts `router` for the paths it owns only. A router that matches nothing ends with a
 * setImmediate before the app's next layer (router 2, index.js: "no more matching layers"), so
 * each router mounted ahead of the Slack receiver or the push route cost every request one more
 * event-loop turn; here a request for another path passes it by in the same turn.
 */
export function mountFor(app: Express, ownsPath: (path: string) => boolean, router: RequestHandler): void {
  app.use((req, res, next) => (ownsPath(req.path) ? router(req, res, next) : next()));
}

/**
 * Mounted last, after every router (main.ts): a plain 404 for an unknown path, and the final
 * error handler (issue 22, item 13). Express's own would echo the path ("Cannot GET /calendar/
 * <token>.ics"), print the error's stack to stderr and, outside NODE_ENV=production, put it in
 * the response (expressjs.com/en/guide/error-handling.html). Here no response carries a stack or
 * the path in any mode, a client's error (a malformed %-escape: 400) is answered with its status
 * and logged without its message (which quotes the path), and only a server fault logs the error.
 */
export function finishHttpApp(app: Express, deps: { logger: Logger }): void {
  app.use((_req: Request, res: Response) => {
    res.status(404).type("text/plain").send("Not Found");
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const log: Logger = res.locals.log ?? deps.logger;
    const e = (err ?? {}) as { status?: unknown; statusCode?: unknown; type?: unknown };
    const given = typeof e.status === "number" ? e.status : typeof e.statusCode === "number" ? e.statusCode : 500;
    const status = given >= 400 && given < 600 ? given : 500;
    if (status >= 500) log.error({ err, path: loggedPath(req.path) }, "request failed");
    else log.warn({ status, type: typeof e.type === "string" ? e.type : undefined, path: loggedPath(req.path) }, "request refused");
    if (res.headersSent) return void res.destroy();
    res.status(status).type("text/plain").send(status >= 500 ? "Internal Server Error" : status === 404 ? "Not Found" : "Bad Request");
  });
}
