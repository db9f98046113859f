/**
 * POST {PUSH_PATH}: the Docket Data Service's pushes (spec, Events; issue 5, Intake).
 *
 *   Basic auth (401) -> JSON only (415) -> size cap (413) -> UTF-8, JSON, PushPayload
 *   (one strict parse: duplicate keys or a bad client_matter 422, issue 22)
 *   -> store.storePush (group-committed, durable) -> 200 -> onStored
 *
 * The service retries every non-200 for hours (spec, Delivery rules), which sets the rules here:
 * 200 only after the push is durably committed, so a 200 is never lost; 503 when the store fails,
 * so the service tries again; and an authenticated push that is not a valid payload is kept in
 * quarantine and answered 200, because refusing it would only bring it back for hours. The same
 * body twice is one push (the store dedupes on its hash) and both deliveries get 200.
 *
 * Logs carry the push's id, type, matter, size and routing, never its text (it can be megabytes
 * of court data) and never the credentials.
 */
import { Router, type Request, type Response } from "express";
import type { Clock } from "../../../clock.ts";
import type { Logger } from "../../../logger.ts";
import type { Metrics } from "../../../metrics/metrics.ts";
import { isStoreError } from "../../../store/errors.ts";
import type { StorePushInput, StorePushResult } from "../../../store/store.ts";
import { createBasicAuth, WWW_AUTHENTICATE, type BasicCredential } from "./auth.ts";
import { isIdentityEncoding, isJsonContentType, readRawBody } from "./body.ts";
import { interpretPushYielding, isRefusal } from "./interpret.ts";
import type { PushParser } from "./push-parser.ts";
import { storable } from "./storable-verdict.ts";
import { lingerOnClose } from "./linger.ts";
import type { AlertsStore } from "../deps.ts";

/** What `onStored` hears after each new push is durably stored (duplicates are not announced). */
export interface PushStoredEvent extends StorePushResult {
  pushType?: string | undefined;
  clientMatter?: string | undefined;
  receivedAt: number;
}

/** What the route answers to: the push URL given to the service (spec, Authentication 5). */
export interface PushRouteOptions {
  /** The push URL's path, e.g. /docket/push (a trailing slash is accepted too). */
  path: string;
  /** The accepted basic-auth pairs: one, or two while credentials rotate. */
  credentials: readonly BasicCredential[];
  /** The largest body read; a larger one is answered 413 without being stored. */
  maxBodyBytes: number;
}

export interface PushRouterDeps extends PushRouteOptions {
  store: Pick<AlertsStore, "storePush">;
  logger: Logger;
  clock: Clock;
  metrics?: Metrics | undefined;
  /** Parses big bodies off the event loop (push-parser.ts); without one, every body in process. */
  parser?: Pick<PushParser, "interpret"> | undefined;
  /**
   * Called after a new push is committed (routed, held or quarantined), once its 200 is on its
   * way: the outbox dispatcher wakes here when `deliveries > 0`. Errors are logged, never answered.
   */
  onStored?: ((event: PushStoredEvent) => void | Promise<void>) | undefined;
}

export interface PushIntake {
  router: Router;
  /** The paths the router answers: the push path, with or without a trailing slash. */
  ownsPath(path: string): boolean;
  /** Push requests being read, stored or answered now. */
  readonly inFlight: number;
  /**
   * For shutdown: new pushes get 503 (the service retries) and this resolves once every push in
   * flight has been stored and answered (true), or after `timeoutMs` (false).
   */
  drain(timeoutMs: number): Promise<boolean>;
}

