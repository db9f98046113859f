/**
 * Faults a test can inject into the stand-in's Web API. `method` is a Web API method name
 * ("chat.postMessage") or "*" for every method. Rate limits answer like Slack's
 * (https://docs.slack.dev/apis/web-api/rate-limits): HTTP 429, a Retry-After header in seconds, and
 * `{ ok: false, error: "ratelimited" }`.
 */
export type FaultOutcome =
  | { kind: "ratelimited"; retryAfterSec: number }
  | { kind: "error"; error: string }
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

export class SlackFaults {
  #armed: Armed[] = [];
  readonly #latency = new Map<string, number>();

  rateLimit(method: string, options: RateLimitOptions): void {
    this.#armed.push({
      method, channel: options.channel, remaining: options.times ?? 1,
      outcome: { kind: "ratelimited", retryAfterSec: options.retryAfterSec },
    });
  }

  /** The next `times` calls fail: with a Slack error code (HTTP 200), or with an HTTP status. */
  failNext(method: string, failure: string | number, times = 1): void {
    const outcome: FaultOutcome = typeof failure === "number" ? { kind: "http", status: failure } : { kind: "error", error: failure };
    this.#armed.push({ method, outcome, remaining: times });
  }

  /** Every call to `method` answers `ms` later (on the stand-in's clock); 0 removes the delay. */
  latency(method: string, ms: number): void {
    if (ms > 0) this.#latency.set(method, ms);
    else this.#latency.delete(method);
  }

  clear(): void {
    this.#armed = [];
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
    if (!hit) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) this.#armed = this.#armed.filter((a) => a !== hit);
    return hit.outcome;
  }
}
