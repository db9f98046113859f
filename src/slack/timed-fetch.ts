/**
 * The Web API clients' transport, timed: every HTTP request a WebClient makes (each attempt) is
 * observed as docketbot_slack_api_call_seconds by method (src/metrics/metrics.ts). @slack/web-api
 * 8 sends every call through its `fetch` option (WebClientOptions.fetch), so one wrapper sees the
 * Bolt app's client, the clients Bolt makes per request and the outbox's own.
 */
import type { FetchFunction } from "@slack/web-api";
import type { Metrics } from "../metrics/metrics.ts";

/** Slack method names (chat.postMessage, files.getUploadURLExternal): a bounded, known shape. */
const METHOD = /^[a-z]+(?:\.[a-zA-Z]+)+$/;

/** The method a Web API URL calls; an upload URL or anything unexpected gets a fixed label. */
export function slackMethodOf(url: string | URL): string {
  const path = typeof url === "string" ? safePath(url) : url.pathname;
  const m = /\/api\/([^/?#]+)$/.exec(path ?? "");
  if (m && METHOD.test(m[1]!)) return m[1]!;
  return path?.includes("/api/") ? "other" : "upload";
}

function safePath(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

export function timedFetch(metrics: Pick<Metrics, "observe">, base: FetchFunction = globalThis.fetch as unknown as FetchFunction): FetchFunction {
  return async (url, init) => {
    const started = performance.now();
    try {
      return await base(url, init);
    } finally {
      metrics.observe("docketbot_slack_api_call_seconds", { method: slackMethodOf(url) }, (performance.now() - started) / 1000);
    }
  };
}
