import { LogLevel, WebClient, type Logger } from "@slack/web-api";
import { startSlackStandIn, type SlackStandIn, type SlackStandInOptions } from "../../../sandbox/slack/stand-in.ts";

export const SIGNING_SECRET = "sandbox-signing-secret";
export const BOT_TOKEN = "xoxb-sandbox-bot-token";

export function startStandIn(options: Partial<SlackStandInOptions> = {}): Promise<SlackStandIn> {
  return startSlackStandIn({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, ...options });
}

/** The SDK's own logger would print the stand-in's "[ERROR] ..." response messages; tests stay quiet. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  setLevel: () => undefined,
  getLevel: () => LogLevel.ERROR,
  setName: () => undefined,
};

/** The real @slack/web-api client, pointed at the stand-in, without retries. */
export function webClient(standIn: SlackStandIn, token = BOT_TOKEN, extra: ConstructorParameters<typeof WebClient>[1] = {}): WebClient {
  return new WebClient(token, { slackApiUrl: standIn.apiUrl, retryConfig: { retries: 0 }, logger: silentLogger, ...extra });
}

/** The Slack error code of a rejected Web API call. */
export async function slackError(call: Promise<unknown>): Promise<{ code?: string; error?: string; data?: Record<string, unknown>; retryAfter?: number }> {
  try {
    await call;
  } catch (e) {
    const err = e as { code?: string; data?: Record<string, unknown>; retryAfter?: number };
    return { code: err.code, error: err.data?.error as string | undefined, data: err.data, retryAfter: err.retryAfter };
  }
  throw new Error("expected the call to fail");
}
