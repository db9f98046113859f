/**
 * The whole bot over real HTTP on loopback: the docket service emulator, the Slack stand-in and
 * docketbot itself (src/main.ts `start`), wired as in production except that both outside services
 * are our sandbox. One per test file (beforeAll): it takes a few hundred milliseconds to start.
 */
import { pino } from "pino";
import { systemClock, type Clock } from "../../src/clock.ts";
import { loadConfig } from "../../src/config.ts";
import { start, type Docketbot } from "../../src/main.ts";
import { startDocketService, type DocketService, type DocketServiceOptions } from "../../sandbox/docket-service/server.ts";
import { startSlackStandIn, type SlackStandIn } from "../../sandbox/slack/stand-in.ts";
import type { Store } from "../../src/store/store.ts";

export const TEAM = "T0DOCKET";
export const ACME_CHANNEL = "C0ACME";
export const IP_CHANNEL = "C0IP";
export const ADMIN = "U0ADMIN";
export const MEMBER = "U0MEMBER";
export const FLAGSHIP = { court: "New York Southern District Court", docket: "1:23-cv-01234" } as const;

const SIGNING_SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const BOT_TOKEN = "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy";

export interface BotHarnessOptions {
  /** Extra or overriding environment variables for loadConfig. */
  env?: Record<string, string>;
  docket?: DocketServiceOptions;
  clock?: Clock;
  /** Log level of the bot (default silent; set LOG_LEVEL=debug in the environment to see it). */
  logLevel?: string;
}

export interface BotHarness {
  bot: Docketbot;
  slack: SlackStandIn;
  docket: DocketService;
  store: Store;
  /** Links a channel of the test workspace to a client matter, as an admin would. */
  linkMatter(channelId: string, clientMatter: string): Promise<void>;
  close(): Promise<void>;
}

export async function startBotHarness(options: BotHarnessOptions = {}): Promise<BotHarness> {
  const clock = options.clock ?? systemClock;
  const docket = await startDocketService({ seed: 7, autoPush: false, clock, ...options.docket });
  const slack = await startSlackStandIn({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    clock,
    unfurlDomains: [new URL(docket.siteUrl).hostname],
  });
  const config = loadConfig(
    {
      PORT: "0",
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      DOCKET_API_URL: docket.baseUrl,
      DOCKET_SITE_URL: docket.siteUrl,
      DOCKET_USERNAME: "demo",
      DOCKET_PASSWORD: "demo",
      PROVIDERONE_KEY: "p1-harness-key-000111",
      PROVIDERTWO_KEY: "p2-harness-key-000222",
      DATABASE_URL: "sqlite::memory:",
      DOCKETBOT_ADMINS: ADMIN,
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? "silent",
      ...options.env,
    },
    { require: { slack: true } },
  );
  const logger = pino({ level: config.logLevel });
  const bot = await start(config, { clock, logger, host: "127.0.0.1" });
  slack.setBotUrl(`${bot.url}/slack/events`);
  return {
    bot,
    slack,
    docket,
    store: bot.store,
    async linkMatter(channelId, clientMatter) {
      await bot.store.linkMatter({ teamId: TEAM, channelId, clientMatter, linkedBy: ADMIN });
    },
    async close() {
      await bot.stop();
      await slack.close();
      await docket.close();
    },
  };
}
