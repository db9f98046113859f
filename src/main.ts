/**
 * Composition root (DEVELOPERS.md, Architecture): loadConfig(env) -> store -> docket client ->
 * Slack app -> (push route) -> start. Only this file and config.ts read process.env.
 */
import type { Server } from "node:http";
import { systemClock, type Clock } from "./clock.ts";
import { ConfigError, configSecrets, describeConfig, loadConfig, type Config } from "./config.ts";
import { createDocketClient, type DocketClient } from "./docket/client.ts";
import { createHttpApp } from "./http/app.ts";
import { createMetricsRouter } from "./http/metrics.ts";
import { createLogger, type Logger } from "./logger.ts";
import { docketCollector, storeCollector } from "./metrics/collectors.ts";
import { createMetrics, type Metrics } from "./metrics/metrics.ts";
import { createPushRouter, type PushIntake } from "./features/alerts/intake/route.ts";
import { createOutbox, createOutboxSlackClient, type Outbox } from "./features/alerts/outbox/index.ts";
import { createSlackApp, type SlackApp } from "./slack/app.ts";
import { boltLogger } from "./slack/bolt-logger.ts";
import { register } from "./features/register.ts";
import { openSqliteStore } from "./store/sqlite/sqlite-store.ts";
import type { Store } from "./store/store.ts";

export interface Docketbot {
  /** Where the HTTP server listens, e.g. http://127.0.0.1:3000 */
  url: string;
  docket: DocketClient;
  store: Store;
  slack: SlackApp | undefined;
  /** Posts stored pushes to Slack (issue 5, Delivery); undefined when Slack is not configured. */
  outbox: Outbox | undefined;
  logger: Logger;
  /** Counters and gauges behind GET /metrics; the outbox counts its retries here (metrics/metrics.ts). */
  metrics: Metrics;
  /** Stops accepting, lets in-flight requests finish (bounded), and closes everything. */
  stop(): Promise<void>;
}

export interface StartOverrides {
  clock?: Clock;
  logger?: Logger;
  host?: string;
}

export async function start(config: Config, overrides: StartOverrides = {}): Promise<Docketbot> {
  const clock = overrides.clock ?? systemClock;
  const logger =
    overrides.logger ?? createLogger({ level: config.logLevel, base: { service: "docketbot" }, secrets: configSecrets(config) });
  const store = await openSqliteStore({ path: config.database.path, clock, logger: logger.child({ component: "store" }) });
  const metrics = createMetrics();
  const docket = createDocketClient({
    apiUrl: config.docket.apiUrl,
    siteUrl: config.docket.siteUrl,
    username: config.docket.username,
    password: config.docket.password,
    testMode: config.docket.testMode,
    providerKeys: config.docket.providerKeys,
    clock,
    logger: logger.child({ component: "docket" }),
    // The usage ledger (issue 4): every call, with who asked, from the caller's tags.
    onCall: (event) => {
      metrics.inc("docketbot_docket_calls_total", { endpoint: event.endpoint, outcome: event.outcome });
      store
        .recordUsage({
          teamId: event.tags.team, userId: event.tags.user, channelId: event.tags.channel || undefined,
          clientMatter: event.clientMatter, endpoint: event.endpoint, feeKind: event.feeKind,
          mayHaveIncurredFees: event.mayHaveIncurredFees, price: event.price, outcome: event.outcome,
          correlationId: event.tags.ref,
        })
        .catch((err: unknown) => logger.error({ err }, "could not record usage"));
    },
  });

  let draining = false;
  const app = createHttpApp({ logger, clock, health: { database: () => store.health() }, isDraining: () => draining });
  metrics.addCollector("store", storeCollector(store));
  metrics.addCollector("docket", docketCollector(docket));
  app.use(createMetricsRouter({ metrics, logger, token: config.http.metricsToken }));
  // The outbox dispatcher (issue 5, Delivery) subscribes through createPushRouter's `onStored`.
  let push: PushIntake | undefined;
  let outbox: Outbox | undefined;
  if (config.push.enabled) {
    push = createPushRouter({ store, config: config.push, logger: logger.child({ component: "push" }), clock, metrics, onStored: (e) => {
      if (e.deliveries > 0) outbox?.notify();
    } });
    app.use(push.router);
  }

  let slack: SlackApp | undefined;
  if (config.slack.botToken && config.slack.signingSecret) {
    slack = createSlackApp({
      botToken: config.slack.botToken, signingSecret: config.slack.signingSecret, appToken: config.slack.appToken,
      apiUrl: config.slack.apiUrl, http: app, logger,
    });
    register(slack.app, {
      docket, store, clock, logger, siteUrl: config.docket.siteUrl, admins: new Set(config.admins),
      qaEnabled: config.qaEnabled, testMode: config.docket.testMode,
      // Matter links release held pushes and admins requeue dead ones: wake the outbox at once.
      outbox: { notify: () => outbox?.notify() },
    });
    await slack.start();
    // The outbox's own Web API client: its retries off, 429s handed back (the outbox owns retrying).
    const outboxLogger = logger.child({ component: "outbox" });
    outbox = createOutbox({
      store, clock, metrics, logger: outboxLogger, siteUrl: config.docket.siteUrl, admins: config.admins,
      slack: createOutboxSlackClient({ botToken: config.slack.botToken, apiUrl: config.slack.apiUrl, logger: boltLogger(outboxLogger) }),
    });
    await outbox.start();
  }
  const server = await listen(app, config.http.port, overrides.host);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.http.port;
  const url = `http://${overrides.host ?? "127.0.0.1"}:${port}`;
  logger.info({ port, config: describeConfig(config) }, "docketbot is listening");

  return {
    url,
    docket,
    store,
    slack,
    outbox,
    logger,
    metrics,
    async stop() {
      draining = true;
      // Stop accepting: no new connections; keep-alive connections are closed as soon as they are
      // idle (Node closes idle ones only once, at close(), so this repeats until all are gone).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      // Pushes in flight finish their durable commit and get their 200 before any socket is cut;
      // pushes arriving meanwhile get 503 and are retried by the service.
      // Every request in flight gets the same bounded grace period, then its socket is closed.
      const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      const drained = (await push?.drain(SHUTDOWN_GRACE_MS)) ?? true;
      if (!drained) logger.warn({ inFlight: push?.inFlight }, "pushes still in flight at the end of the grace period; their senders will retry");
      await closed;
      clearInterval(idleSweep);
      clearTimeout(cut);
      await outbox?.stop(); // finishes or parks in-flight alerts; before the store closes
      await slack?.stop();
      await store.close();
      logger.info("docketbot stopped");
    },
  };
}

/** How long requests in flight at shutdown may take to finish. */
const SHUTDOWN_GRACE_MS = 10_000;

function listen(app: ReturnType<typeof createHttpApp>, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host ?? "0.0.0.0", (error?: Error) => (error ? reject(error) : resolve(server)));
    server.once("error", reject);
  });
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { require: { slack: true } });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(78); // EX_CONFIG (sysexits.h)
    }
    throw e;
  }
  const bot = await start(config);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    bot.logger.info({ signal }, "shutting down");
    bot.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        bot.logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

if (import.meta.main) await main();
