import { performance } from "node:perf_hooks";
import type { Clock } from "../../src/clock.ts";
import type { PayloadShape } from "./payload-shapes.ts";
import { slackSignatureHeaders } from "./signing.ts";

/**
 * Sends the bot signed requests as Slack does and times the acknowledgement. Slack waits 3 seconds
 * for an HTTP 200 (https://docs.slack.dev/interactivity/handling-user-interaction#acknowledgment_response);
 * later, it shows the user an error (a slash command "failed with the error operation_timeout") and
 * ignores whatever the app answered. The stand-in waits longer than that (ackWaitMs) so a test can
 * see how late the bot was.
 */
export type DeliveryKind =
  | "command" | "block_actions" | "view_submission" | "message_action" | "shortcut" | "event" | "url_verification"
  | "app_rate_limited";

export interface Delivery {
  kind: DeliveryKind;
  /** What was sent: the form fields of a command, else the JSON payload / event envelope. */
  payload: Record<string, unknown>;
  /** 0 when the bot could not be reached. */
  status: number;
  /** The answer, parsed when it is JSON; "" when empty. */
  body: unknown;
  /** Real milliseconds from sending to the end of the answer. */
  ackMs: number;
  lateAck: boolean;
  /** What Slack would show the user: operation_timeout (late), dispatch_failed (not a 200). */
  uiError?: "operation_timeout" | "dispatch_failed";
  /** Network error, or why an acknowledgement body could not be shown. */
  error?: string;
  /** On the stand-in's clock. */
  at: number;
  triggerId?: string;
  responseUrl?: string;
}

export interface SendOptions {
  /** Sign with this secret instead (a wrong one proves the bot checks signatures). */
  signingSecret?: string;
  /** Sign with this X-Slack-Request-Timestamp (Unix seconds) instead of now. */
  timestampSec?: number;
  /**
   * Who acts and how the app is installed (payload-shapes.ts): a person of our workspace
   * ("plain", the default), a Slack Connect partner in a shared channel ("connect"), or an
   * Enterprise Grid org-wide install ("org").
   */
  shape?: PayloadShape;
  /**
   * A redelivery of an event Slack thinks went unanswered: X-Slack-Retry-Num and
   * X-Slack-Retry-Reason headers (https://docs.slack.dev/apis/events-api/#retries).
   */
  retry?: { num: number; reason: "http_timeout" | "http_error" | "connection_failed" | "too_many_redirects" | "unknown_error" };
}

export interface BotClientDeps {
  signingSecret: string;
  clock: Clock;
  ackDeadlineMs: number;
  ackWaitMs: number;
  botUrl: () => string | undefined;
  closing: AbortSignal;
}

export class BotClient {
  readonly deliveries: Delivery[] = [];
  readonly #deps: BotClientDeps;

  constructor(deps: BotClientDeps) {
    this.#deps = deps;
  }

  get hasBot(): boolean {
    return this.#deps.botUrl() !== undefined;
  }

  async form(kind: DeliveryKind, fields: Record<string, string>, options: SendOptions = {}): Promise<Delivery> {
    return this.#send(kind, fields, "application/x-www-form-urlencoded", new URLSearchParams(fields).toString(), options);
  }

  /** Interactivity: a form with one field, `payload`, holding the JSON. */
  async interaction(kind: DeliveryKind, payload: Record<string, unknown>, options: SendOptions = {}): Promise<Delivery> {
    const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
    return this.#send(kind, payload, "application/x-www-form-urlencoded", body, options);
  }

  async json(kind: DeliveryKind, payload: Record<string, unknown>, options: SendOptions = {}): Promise<Delivery> {
    return this.#send(kind, payload, "application/json", JSON.stringify(payload), options);
  }

  async #send(kind: DeliveryKind, payload: Record<string, unknown>, type: string, body: string, options: SendOptions): Promise<Delivery> {
    const url = this.#deps.botUrl();
    if (!url) throw new Error("The Slack stand-in has no bot URL: pass botUrl or call setBotUrl()");
    // Signatures use real time: the bot checks them against its own clock (5-minute window).
    const timestamp = options.timestampSec ?? Math.floor(Date.now() / 1000);
    const headers = {
      "Content-Type": type,
      "User-Agent": "Slackbot 1.0 (+https://api.slack.com/robots)",
      ...slackSignatureHeaders(options.signingSecret ?? this.#deps.signingSecret, timestamp, body),
      ...(options.retry ? { "X-Slack-Retry-Num": String(options.retry.num), "X-Slack-Retry-Reason": options.retry.reason } : {}),
    };
    const at = this.#deps.clock.now();
    const started = performance.now();
    const signal = AbortSignal.any([this.#deps.closing, AbortSignal.timeout(this.#deps.ackWaitMs)]);
    let delivery: Delivery;
    try {
      const res = await fetch(url, { method: "POST", headers, body, signal });
      const text = await res.text();
      const ackMs = performance.now() - started;
      const lateAck = ackMs > this.#deps.ackDeadlineMs;
      delivery = {
        kind, payload, status: res.status, body: parseBody(text, res.headers.get("content-type")), ackMs, lateAck, at,
        ...(lateAck ? { uiError: "operation_timeout" as const } : res.status !== 200 ? { uiError: "dispatch_failed" as const } : {}),
      };
    } catch (e) {
      const ackMs = performance.now() - started;
      const lateAck = ackMs > this.#deps.ackDeadlineMs;
      delivery = {
        kind, payload, status: 0, body: "", ackMs, lateAck, at, uiError: lateAck ? "operation_timeout" : "dispatch_failed",
        error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
      };
    }
    this.deliveries.push(delivery);
    return delivery;
  }
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === "") return "";
  if ((contentType ?? "").includes("json") || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
