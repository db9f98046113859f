/**
 * Composition root (DEVELOPERS.md, Architecture): loadConfig(env) -> store -> docket client ->
 * HTTP app -> alerts (push route and outbox) -> Slack app and features -> listen; stop() in the
 * reverse order. Only this file reads process.env (config/ parses the record it is given).
 *
 * `start(config, overrides)` composes the whole bot; `npm start`, the test harness, the sandbox and
 * the bench all run it, injecting what differs (clock, logger, the docket client's dispatcher,
 * the listening host) instead of branching on where they run.
 */
import type { Server } from "node:http";
import type { Dispatcher } from "undici";
import { createHolidayCalendar } from "./holidays.ts";
import { userTimeZone } from "./slack/user-zone.ts";
import { systemClock, type Clock } from "./clock.ts";
import { ConfigError, configSecrets, describeConfig, loadConfig, type Config, type DatabaseConfig } from "./config/index.ts";
import { createDocketClient, type DocketClient } from "./docket/client.ts";
import { createHttpApp, finishHttpApp, mountFor } from "./http/app.ts";
import { createMetricsRouter, isMetricsPath } from "./http/metrics.ts";
import { createLogger, type Logger } from "./logger.ts";
import { docketCollector, storeCollector, storeSqlCollector } from "./metrics/collectors.ts";
import { countDocketCalls } from "./metrics/docket-calls.ts";
import { createMetrics, type Metrics } from "./metrics/metrics.ts";
import { createAlerts, type DigestScheduler, type Outbox } from "./features/alerts/index.ts";
import { createCalendarRouter, isFeedPath } from "./features/calendar/index.ts";
import { createBudgetWatch, createHeldFeeExpiry } from "./features/budgets/index.ts";
import { createUsageLedger } from "./features/usage/index.ts";
import { createSlackApp, type SlackApp } from "./slack/app.ts";
import { createHomeSections } from "./slack/home-sections.ts";
import { createAlertAddOns } from "./slack/alert-add-ons.ts";
import { register } from "./features/register.ts";
import { createReminders, type ReminderScheduler } from "./features/deadlines/index.ts";
import { createReconciler } from "./features/tracking/index.ts";
import { openSqliteStore } from "./store/sqlite/sqlite-store.ts";
import type { Store } from "./store/store.ts";
import type { SharedBudget, SharedToken } from "./docket/shared.ts";

export interface Docketbot {
  /** Where the HTTP server listens, e.g. http://127.0.0.1:3000 */
  url: string;
  docket: DocketClient;
  store: Store;
  slack: SlackApp | undefined;
  /** Posts stored pushes to Slack (issue 5, Delivery); undefined when Slack is not configured. */
  outbox: Outbox | undefined;
  /** Posts channel digests on their schedule (issue 12, item 6); undefined when Slack is not configured. */
  digests: DigestScheduler | undefined;
  /** Posts court-date reminders before each date (issue 16, item 4); undefined when Slack is not configured. */
  reminders: ReminderScheduler | undefined;
  /** Expires held fee actions and tells who asked and the admins; undefined when Slack is not configured. */
  heldFees: ReturnType<typeof createHeldFeeExpiry> | undefined;
  logger: Logger;
  /** Counters and gauges behind GET /metrics; the outbox counts its retries here (metrics/metrics.ts). */
  metrics: Metrics;
  /**
   * Stops accepting, lets in-flight requests finish, stops the outbox, schedules and Slack, and
   * closes the store: all within STOP_BUDGET_MS, however unresponsive Slack or the service are.
   */
  stop(): Promise<void>;
  /** What is still at work (logged when a shutdown starts, and if it has to be cut short). */
  running(): Record<string, number | boolean>;
}

export interface StartOverrides {
  clock?: Clock;
  logger?: Logger;
  /** The address to listen on; default 0.0.0.0 (all interfaces). */
  host?: string;
  /** The docket client's HTTP (undici), e.g. a MockAgent or a tuned Agent; default undici's global one. */
  dispatcher?: Dispatcher;
}

/** The docket client's shared budget and token, kept in the store (docket/shared.ts). */
function sharedDocket(store: Store): { sharedBudget: SharedBudget; sharedToken: SharedToken } {
  return {
    sharedBudget: { take: (key, rate) => store.takeRateSlot(`docket:${key}`, rate) },
    sharedToken: {
      read: () => store.readSharedToken("docket"),
      renew: (stale, login) => store.renewSharedToken("docket", stale, login),
    },
  };
}

/**
 * The Store DATABASE_URL chose: SQLite (a file) or PostgreSQL; both satisfy one contract. The
 * PostgreSQL store (node-postgres and its protocol, types and pool) is loaded only when chosen: a
 * SQLite bot, the embedded default, never carries it.
 */
