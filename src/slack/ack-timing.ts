/**
 * docketbot_slack_ack_seconds: from a Slack request's receipt to its ack (Slack's 3-second rule:
 * docs.slack.dev/interactivity/handling-user-interaction#acknowledgment_response). Over HTTP the
 * receipt is stamped by a middleware mounted before Bolt's receiver (so reading and verifying the
 * body count) and handed to processEvent as a custom property (ExpressReceiver's
 * customPropertiesExtractor); in Socket Mode the clock starts when Bolt dispatches the envelope.
 */
import type { App } from "@slack/bolt";
import type { NextFunction, Request, Response } from "express";
import type { Metrics } from "../metrics/metrics.ts";

const RECEIVED_AT = "docketbotReceivedAt";
const stamps = new WeakMap<Request, number>();

/** Express middleware: remembers when the request arrived. */
export function stampReceipt(req: Request, _res: Response, next: NextFunction): void {
  stamps.set(req, performance.now());
  next();
}

/** ExpressReceiver's customPropertiesExtractor: the receipt time, when stamped. */
export function receiptOf(req: Request): Record<string, number> {
  const at = stamps.get(req);
  return at === undefined ? {} : { [RECEIVED_AT]: at };
}

/** What kind of request a body is: a bounded label (never the command text, team or user). */
export function ackKind(body: unknown): "command" | "interactivity" | "event" {
  const b = body as { command?: unknown; type?: unknown; event?: unknown };
  if (typeof b.command === "string") return "command";
  if (b.type === "event_callback" || b.type === "url_verification" || b.event !== undefined) return "event";
  return "interactivity";
}

/** Wraps every event's ack so that its first call is observed. */
export function timeAcks(app: InstanceType<typeof App>, metrics: Pick<Metrics, "observe">): void {
  const dispatch = app.processEvent.bind(app);
  app.processEvent = (event) => {
    const stamped = (event.customProperties as Record<string, unknown> | undefined)?.[RECEIVED_AT];
    const receivedAt = typeof stamped === "number" ? stamped : performance.now();
    const ack = event.ack;
    let acked = false;
    event.ack = (response) => {
      if (!acked) {
        acked = true;
        metrics.observe("docketbot_slack_ack_seconds", { kind: ackKind(event.body) }, (performance.now() - receivedAt) / 1000);
      }
      return ack(response);
    };
    return dispatch(event);
  };
}
