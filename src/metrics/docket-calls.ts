/**
 * `docketbot_docket_calls_total` by endpoint and outcome (issue 5, Operations) and
 * `docketbot_docket_call_seconds` by endpoint: a docket client `onCall` observer, told about every
 * call, failed or not.
 */
import type { CallEvent } from "../docket/call-info.ts";
import type { Metrics } from "./metrics.ts";

export function countDocketCalls(metrics: Pick<Metrics, "inc" | "observe">): (event: CallEvent) => void {
  return (event) => {
    metrics.inc("docketbot_docket_calls_total", { endpoint: event.endpoint, outcome: event.outcome });
    metrics.observe("docketbot_docket_call_seconds", { endpoint: event.endpoint }, event.durationMs / 1000);
  };
}
