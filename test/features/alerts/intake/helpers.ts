/**
 * The push route alone over real HTTP on loopback: our HTTP app (request logging, correlation
 * ids) with only the push router mounted, a real SQLite store in memory (or any stand-in), and
 * a capturing, redacting logger.
 */
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { systemClock } from "../../../../src/clock.ts";
import { createHttpApp } from "../../../../src/http/app.ts";
import { createLogger } from "../../../../src/logger.ts";
import { createMetrics, type Metrics } from "../../../../src/metrics/metrics.ts";
import { createPushRouter, type PushIntake, type PushStoredEvent } from "../../../../src/features/alerts/intake/route.ts";
import type { TransactionEvent } from "../../../../src/store/sqlite/context.ts";
import { openSqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import type { Store } from "../../../../src/store/store.ts";

export const PATH = "/docket/push";
export const USER = "docket-hook";
export const PASS = "pw-Push$ecret-123";
export const USER2 = "docket-hook-next";
export const PASS2 = "pw-Rotated-456";
export const LIMIT = 4096;

export const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
export const AUTH = basic(USER, PASS);

export interface LogLine {
  level: number;
  msg: string;
  push?: Record<string, unknown>;
  [k: string]: unknown;
}

export function captureLogs() {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      raw.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return {
    stream,
    raw,
    lines: (): LogLine[] => raw.map((l) => JSON.parse(l) as LogLine),
    text: () => raw.join("\n"),
  };
}

export interface RouteRig {
  url: string;
  store: Store;
  intake: PushIntake;
  metrics: Metrics;
  logs: ReturnType<typeof captureLogs>;
  stored: PushStoredEvent[];
  transactions: TransactionEvent[];
  post(body: string | Uint8Array, init?: { auth?: string | null; contentType?: string | null; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

export interface RouteRigOptions {
  store?: Store;
  /** A database file (default: in memory); with a file, every commit is a real fsync. */
  databasePath?: string;
  maxBodyBytes?: number;
  /** Replaces the rig's own subscriber (which records into `stored`). */
  onStored?: (event: PushStoredEvent) => void | Promise<void>;
}

export async function startRouteRig(options: RouteRigOptions = {}): Promise<RouteRig> {
  const logs = captureLogs();
  const logger = createLogger({ level: "debug", destination: logs.stream, base: {}, secrets: [PASS, PASS2] });
  const transactions: TransactionEvent[] = [];
  const store =
    options.store ?? (await openSqliteStore({ path: options.databasePath ?? ":memory:", clock: systemClock, onTransaction: (e) => transactions.push(e) }));
  const metrics = createMetrics();
  const stored: PushStoredEvent[] = [];
  const app = createHttpApp({ logger, clock: systemClock, health: {} });
  const intake = createPushRouter({
    store,
    path: PATH,
    credentials: [{ username: USER, password: PASS }, { username: USER2, password: PASS2 }],
    maxBodyBytes: options.maxBodyBytes ?? LIMIT,
    logger,
    clock: systemClock,
    metrics,
    onStored:
      options.onStored ??
      ((e) => {
        stored.push(e);
      }),
  });
  app.use(intake.router);
  const server: Server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    store,
    intake,
    metrics,
    logs,
    stored,
    transactions,
    post(body, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const auth = init.auth === undefined ? AUTH : init.auth;
      const type = init.contentType === undefined ? "application/json" : init.contentType;
      if (auth !== null) headers.authorization = auth;
      if (type !== null) headers["content-type"] = type;
      return fetch(`${url}${PATH}`, { method: "POST", headers, body });
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (!options.store) await store.close();
    },
  };
}

/** A docket push body as the service sends it (spec, Events), unique by `n`. */
export function docketPushBody(matter: string, n: number | string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    push_type: "docket",
    client_matter: matter,
    court: "New York Southern District Court",
    docket: "1:23-cv-01234",
    info: { title: "Acme Widgets, Inc. v. Globex Corporation" },
    docket_report: [{ number: String(n), date: "3/3/2026", contents: `<span class='description'>ORDER ${n}</span>` }],
    parties: [],
    ...extra,
  });
}

/** A promise with its resolve exposed. */
export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
