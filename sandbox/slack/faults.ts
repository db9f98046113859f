import type { Clock } from "../../src/clock.ts";

/**
 * Faults a test can inject into the stand-in's Web API. `method` is a Web API method name
 * ("chat.postMessage") or "*" for every method. Rate limits answer like Slack's
 * (https://docs.slack.dev/apis/web-api/rate-limits): HTTP 429, a Retry-After header in seconds, and
 * `{ ok: false, error: "ratelimited" }`.
 */
export type FaultOutcome =
  | { kind: "ratelimited"; retryAfterSec: number }
  | { kind: "error"; error: string; responseMetadata?: { messages: string[] } }
  | { kind: "http"; status: number };

interface Armed {
  method: string;
  channel?: string;
  outcome: FaultOutcome;
  remaining: number;
}

export interface RateLimitOptions {
  /** Only calls whose `channel` (or `channel_id`) param is this one (Slack limits chat.postMessage per channel). */
  channel?: string;
  retryAfterSec: number;
  /** How many calls to refuse; default 1, Infinity for "until clear()". */
  times?: number;
}

export interface ChannelRateOptions {
  /** Least time between two accepted calls in one channel (Slack's chat.postMessage: 1000, one message per second). */
  intervalMs: number;
  /** Where "now" comes from: the stand-in's own clock. */
  clock: Pick<Clock, "now">;
}

interface ChannelRate extends ChannelRateOptions {
  method: string;
  /** When each channel last had a call accepted. */
  last: Map<string, number>;
}

export class SlackFaults {
  #armed: Armed[] = [];
  #rates: ChannelRate[] = [];
  readonly #latency = new Map<string, number>();

  rateLimit(method: string, options: RateLimitOptions): void {
    this.#armed.push({
      method, channel: options.channel, remaining: options.times ?? 1,
      outcome: { kind: "ratelimited", retryAfterSec: options.retryAfterSec },
    });
  }

  /**
   * Enforces a per-channel rate on `method` until clear(), as Slack does for chat.postMessage ("1
   * message per second per channel", https://docs.slack.dev/apis/web-api/rate-limits), but strictly
   * (no bursts): a call less than `intervalMs` after the last one accepted in its channel is refused
   * with 429 and Retry-After (whole seconds, rounded up). Refused calls do not count, so a client
   * that waits Retry-After gets through. Armed faults (rateLimit, failNext) are taken first.
   */
  enforceChannelRate(method: string, options: ChannelRateOptions): void {
    this.#rates.push({ method, intervalMs: options.intervalMs, clock: options.clock, last: new Map() });
  }

  /**
   * The next `times` calls fail: with a Slack error code (HTTP 200), or with an HTTP status.
   * `messages` become the answer's response_metadata.messages, as Slack explains invalid_blocks
   * ("[ERROR] must be more than 0 characters [json-pointer:/blocks/0/text]").
   */
  failNext(method: string, failure: string | number, times = 1, messages?: string[]): void {
    const outcome: FaultOutcome = typeof failure === "number"
      ? { kind: "http", status: failure }
      : { kind: "error", error: failure, ...(messages ? { responseMetadata: { messages } } : {}) };
    this.#armed.push({ method, outcome, remaining: times });
  }

  /** Every call to `method` answers `ms` later (on the stand-in's clock); 0 removes the delay. */
  latency(method: string, ms: number): void {
    if (ms > 0) this.#latency.set(method, ms);
    else this.#latency.delete(method);
  }

  clear(): void {
    this.#armed = [];
    this.#rates = [];
    this.#latency.clear();
  }

  delayFor(method: string): number {
    return this.#latency.get(method) ?? this.#latency.get("*") ?? 0;
  }

  /** The fault this call runs into, if any (and counts it used). */
  take(method: string, params: Record<string, unknown>): FaultOutcome | undefined {
    const channel = params.channel ?? params.channel_id;
    const hit = this.#armed.find(
      (a) => (a.method === method || a.method === "*") && (a.channel === undefined || a.channel === channel),
    );
    if (!hit) return this.#rateLimited(method, channel);
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.#armed = this.#armed.filter((a) => a !== hit);
    return hit.outcome;
  }

  #rateLimited(method: string, channel: unknown): FaultOutcome | undefined {
    if (typeof channel !== "string") return undefined;
    for (const rate of this.#rates) {
      if (rate.method !== method && rate.method !== "*") continue;
      const now = rate.clock.now();
      const last = rate.last.get(channel);
      if (last !== undefined && now - last < rate.intervalMs) {
        return { kind: "ratelimited", retryAfterSec: Math.max(1, Math.ceil((last + rate.intervalMs - now) / 1000)) };
      }
    }
    for (const rate of this.#rates) if (rate.method === method || rate.method === "*") rate.last.set(channel, rate.clock.now());
    return undefined;
  }
}
