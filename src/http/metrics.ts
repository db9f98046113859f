/**
 * GET /metrics: Prometheus text exposition format 0.0.4 (issue 5, Operations). Gauges that mirror
 * the store and the docket client are read at scrape time by the collectors registered on
 * `metrics`; a collector that fails (store busy or closed) costs only its own gauges, counted in
 * docketbot_metrics_collector_errors_total, never the scrape.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Router } from "express";
import type { Logger } from "../logger.ts";
import { EXPOSITION_CONTENT_TYPE, type Metrics } from "../metrics/metrics.ts";

export interface MetricsRouterDeps {
  metrics: Metrics;
  logger: Logger;
  /** When set, a scrape must send `Authorization: Bearer <token>` (Prometheus `authorization`). */
  token?: string | undefined;
}

/** The path the router answers, as Express matches it (any case, one trailing slash). */
export const isMetricsPath = (path: string): boolean => /^\/metrics\/?$/i.test(path);

export function createMetricsRouter(deps: MetricsRouterDeps): Router {
  const router = Router();
  const allowed = deps.token === undefined ? () => true : bearerCheck(deps.token);
  router.get("/metrics", async (req, res) => {
    const log: Logger = res.locals.log ?? deps.logger;
    if (!allowed(req.headers.authorization)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="docketbot metrics"').setHeader("Cache-Control", "no-store").end("unauthorized\n");
      return;
    }
    const text = await deps.metrics.render((collector, err) => {
      deps.metrics.inc("docketbot_metrics_collector_errors_total", { collector });
      log.warn({ err, collector }, "a metrics collector failed; its gauges are left out of this scrape");
    });
    res.status(200).setHeader("Content-Type", EXPOSITION_CONTENT_TYPE).setHeader("Cache-Control", "no-store").end(text);
  });
  return router;
}

/** Constant-time check of `Bearer <token>`: both sides hashed first, so lengths never leak. */
function bearerCheck(token: string): (header: string | undefined) => boolean {
  const digest = (v: string) => createHash("sha256").update(v, "utf8").digest();
  const expected = digest(token);
  return (header) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
    return m !== null && timingSafeEqual(digest(m[1]!), expected);
  };
}
