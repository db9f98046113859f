/** Slack: the bot's credentials, Socket Mode, and the Web API base (a stand-in's in the sandbox). */
import { z } from "zod";
import { baseUrl, mark, type CheckContext, type ParsedOf, type Settings } from "./setting.ts";

const SLACK_APPS = "https://api.slack.com/apps";

const slackToken = (prefix: string, ownName: string) =>
  z.string().superRefine((value, ctx) => {
    if (value.startsWith(prefix)) return;
    // Name the usual mix-up; the prefix says only which kind of token it is, never the token.
    const mixup: Record<string, string> = {
      "xoxb-": "a bot token (xoxb-, for SLACK_BOT_TOKEN)",
      "xoxp-": "a user token (xoxp-, which docketbot does not use)",
      "xapp-": "an app-level token (xapp-, for SLACK_APP_TOKEN)",
    };
    const seen = Object.keys(mixup).find((p) => value.startsWith(p) && p !== prefix);
    ctx.addIssue({
      code: "custom",
      message: seen ? `holds ${mixup[seen]} instead of the ${ownName} (${prefix})` : `does not start with ${prefix}`,
    });
  });

export const SLACK_SETTINGS = {
  SLACK_BOT_TOKEN: {
    hint: `copy the Bot User OAuth Token (starts with xoxb-) from your Slack app's OAuth & Permissions page (${SLACK_APPS}), after installing the app`,
    schema: slackToken("xoxb-", "Bot User OAuth Token").optional(),
  },
  SLACK_SIGNING_SECRET: {
    hint: `copy it from your Slack app's Basic Information page (App Credentials, Signing Secret) at ${SLACK_APPS}`,
    schema: z.string().refine((v) => !/^(xox.|xapp)-/.test(v), { error: "holds a Slack token, not the signing secret" }).optional(),
  },
  SLACK_APP_TOKEN: {
    hint: `only for Socket Mode: on your Slack app's Basic Information page (App-Level Tokens) at ${SLACK_APPS}, create a token with the connections:write scope; it starts with xapp-. Leave unset to receive Slack requests over HTTP`,
    schema: slackToken("xapp-", "app-level token").optional(),
  },
  SLACK_API_URL: {
    hint: "an http(s) URL; leave unset for https://slack.com/api/ (set it only to point at a Slack stand-in)",
    schema: baseUrl().default("https://slack.com/api/"),
  },
} as const satisfies Settings;

export interface SlackConfig {
  /** Required when loaded with `require: { slack: true }` (what `npm start` does). */
  readonly botToken: string | undefined;
  readonly signingSecret: string | undefined;
  /** Set => Slack traffic over Socket Mode; pushes and /healthz still use HTTP. */
  readonly appToken: string | undefined;
  readonly socketMode: boolean;
  /** Slack Web API base, ends in "/". */
  readonly apiUrl: string;
}

/** `require: { slack: true }` (`npm start`): the bot token and the signing secret must be set. */
export function checkSlack(c: CheckContext<typeof SLACK_SETTINGS>, required: boolean): void {
  if (!required) return;
  for (const name of ["SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET"] as const) if (!c.input[name]) c.report(name);
}

export function slackConfig(e: ParsedOf<typeof SLACK_SETTINGS>): SlackConfig {
  return {
    botToken: e.SLACK_BOT_TOKEN,
    signingSecret: e.SLACK_SIGNING_SECRET,
    appToken: e.SLACK_APP_TOKEN,
    socketMode: e.SLACK_APP_TOKEN !== undefined,
    apiUrl: e.SLACK_API_URL,
  };
}

export function describeSlack(slack: SlackConfig) {
  return {
    botToken: mark(slack.botToken),
    signingSecret: mark(slack.signingSecret),
    appToken: mark(slack.appToken),
    socketMode: slack.socketMode,
    apiUrl: slack.apiUrl,
  };
}

export function slackSecrets(slack: SlackConfig): (string | undefined)[] {
  return [slack.botToken, slack.signingSecret, slack.appToken];
}
