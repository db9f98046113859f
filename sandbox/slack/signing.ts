import { createHmac } from "node:crypto";

/**
 * Slack's request signature (https://docs.slack.dev/authentication/verifying-requests-from-slack):
 * `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}` under the signing secret, sent with the
 * timestamp (Unix seconds) in X-Slack-Request-Timestamp. Apps reject timestamps over 5 minutes old.
 */
export function slackSignatureHeaders(signingSecret: string, timestampSec: number, rawBody: string): Record<string, string> {
  const digest = createHmac("sha256", signingSecret).update(`v0:${timestampSec}:${rawBody}`).digest("hex");
  return {
    "X-Slack-Request-Timestamp": String(timestampSec),
    "X-Slack-Signature": `v0=${digest}`,
  };
}
