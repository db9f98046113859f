/**
 * GET /metrics: Prometheus text exposition format 0.0.4 (issue 5, Operations). Gauges that mirror
 * the store and the docket client are read at scrape time by the collectors registered on
 * `metrics`; a collector that fails (store busy or closed) costs only its own gauges, counted in
 * docketbot_metrics_collector_errors_total, never the scrape.
 */
import { Router } from "express";
import type { Logger } from "../logger.ts";
import { EXPOSITION_CONTENT_TYPE, type Metrics } from "../metrics/metrics.ts";

export interface MetricsRouterDeps {
  metrics: Metrics;
  logger: Logger;
}

export function createMetricsRouter(deps: MetricsRouterDeps): Router {
  const router = Router();
  router.get("/metrics", async (_req, res) => {
    const log: Logger = res.locals.log ?? deps.logger;
    const text = await deps.metrics.render((collector, err) => {
      deps.metrics.inc("docketbot_metrics_collector_errors_total", { collector });
      log.warn({ err, collector }, "a metrics collector failed; its gauges are left out of this scrape");
    });
    res.status(200).setHeader("Content-Type", EXPOSITION_CONTENT_TYPE).setHeader("Cache-Control", "no-store").end(text);
  });
  return router;
}
