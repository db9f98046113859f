/**
 * Every call to the service goes through `runCall`: rate limiter -> token -> HTTP with a time
 * limit -> interpretation -> retry decision. One attempt at a time, each attempt waiting its turn
 * in the endpoint's limiter, so retries never push us over the budget either.
 */
import type { Dispatcher } from "undici";
import type { Clock } from "../clock.ts";
import type { Logger } from "../logger.ts";
import { DocketError, DocketErrorCode, isDocketError } from "./errors.ts";
import type { Endpoint } from "./endpoints.ts";
import { BodyTooLargeError, headerValue, sendHttp, type HttpResponse } from "./http.ts";
import { QueueFullError, type RateLimiter } from "./rate-limiter.ts";
import { decideRetry, parseRetryAfter, type RetryPolicy } from "./retry.ts";
import { statusError } from "./responses.ts";
import type { Session } from "./session.ts";

export type Params = Record<string, string | readonly string[] | undefined>;

export interface PipelineDeps {
  clock: Clock;
  random: () => number;
  logger: Logger;
  dispatcher?: Dispatcher | undefined;
  limiters: Readonly<Record<Endpoint, RateLimiter>>;
  session: Session;
  retryPolicy: RetryPolicy;
  timeoutsMs: Readonly<Record<Endpoint, number>>;
  maxBodyBytes: number;
  userAgent: string;
}

export interface Call<T> {
  endpoint: Endpoint;
  method: "GET" | "POST";
  /** Address without any secret; the token is added per attempt. */
  url: URL;
  params: Params;
  /** Extra headers (provider keys): sent, never logged. */
  headers?: Record<string, string>;
  /** Whether to send login_token (everything but login/). */
  authenticated: boolean;
  /** Whether repeating after an ambiguous failure can never cost money (see retry.ts). */
  repeatable: boolean;
  /** Follow redirects that stay on the same origin (spec: documents answer 302 for old links). */
  followRedirects?: boolean;
  /** Turns a 2xx answer into the result, or throws a DocketError. */
  interpret: (res: HttpResponse) => T;
  signal?: AbortSignal | undefined;
  logger?: Logger | undefined;
}

export interface CallOutcome<T> {
  value: T;
  attempts: number;
}

const MAX_REDIRECTS = 3;
/** Connection failures that prove the request never reached the service: safe to repeat. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT", "EHOSTUNREACH"]);

export async function runCall<T>(deps: PipelineDeps, call: Call<T>): Promise<CallOutcome<T>> {
  // The call's child logger is made when a line is written: most calls write none at info.
  const base = call.logger ?? deps.logger;
  let child: Logger | undefined;
  const log = () => (child ??= base.child({ endpoint: call.endpoint }));
  const startedAt = deps.clock.now();
  let renewedFor: string | undefined;
  for (let attempt = 1; ; attempt++) {
    let token: string | undefined;
    let notSent = false;
    try {
      throwIfAborted(call);
      await acquire(deps, call);
      token = call.authenticated ? await deps.session.token(call.signal) : undefined;
      const res = await attemptOnce(deps, call, token);
      if (base.isLevelEnabled("debug")) log().debug({ attempt, status: res.status, ms: deps.clock.now() - startedAt }, "docket call answered");
      return { value: call.interpret(res), attempts: attempt };
    } catch (raw) {
      const error = toDocketError(raw, call);
      notSent = NOT_SENT.has(errorCodeOf(raw));
      if (error.code === DocketErrorCode.AuthFailed && call.authenticated && token !== undefined && renewedFor === undefined) {
        // Spec, Authentication: obtain a new token after expiry. Renew once, then retry the call
        // without counting it against the retry budget.
        renewedFor = token;
        log().info({ attempt }, "login token rejected; renewing once");
        await deps.session.renew(token, call.signal);
        attempt--;
        continue;
      }
      const decision = decideRetry(
        {
          attempt,
          elapsedMs: deps.clock.now() - startedAt,
          code: error.code,
          retryAfterMs: error.retryAfterMs,
          repeatable: call.repeatable || notSent,
        },
        deps.retryPolicy,
        deps.random,
      );
      if (!decision.retry) {
        if (base.isLevelEnabled("debug")) log().debug({ attempt, code: error.code, status: error.status, reason: decision.reason }, "docket call failed");
        throw error.withAttempts(attempt);
      }
      log().warn({ attempt, code: error.code, status: error.status, delayMs: decision.delayMs }, "docket call will be retried");
      await deps.clock.sleep(decision.delayMs, call.signal).catch(() => throwIfAborted(call));
    }
  }
}

async function acquire(deps: PipelineDeps, call: Call<unknown>): Promise<void> {
  try {
    await deps.limiters[call.endpoint].acquire(call.signal);
  } catch (e) {
    if (e instanceof QueueFullError) {
      throw new DocketError(DocketErrorCode.QueueFull, `too many ${call.endpoint} calls waiting: ${e.message}`, {
        endpoint: call.endpoint,
        cause: e,
      });
    }
    throw e;
  }
}

/** Marks our own time limit, to tell it apart from the caller's abort. */
class AttemptTimeout extends Error {
  override readonly name = "AttemptTimeout";
}