async function openStore(database: DatabaseConfig, clock: Clock, logger: Logger): Promise<Store> {
  if (database.kind === "sqlite") return openSqliteStore({ path: database.path, clock, logger });
  const { openPostgresStore } = await import("./store/postgres/postgres-store.ts");
  return openPostgresStore({ connectionString: database.url, clock, logger });
}

export async function start(config: Config, overrides: StartOverrides = {}): Promise<Docketbot> {
  const clock = overrides.clock ?? systemClock;
  const logger =
    overrides.logger ?? createLogger({ level: config.logLevel, base: { service: "docketbot" }, secrets: configSecrets(config) });
  const store = await openStore(config.database, clock, logger.child({ component: "store" }));
  const metrics = createMetrics();
  const countCall = countDocketCalls(metrics);
  let slack: SlackApp | undefined;
  // Budget notices at 80% and 100% follow each ledger write (issue 14 item 3); they need Slack once it is up.
  const budgetWatch = createBudgetWatch({ store, clock, logger, admins: new Set(config.admins), client: () => slack?.app.client });
  const recordUsage = createUsageLedger({ store, logger, afterRecord: (entry) => budgetWatch.spent(entry.clientMatter) });
  const docket = createDocketClient({
    apiUrl: config.docket.apiUrl,
    siteUrl: config.docket.siteUrl,
    username: config.docket.username,
    password: config.docket.password,
    testMode: config.docket.testMode,
    // Only the providers that answer (ASK_PROVIDER): the client asks every provider it has a key for.
    providerKeys: Object.fromEntries(config.docket.askProviders.map((p) => [p, config.docket.providerKeys[p]])),
    clock,
    logger: logger.child({ component: "docket" }),
    dispatcher: overrides.dispatcher,
    // The call resolves once its ledger row is written (fee reservations end after it).
    onCall: (event) => {
      countCall(event);
      return recordUsage(event);
    },
    // PostgreSQL may be shared by several replicas (issue 17 item 3): one rate budget and one login
    // token for all of them. One process on SQLite keeps both in memory.
    ...(config.database.kind === "postgres" ? sharedDocket(store) : {}),
  });

  // The legal holidays every court date is counted on (FRCP 6(a)(6)): built once, passed down.
  const holidays = createHolidayCalendar();
  let draining = false;
  const app = createHttpApp({ logger, clock, health: { database: () => store.health() }, isDraining: () => draining });
  metrics.addCollector("store", storeCollector(store));
  metrics.addCollector("store_sql", storeSqlCollector(store));
  metrics.addCollector("docket", docketCollector(docket));
  // Each router sees only its own paths (mountFor): a Slack request or a push passes the others in one turn.
  mountFor(app, isMetricsPath, createMetricsRouter({ metrics, logger, token: config.http.metricsToken }));
  // Matters' calendar feeds (issue 16 item 5): GET /calendar/<token>.ics, 404 like any unknown path otherwise.
  mountFor(app, isFeedPath, createCalendarRouter({ store, clock, logger, siteUrl: config.docket.siteUrl }));

  const { botToken, signingSecret } = config.slack;
  // Without Slack (a push-only or health-only run) pushes are still stored, just not posted.
  const slackAuth = botToken && signingSecret ? { botToken, signingSecret } : undefined;
  // Alerts' extension point: the features register into it (register below), the outbox runs it.
  const alertAddOns = createAlertAddOns();
  const alerts = createAlerts({
    store, clock, logger, metrics, siteUrl: config.docket.siteUrl, holidays, addOns: alertAddOns, admins: config.admins,
    push: config.push.enabled
      ? { path: config.push.path, credentials: config.push.credentials, maxBodyBytes: config.push.maxBodyBytes }
      : undefined,
    slack: slackAuth ? { botToken: slackAuth.botToken, apiUrl: config.slack.apiUrl } : undefined,
    policy: config.outbox,
  });
  mountFor(app, alerts.ownsPath, alerts.router);

  let reminders: ReminderScheduler | undefined;
  let heldFees: ReturnType<typeof createHeldFeeExpiry> | undefined;
  if (slackAuth) {
    const slackApp = (slack = createSlackApp({
      ...slackAuth, appToken: config.slack.appToken, apiUrl: config.slack.apiUrl, http: app, logger, metrics,
    }));
    register(slack.app, {
      docket, store, clock, logger, siteUrl: config.docket.siteUrl, holidays, admins: new Set(config.admins), publicUrl: config.http.publicUrl,
      readerZone: (userId: string) => userTimeZone(slackApp.app.client, userId, "America/New_York"),
      qaEnabled: config.qaEnabled, answeringProviders: config.docket.askProviders.length, testMode: config.docket.testMode, installation: slack.installation,
      // Matter links release held pushes and admins requeue dead ones: wake the outbox at once.
      outbox: alerts,
    }, { home: createHomeSections(), alerts: alertAddOns });
    await slack.start();
    await alerts.start();
    reminders = createReminders({ store, clock, logger: logger.child({ component: "reminders" }), siteUrl: config.docket.siteUrl, client: slack.app.client });
    reminders.start();
    // Held fee actions expire: a week at most, never into the next month (their requester and the admins are told).
    heldFees = createHeldFeeExpiry({ store, clock, logger: logger.child({ component: "held-fees" }), admins: new Set(config.admins), client: slack.app.client });
    heldFees.start();
  }
  // The service's trackers against docketbot's subscriptions, now and daily (issue 13, item 5).
  const reconciler = createReconciler({ docket, store, clock, logger, admins: config.admins, client: slack?.app.client });
  reconciler.start();
  // Last: the plain 404 and the final error handler (no stack, no path in any response; issue 22).
  finishHttpApp(app, { logger });
  const server = await listen(app, config.http.port, overrides.host);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.http.port;
  const url = `http://${overrides.host ?? "127.0.0.1"}:${port}`;
  logger.info({ port, config: describeConfig(config) }, "docketbot is listening");

  const running = () => {
    const outbox = alerts.outbox?.stats();
    return { pushesInFlight: alerts.pushesInFlight, activeLanes: outbox?.activeLanes ?? 0, slackCallsInFlight: outbox?.slackCallsInFlight ?? 0 };
  };
  return {
    url,
    docket,
    store,
    slack,
    outbox: alerts.outbox,
    digests: alerts.digests,
    reminders,
    heldFees,
    logger,
    metrics,
    running,
    async stop() {
      const began = Date.now();
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
      const drained = await alerts.drain(SHUTDOWN_GRACE_MS);
      if (!drained) logger.warn({ inFlight: alerts.pushesInFlight }, "pushes still in flight at the end of the grace period; their senders will retry");
      await closed;
      clearInterval(idleSweep);
      clearTimeout(cut);
      // What talks to Slack or the service stops side by side, within what is left of the budget:
      // the outbox finishes or parks its posts (policy.stopGraceMs) before the store closes; a
      // schedule or reconciliation still waiting on an unresponsive service is left behind.
      const left = STOP_BUDGET_MS - STORE_CLOSE_MS - (Date.now() - began);
      const late = await settleWithin({ outbox: alerts.stop(), reminders: reminders?.stop(), heldFees: heldFees?.stop(), reconciler: reconciler.stop(), slack: slack?.stop() }, left);
      if (late.length > 0) logger.warn({ late, ...running() }, "stopped waiting for these at shutdown");
      // Commits the pending push batch (every acknowledged push is already durable), then closes.
      if ((await settleWithin({ store: store.close() }, STORE_CLOSE_MS)).length > 0) logger.error("the store did not close in time");
      logger.info({ ms: Date.now() - began }, "docketbot stopped");
    },
  };
}

