import type { Clock } from "../../src/clock.ts";
import type { SandboxLogger } from "./context.ts";
import type { Faults } from "./faults.ts";
import type { PushPayload } from "./push-payloads.ts";
import { retryDelayMs, MAX_RETRIES } from "./push-retry.ts";

/**
 * Delivers pushes (spec Events, "Delivery rules"): an HTTP POST with a JSON body; only HTTP 200
 * counts as delivered; anything else (other statuses, redirects, network errors) is retried up to
 * 10 times, 10 minutes to 4 hours apart on the injected clock. Basic-auth credentials embedded in
 * the callback URL (Authentication 5) go in an Authorization header and never into logs or
 * `_api_push_debug_info`.
 */
export interface PushAttempt {
  at: number;
  user: string;
  /** The callback URL without credentials. */
  url: string;
  push_type: string;
  /** The exact bytes sent. */
  payload: string;
  /** 0 for the first delivery, 1..10 for retries. */
  attempt: number;
  status: number | null;
  error?: string;
  willRetry: boolean;
  /** A second, byte-identical delivery caused by faults.pushDuplicates. */
  duplicate: boolean;
}

export interface PushDebugInfo {
  response_code: number | null;
  request_url: string | null;
  request_payload: string | null;
  will_retry: boolean;
  error_message: string | null;
}

/** A long demo run keeps only the most recent attempts. */
const MAX_LOG = 10_000;

interface Pending {
  user: string;
  pushUrl: string;
  payload: PushPayload;
  retry: boolean;
}

export class PushDelivery {
  readonly log: PushAttempt[] = [];
  readonly #clock: Clock;
  readonly #faults: Faults;
  readonly #logger: SandboxLogger;
  readonly #timeScale: number;
  readonly #closing = new AbortController();
  readonly #last = new Map<string, PushAttempt>();
  #held: Pending | undefined;

  constructor(deps: { clock: Clock; faults: Faults; logger: SandboxLogger; timeScale: number }) {
    this.#clock = deps.clock;
    this.#faults = deps.faults;
    this.#logger = deps.logger;
    this.#timeScale = deps.timeScale > 0 ? deps.timeScale : 1;
  }

  /**
   * Delivers now and resolves with the first attempt (undefined when the out-of-order fault holds it
   * back); retries, when allowed, continue in the background on the clock.
   */
  async send(user: string, pushUrl: string, payload: PushPayload, opts: { retry?: boolean } = {}): Promise<PushAttempt | undefined> {
    const p: Pending = { user, pushUrl, payload, retry: opts.retry ?? true };
    const held = this.#held;
    if (this.#faults.pushOutOfOrder && !held) {
      this.#held = p;
      return undefined;
    }
    this.#held = undefined;
    if (held && !this.#faults.pushOutOfOrder) await this.#deliver(held);
    const first = await this.#deliver(p);
    if (held && this.#faults.pushOutOfOrder) await this.#deliver(held);
    return first;
  }

  /** Delivers a push held back by the out-of-order fault, if any. */
  async flushHeld(): Promise<void> {
    const held = this.#held;
    this.#held = undefined;
    if (held) await this.#deliver(held);
  }

  debugInfo(user: string): PushDebugInfo {
    const a = this.#last.get(user);
    if (!a) return { response_code: null, request_url: null, request_payload: null, will_retry: false, error_message: null };
    return {
      response_code: a.status,
      request_url: a.url,
      request_payload: a.payload,
      will_retry: a.willRetry,
      error_message: a.error ?? null,
    };
  }

  close(): void {
    this.#closing.abort(new Error("docket service closed"));
  }

  async #deliver(p: Pending): Promise<PushAttempt> {
    const body = JSON.stringify(p.payload);
    const first = await this.#attempt(p, body, 0, false);
    if (this.#faults.pushDuplicates) await this.#attempt(p, body, 0, true);
    if (first.willRetry) void this.#retryLoop(p, body);
    return first;
  }

  async #retryLoop(p: Pending, body: string): Promise<void> {
    try {
      for (let n = 1; n <= MAX_RETRIES; n++) {
        await this.#clock.sleep(retryDelayMs(n) / this.#timeScale, this.#closing.signal);
        const a = await this.#attempt(p, body, n, false);
        if (!a.willRetry) return;
      }
    } catch {
      // closed while waiting: no more retries
    }
  }

  async #attempt(p: Pending, body: string, attempt: number, duplicate: boolean): Promise<PushAttempt> {
    let status: number | null = null;
    let error: string | undefined;
    let url = "(invalid URL)";
    try {
      const split = splitCredentials(p.pushUrl);
      url = split.url;
      const authorization = split.authorization;
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body,
        redirect: "manual",
        signal: AbortSignal.any([AbortSignal.timeout(10_000), this.#closing.signal]),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (status !== 200) error = `Push endpoint answered HTTP ${status}`;
    } catch (e) {
      error = `Push delivery failed: ${e instanceof Error ? e.message : String(e)}`;
    }
    const a: PushAttempt = {
      at: this.#clock.now(),
      user: p.user,
      url,
      push_type: p.payload.push_type,
      payload: body,
      attempt,
      status,
      ...(error ? { error } : {}),
      willRetry: status !== 200 && p.retry && attempt < MAX_RETRIES && !duplicate && !this.#closing.signal.aborted,
      duplicate,
    };
    this.log.push(a);
    if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
    if (!duplicate) this.#last.set(p.user, a);
    this.#logger.info({ push: { url, status, attempt, push_type: a.push_type } }, "push attempt");
    return a;
  }
}

/** `http://user:pass@host/path` -> the URL without userinfo plus a Basic Authorization header. */
export function splitCredentials(raw: string): { url: string; authorization?: string } {
  const u = new URL(raw);
  if (!u.username && !u.password) return { url: u.toString() };
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = "";
  u.password = "";
  return { url: u.toString(), authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}` };
}