async function attemptOnce(deps: PipelineDeps, call: Call<unknown>, token: string | undefined): Promise<HttpResponse> {
  const timeoutMs = deps.timeoutsMs[call.endpoint];
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(call.signal?.reason);
  call.signal?.addEventListener("abort", onCallerAbort, { once: true });
  // The time limit bounds real I/O, so it runs on a real timer; the injected clock governs our own
  // waiting (backoff, rate limits, token age). Timeouts are tested against real local servers.
  const timer = setTimeout(() => controller.abort(new AttemptTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    let url = call.url;
    for (let hop = 0; ; hop++) {
      const res = await sendHttp(buildRequest(deps, call, url, token, controller.signal), deps.dispatcher);
      const location = headerValue(res.headers, "location");
      if (call.followRedirects && isRedirect(res.status) && location && hop < MAX_REDIRECTS) {
        const next = new URL(location, url);
        // Never carry login_token to another host: a redirect off the service's origin is refused.
        if (next.origin !== call.url.origin) {
          throw new DocketError(DocketErrorCode.InvalidResponse, `${call.endpoint} redirected off the service's site`, {
            endpoint: call.endpoint,
            status: res.status,
            field: "location",
          });
        }
        url = new URL(next.pathname, next);
        continue;
      }
      if (res.status < 200 || res.status > 299) {
        throw statusError(call.endpoint, res, parseRetryAfter(res.headers["retry-after"], deps.clock.now()));
      }
      return res;
    }
  } catch (e) {
    if (controller.signal.aborted && controller.signal.reason instanceof AttemptTimeout && !isDocketError(e)) {
      throw new DocketError(DocketErrorCode.Timeout, `${call.endpoint}: ${controller.signal.reason.message}`, {
        endpoint: call.endpoint,
        cause: controller.signal.reason,
      });
    }
    throw e;
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener("abort", onCallerAbort);
  }
}

function buildRequest(deps: PipelineDeps, call: Call<unknown>, url: URL, token: string | undefined, signal: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(call.params)) {
    if (value === undefined) continue;
    for (const v of typeof value === "string" ? [value] : value) params.append(key, v);
  }
  if (token !== undefined) params.set("login_token", token);
  const headers: Record<string, string> = { "user-agent": deps.userAgent, accept: "application/json, application/pdf", ...call.headers };
  if (call.method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    return { method: call.method, url, headers, body: params.toString(), signal, maxBodyBytes: deps.maxBodyBytes };
  }
  const target = new URL(url);
  for (const [k, v] of params) target.searchParams.append(k, v);
  return { method: call.method, url: target, headers, signal, maxBodyBytes: deps.maxBodyBytes };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function throwIfAborted(call: Call<unknown>): void {
  if (call.signal?.aborted) {
    throw new DocketError(DocketErrorCode.Aborted, `${call.endpoint} call cancelled`, {
      endpoint: call.endpoint,
      cause: call.signal.reason,
    });
  }
}

function errorCodeOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code ?? (e as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === "string" ? code : "";
}

function toDocketError(e: unknown, call: Call<unknown>): DocketError {
  if (isDocketError(e)) return e;
  const endpoint = call.endpoint;
  if (call.signal?.aborted) {
    return new DocketError(DocketErrorCode.Aborted, `${endpoint} call cancelled`, { endpoint, cause: call.signal.reason });
  }
  if (e instanceof BodyTooLargeError) {
    return new DocketError(DocketErrorCode.InvalidResponse, `${endpoint}: ${e.message}`, { endpoint, field: "(body)", cause: e });
  }
  const code = errorCodeOf(e);
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return new DocketError(DocketErrorCode.Timeout, `${endpoint}: the service stopped answering (${code})`, { endpoint, cause: e });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new DocketError(DocketErrorCode.Network, `${endpoint}: network failure${code ? ` (${code})` : ""}: ${message}`, {
    endpoint,
    cause: e,
  });
}