/**
 * Docker sends SIGTERM, then SIGKILL 10 s later (docs.docker.com/reference/cli/docker/container/stop,
 * the default --time): stop() fits in STOP_BUDGET_MS, and main() exits at FORCED_EXIT_MS whatever.
 */
const STOP_BUDGET_MS = 8_000;
const FORCED_EXIT_MS = 9_500;
/** How long requests in flight at shutdown may take to finish (a push's durable commit takes milliseconds). */
const SHUTDOWN_GRACE_MS = 3_000;
/** Kept for closing the store, whatever the rest took. */
const STORE_CLOSE_MS = 1_000;

/** Waits for each of `work` for at most `ms`; the names of those still running then (their failures are theirs to log). */
async function settleWithin(work: Record<string, Promise<unknown> | undefined>, ms: number): Promise<string[]> {
  const done = new Set<string>();
  const all = Promise.allSettled(Object.entries(work).map(async ([name, p]) => {
    await p?.catch(() => undefined);
    done.add(name);
  }));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
  return Object.keys(work).filter((name) => !done.has(name));
}

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
    bot.logger.info({ signal, ...bot.running() }, "shutting down");
    // Whatever still hangs, exit before Docker's SIGKILL: acknowledged pushes are durable already.
    setTimeout(() => {
      bot.logger.error({ ...bot.running() }, "shutdown took too long; exiting now");
      process.exit(1);
    }, FORCED_EXIT_MS).unref();
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
