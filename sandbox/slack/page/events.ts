import type { Request, Response } from "express";
import type { SlackStateView, StateChange } from "../state.ts";

/** How often an idle event stream gets a comment line, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * `GET /page/api/events?user=U…`: the workspace's changes as server-sent events
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html), one `data:` line of JSON per
 * change ({ kind, channel?, user?, ts? }). Changes that belong to another person (their ephemeral
 * messages, modals, Home tab) are not sent. The page refetches what a change touches, so alerts
 * pushed by the docket service appear without a reload.
 */
export function streamChanges(state: SlackStateView, user: string, req: Request, res: Response): void {
  res.status(200).set({
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
  });
  res.flushHeaders();
  // The browser reconnects after a second if the stream drops (the stand-in restarting, say).
  res.write("retry: 1000\n\n");
  const send = (change: StateChange) => {
    if (change.user !== undefined && change.user !== user) return;
    res.write(`data: ${JSON.stringify(change)}\n\n`);
  };
  const unsubscribe = state.subscribe(send);
  const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  req.on("close", () => {
    clearInterval(heartbeat);
    unsubscribe();
  });
}
