import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { systemClock, type Clock } from "../../src/clock.ts";
import type { SandboxLogger, ServiceContext } from "./context.ts";
import type { Corpus } from "./corpus/types.ts";
import type { Engines } from "./engines.ts";
import { defaultEngines } from "./engines-default.ts";
import { Faults } from "./faults.ts";
import { sendError } from "./http.ts";
import { Ledger } from "./ledger.ts";
import { LiveCourt } from "./live-court.ts";
import { PushDelivery, type PushAttempt } from "./push-delivery.ts";
import { PushScheduler, type TriggerSpec } from "./push-scheduler.ts";
import { RateLimiter, type RateLimits } from "./rate-limit.ts";
import { askDocketRoutes } from "./routes/ask-docket.ts";
import { documentRoutes } from "./routes/documents.ts";
import { getDocketRoutes } from "./routes/getdocket.ts";
import { loginRoutes } from "./routes/login.ts";
import { searchRoutes } from "./routes/search.ts";
import { searchPacerRoutes } from "./routes/searchpacer.ts";
import { trackRoutes } from "./routes/track.ts";
import { DEMO_USER, Sessions, type SandboxUser } from "./sessions.ts";
import { Trackers } from "./trackers.ts";
import { SiteUrls } from "./urls.ts";
import { courtSegments, defaultCorpus } from "./wiring.ts";

/**
 * The Court Docket Data Service emulator (../shared/spec/docket-data-service.md) on real HTTP.
 * Choices where the spec is silent are documented where they are made: http.ts (statuses, token
 * errors, parameter sources), search.ts and track.ts (limit > 50 rejected), searchpacer.ts (page_max),
 * getdocket.ts (not found), documents.ts (old link form), fees.ts, push-*.ts, trackers.ts.
 */
export interface DocketServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  clock?: Clock;
  seed?: number;
  /** Default: a generated corpus (corpus/index.ts) from `seed` and the clock's now. */
  corpus?: Corpus;
  /** For the generated corpus: ../shared/fixtures/real-dockets, loaded when present. */
  realDocketsDir?: string | URL;
  /** For the generated corpus: how many ordinary cases to generate. */
  corpusSize?: number;
  /** Default: one demo account, demo/demo. */
  users?: SandboxUser[];
  /** Simulated court latency on the clock; default 0. */
  latencyMs?: { searchpacer?: number; default?: number };
  rateLimits?: RateLimits;
  /** Tracker frequencies and push retry delays are divided by this; default 1. */
  timeScale?: number;
  /** false: trackers never fire on their own (triggerPush and test_track still push). Default true. */
  autoPush?: boolean;
  engines?: Partial<Engines>;
  logger?: SandboxLogger;
}

export interface DocketService {
  /** `http://host:port/api/v1/` */
  readonly baseUrl: string;
  /** `http://host:port/` */
  readonly siteUrl: string;
  readonly corpus: Corpus;
  readonly ledger: Ledger;
  readonly faults: Faults;
  /** Every push attempt so far, oldest first (duplicates and retries included). */
  readonly pushes: readonly PushAttempt[];
  /** Pushes now to the enabled trackers matching the spec; resolves with their first attempts. */
  triggerPush(spec: TriggerSpec): Promise<PushAttempt[]>;
  /** Delivers a push held back by faults.pushOutOfOrder. */
  flushHeldPushes(): Promise<void>;
  setPushUrl(username: string, url: string | undefined): void;
  /** Successful logins so far, by every account (the replicas test bounds them, issue 17 item 4). */
  readonly logins: number;
  /** Every login token issued so far stops working. */
  expireTokens(): void;
  close(): Promise<void>;
}

const silent: SandboxLogger = { info: () => undefined, warn: () => undefined };

export async function startDocketService(options: DocketServiceOptions = {}): Promise<DocketService> {
  const clock = options.clock ?? systemClock;
  const seed = options.seed ?? 1;
  const logger = options.logger ?? silent;
  const corpus =
    options.corpus ??
    defaultCorpus({
      seed,
      now: clock.now(),
      ...(options.realDocketsDir !== undefined ? { realDocketsDir: options.realDocketsDir } : {}),
      ...(options.corpusSize !== undefined ? { size: options.corpusSize } : {}),
    });
  const engines: Engines = { ...defaultEngines, ...options.engines };
  const faults = new Faults();
  const closing = new AbortController();
  const realTimers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  app.use(express.urlencoded({ extended: false, limit: "1mb" }));

  const host = options.host ?? "127.0.0.1";
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port ?? 0, host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  const port = (server.address() as AddressInfo).port;
  const siteUrl = `http://${host}:${port}/`;
  const sessions = new Sessions(clock, options.users ?? [DEMO_USER]);
  const urls = new SiteUrls(siteUrl, corpus, courtSegments);
  const live = new LiveCourt(engines, seed);
  const trackers = new Trackers();
  const timeScale = options.timeScale ?? 1;
  const pushes = new PushDelivery({ clock, faults, logger, timeScale });
  const scheduler = new PushScheduler({
    clock, corpus, engines, live, urls, trackers, sessions, pushes, timeScale, auto: options.autoPush ?? true,
  });

  const ctx: ServiceContext = {
    clock, corpus, engines, sessions, faults, urls, live, trackers, pushes, scheduler, logger,
    limiter: new RateLimiter(clock, options.rateLimits),
    ledger: new Ledger(),
    latency: { searchpacer: options.latencyMs?.searchpacer ?? 0, default: options.latencyMs?.default ?? 0 },
    courtDelay: (ms) => (ms > 0 ? clock.sleep(ms, closing.signal) : Promise.resolve()),
    realDelay: (ms) =>
      new Promise<void>((resolve) => {
        const entry = { timer: setTimeout(() => (realTimers.delete(entry), resolve()), ms), resolve };
        realTimers.add(entry);
      }),
  };

  const api = express.Router();
  loginRoutes(api, ctx);
  searchRoutes(api, ctx);
  searchPacerRoutes(api, ctx);
  getDocketRoutes(api, ctx);
  askDocketRoutes(api, ctx);
  trackRoutes(api, ctx);
  app.use("/api/v1", api);
  const site = express.Router();
  documentRoutes(site, ctx);
  app.use(site);
  app.use((req: Request, res: Response) => {
    const known = /^\/api\/v1\/(login|search|searchpacer|getdocket|VIDA\/ask_docket|track)\/?$/.test(req.path);
    sendError(res, known ? 405 : 404, known ? `Method ${req.method} not allowed here` : `No such endpoint: ${req.path}`);
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    if (status && status >= 400 && status < 500) return sendError(res, status, "Malformed request");
    logger.warn({ err: String(err) }, "docket service emulator error");
    if (!res.headersSent) sendError(res, 500, "Internal service error");
  });
  logger.info({ baseUrl: `${siteUrl}api/v1/` }, "docket service emulator listening");

  return {
    baseUrl: `${siteUrl}api/v1/`,
    siteUrl,
    corpus,
    ledger: ctx.ledger,
    faults,
    get pushes() {
      return pushes.log;
    },
    get logins() {
      return sessions.logins;
    },
    triggerPush: (spec) => scheduler.trigger(spec),
    flushHeldPushes: () => pushes.flushHeld(),
    setPushUrl: (username, url) => sessions.setPushUrl(username, url),
    expireTokens: () => sessions.expireAll(),
    async close() {
      closing.abort(new Error("docket service closed"));
      scheduler.close();
      pushes.close();
      for (const t of realTimers) (clearTimeout(t.timer), t.resolve());
      realTimers.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
