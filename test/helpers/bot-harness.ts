/**
 * The whole bot over real HTTP on loopback, for tests: the one harness (sandbox/harness.ts: the
 * docket service emulator, the Slack stand-in and docketbot composed by src/main.ts `start`) with
 * fixed test secrets, an in-memory database and no push route unless a test configures one.
 * One per test file (beforeAll): it takes a few hundred milliseconds to start.
 */
import { pino } from "pino";
import type { Clock } from "../../src/clock.ts";
import type { Docketbot } from "../../src/main.ts";
import type { Store } from "../../src/store/store.ts";
import type { Logger } from "../../src/logger.ts";
import type { DocketService, DocketServiceOptions } from "../../sandbox/docket-service/server.ts";
import { startHarness } from "../../sandbox/harness.ts";
import type { SlackStandIn } from "../../sandbox/slack/stand-in.ts";

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
  /** The bot's logger, for a test that reads what was logged (test/helpers/log-capture.ts). */
  logger?: Logger;
  /** A SQLite file instead of the default in-memory database (tests that need a second connection). */
  databasePath?: string;
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
  const logLevel = options.logLevel ?? process.env.LOG_LEVEL ?? "silent";
  const h = await startHarness({
    secrets: { signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN },
    admins: [ADMIN],
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.docket ? { docket: options.docket } : {}),
    databasePath: options.databasePath ?? ":memory:",
    env: {
      PROVIDERONE_KEY: "p1-harness-key-000111",
      PROVIDERTWO_KEY: "p2-harness-key-000222",
      LOG_LEVEL: logLevel,
      ...options.env,
    },
    // Plain pino at the configured level: tests read no log lines, and silent costs nothing.
    logger: options.logger ?? pino({ level: options.env?.LOG_LEVEL ?? logLevel }),
  });
  return { bot: h.bot, slack: h.slack, docket: h.docket, store: h.bot.store, linkMatter: h.linkMatter, close: h.close };
}