export function createPushRouter(deps: PushRouterDeps): PushIntake {
  const { store, clock, metrics, path, maxBodyBytes } = deps;
  const authorised = createBasicAuth(deps.credentials);
  const ownsPath = (p: string) => p === path || p === `${path}/`;
  const router = Router();
  let inFlight = 0;
  let closing = false;
  const idle = new Set<() => void>();

  const track = (res: Response) => {
    inFlight += 1;
    metrics?.set("docketbot_push_requests_in_flight", inFlight);
    res.once("close", () => {
      inFlight -= 1;
      metrics?.set("docketbot_push_requests_in_flight", inFlight);
      if (inFlight === 0) for (const wake of idle) wake();
    });
  };

  router.use(async (req, res, next) => {
    if (!ownsPath(req.path)) return next();
    if (req.method !== "POST") {
      res.status(405).setHeader("Allow", "POST").json({ ok: false, error: "pushes are POSTed" });
      return;
    }
    metrics?.inc("docketbot_pushes_received_total");
    const receivedAt = performance.now();
    res.once("finish", () => {
      if (res.statusCode >= 200 && res.statusCode < 300) metrics?.observe("docketbot_push_intake_seconds", (performance.now() - receivedAt) / 1000);
    });
    track(res);
    try {
      await handle(req, res);
    } catch (err) {
      // Not stored (or not known to be): anything but 200 makes the service try again.
      const log: Logger = res.locals.log ?? deps.logger;
      log.error({ err }, "push intake failed");
      if (!res.headersSent) reply(res, 500, "internal error; try again", { close: true });
    }
  });

  async function handle(req: Request, res: Response): Promise<void> {
    const log: Logger = res.locals.log ?? deps.logger;
    if (closing) {
      metrics?.inc("docketbot_pushes_rejected_total", { reason: "unavailable" });
      reply(res, 503, "shutting down; try again", { close: true });
      return;
    }
    // An unauthenticated body is never kept: it is discarded while the connection closes (linger.ts).
    if (!authorised(req.headers.authorization)) {
      metrics?.inc("docketbot_pushes_unauthorized_total");
      log.warn({ push: { hasAuthorization: req.headers.authorization !== undefined } }, "push refused: bad or missing credentials");
      res.setHeader("WWW-Authenticate", WWW_AUTHENTICATE);
      reply(res, 401, "unauthorized", { close: true });
      return;
    }
    const contentType = req.headers["content-type"];
    if (!isJsonContentType(contentType) || !isIdentityEncoding(req.headers["content-encoding"])) {
      metrics?.inc("docketbot_pushes_rejected_total", { reason: "unsupported_media_type" });
      log.warn({ push: { contentType: contentType?.slice(0, 100), contentEncoding: req.headers["content-encoding"] } }, "push refused: not JSON");
      reply(res, 415, "pushes are application/json", { close: true });
      return;
    }

    const body = await readRawBody(req, maxBodyBytes);
    if (!body.ok) {
      if (body.reason === "aborted") {
        metrics?.inc("docketbot_pushes_rejected_total", { reason: "aborted" });
        log.warn("push abandoned: the sender went away mid-body; nothing stored");
        return;
      }
      metrics?.inc("docketbot_pushes_rejected_total", { reason: "too_large" });
      log.warn({ push: { limitBytes: maxBodyBytes, declaredBytes: req.headers["content-length"] } }, "push refused: body too large");
      reply(res, 413, `the body is over ${maxBodyBytes} bytes`, { close: true });
      return;
    }

    const receivedAt = clock.now();
    const size = body.bytes.length; // the parser may take the bytes (transferred to its worker)
    const verdict = deps.parser ? await deps.parser.interpret(body.bytes) : storable(await interpretPushYielding(body.bytes));
    if (isRefusal(verdict)) {
      // Issue 22, item 1: a body consumers could read two ways, or a matter no channel could have,
      // is refused with its problem named (RFC 9110 section 15.5.21), never stored nor 5xx'd.
      metrics?.inc("docketbot_pushes_rejected_total", { reason: verdict.code });
      log.warn({ push: { bytes: size, code: verdict.code, reason: verdict.reason } }, "push refused: its JSON cannot be read one way");
      res.status(422).json({ ok: false, error: verdict.reason, code: verdict.code });
      return;
    }
    if (verdict.sanitized) log.warn({ push: { fields: verdict.sanitized } }, "push text sanitized: unstorable characters replaced with U+FFFD");
    const input: StorePushInput = {
      body: verdict.body, receivedAt, pushType: verdict.pushType, clientMatter: verdict.clientMatter, target: verdict.target ?? null,
      ...(verdict.ok ? {} : { quarantineReason: verdict.reason }),
    };

    let result: StorePushResult;
    try {
      result = await store.storePush(input);
    } catch (err) {
      metrics?.inc("docketbot_pushes_rejected_total", { reason: "unavailable" });
      log.error({ err, code: isStoreError(err) ? err.code : undefined, push: { bytes: size } }, "push not stored; answered 503 so the service retries");
      reply(res, 503, "could not store the push; try again", {});
      return;
    }

    const summary = {
      id: result.id, type: input.pushType, matter: input.clientMatter, bytes: size,
      duplicate: result.duplicate, routing: result.routing, deliveries: result.deliveries,
    };
    // This line stands for the request's access line too (src/http/app.ts): one line per push.
    const request = { method: req.method, path: req.path, status: 200, ms: msSince(res, clock) };
    res.locals.requestLogged = true;
    if (result.duplicate) {
      metrics?.inc("docketbot_pushes_duplicate_total");
      log.info({ push: summary, ...request }, "push duplicate: already stored, nothing new");
    } else {
      metrics?.inc("docketbot_pushes_stored_total", { routing: result.routing });
      if (!verdict.ok) {
        metrics?.inc("docketbot_pushes_quarantined_total", { reason: verdict.kind });
        log.warn({ push: { ...summary, reason: verdict.reason }, ...request }, "push quarantined: authenticated but not a valid payload");
      } else {
        log.info({ push: summary, ...request }, "push stored");
      }
    }
    reply(res, 200, undefined, { close: closing });
    if (!result.duplicate) announce({ ...result, pushType: input.pushType, clientMatter: input.clientMatter, receivedAt }, log);
  }

  function announce(event: PushStoredEvent, log: Logger): void {
    if (!deps.onStored) return;
    try {
      Promise.resolve(deps.onStored(event)).catch((err: unknown) => log.error({ err, push: { id: event.id } }, "onStored subscriber failed"));
    } catch (err) {
      log.error({ err, push: { id: event.id } }, "onStored subscriber failed");
    }
  }

  return {
    router,
    ownsPath,
    get inFlight() {
      return inFlight;
    },
    drain(timeoutMs) {
      closing = true;
      if (inFlight === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = (drained: boolean) => {
          clearTimeout(timer);
          idle.delete(wake);
          resolve(drained);
        };
        const wake = () => done(true);
        // Real time: this bounds real I/O (a sender still uploading), like the server's own grace.
        const timer = setTimeout(() => done(false), timeoutMs);
        timer.unref();
        idle.add(wake);
      });
    },
  };
}

/** Time since the HTTP app saw the request (src/http/app.ts sets res.locals.startedAt). */
function msSince(res: Response, clock: Clock): number | undefined {
  const started: unknown = res.locals.startedAt;
  return typeof started === "number" ? clock.now() - started : undefined;
}

/** A short JSON answer; `close` ends the connection after it (unread body, or shutting down). */
function reply(res: Response, status: number, error: string | undefined, options: { close?: boolean }): void {
  if (options.close) {
    res.setHeader("Connection", "close");
    lingerOnClose(res.req); // a body still arriving is drained, so the sender reads this answer (issue 22)
  }
  res.status(status).json(error === undefined ? { ok: true } : { ok: false, error });
}
