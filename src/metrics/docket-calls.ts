/**
 * `docketbot_docket_calls_total` by endpoint and outcome (issue 5, Operations): a docket client
 * `onCall` observer, told about every call, failed or not.
 */
import type { CallEvent } from "../docket/call-info.ts";
import type { Metrics } from "./metrics.ts";

export function countDocketCalls(metrics: Pick<Metrics, "inc">): (event: CallEvent) => void {
  return (event) => metrics.inc("docketbot_docket_calls_total", { endpoint: event.endpoint, outcome: event.outcome });
}
