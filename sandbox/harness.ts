/**
 * The whole system on loopback, wired in ONE place: the docket service emulator, the Slack stand-in
 * and docketbot, composed by src/main.ts `start` from the environment `npm start` would read, with
 * both outside services replaced by the sandbox. `npm run sandbox` (run.ts), the tests
 * (test/helpers/bot-harness.ts) and the bench (bench/run.ts) all start it; they differ only in the
 * options below.
 *
 * The bot runs in this process (startHarness), or elsewhere: startServices gives the two stand-ins
 * and `botEnv`, the environment a bot in a child process is started with (the bench measures the
 * bot in its own process), and `connectBot` points both stand-ins at wherever that bot listens.
 */
import type { Clock } from "../src/clock.ts";
import { configSecrets, loadConfig } from "../src/config/index.ts";
import { createLogger, type Logger } from "../src/logger.ts";
import { start, type Docketbot } from "../src/main.ts";
import { startDocketService, type DocketService, type DocketServiceOptions } from "./docket-service/server.ts";
import { DEMO_USER } from "./docket-service/sessions.ts";
import { startSlackStandIn, type SlackStandIn, type SlackStandInOptions } from "./slack/stand-in.ts";
import { TEAM } from "./slack/workspace.ts";

export interface HarnessSecrets {
  signingSecret: string;
  botToken: string;
  /** Basic-auth credentials of the bot's push route; without them the route is off (config/push.ts). */
  push?: { username: string; password: string };
}

export interface ServicesOptions {
  secrets: HarnessSecrets;
  /** Workspace and service time for both stand-ins (the bot gets the same one in startHarness). */
  clock?: Clock;
  /** The emulator: corpus seed (default 7), latency, time scale, faults' engines, push schedule... */
  docket?: DocketServiceOptions;
  /** The stand-in's listening address and page (default: a free port on 127.0.0.1). */
  slack?: Pick<SlackStandInOptions, "port" | "host">;
  /** The admins docketbot is configured with (DOCKETBOT_ADMINS). Default U0ADMIN. */
  admins?: readonly string[];
}

export interface BotEnvOptions {
  /** A SQLite file path, or ":memory:". */
  databasePath: string;
  /** Extra or overriding variables (LOG_LEVEL, provider keys, PUSH_PATH, ...). */
  env?: Record<string, string>;
}

export interface Services {
  readonly docket: DocketService;
  readonly slack: SlackStandIn;
  /** What `npm start` would read to run against these services: the one description of the wiring. */
  botEnv(options: BotEnvOptions): Record<string, string>;
  /** Slack's events and the emulator's pushes go to the bot at `botUrl` from now on. */
  connectBot(botUrl: string, pushPath?: string): void;
  close(): Promise<void>;
}

export async function startServices(options: ServicesOptions): Promise<Services> {
  const { secrets } = options;
  const clock = options.clock ? { clock: options.clock } : {};
  const docket = await startDocketService({ seed: 7, autoPush: false, ...clock, ...options.docket });
  let slack: SlackStandIn;
  try {
    slack = await startSlackStandIn({
      signingSecret: secrets.signingSecret, botToken: secrets.botToken, ...clock, ...options.slack,
      // The app's unfurl domain is the service's site (issue 3, unfurls).
      // As manifest.yml unfurl_domains: the service's site and PACER's CM/ECF hosts.
      unfurlDomains: [new URL(docket.siteUrl).hostname, "uscourts.gov"],
    });
  } catch (e) {
    await docket.close();
    throw e;
  }
  const account = options.docket?.users?.[0] ?? DEMO_USER;
  return {
    docket,
    slack,
    botEnv: ({ databasePath, env }) => ({
      PORT: "0",
      SLACK_BOT_TOKEN: secrets.botToken,
      SLACK_SIGNING_SECRET: secrets.signingSecret,
      SLACK_API_URL: slack.apiUrl,
      DOCKET_API_URL: docket.baseUrl,
      DOCKET_SITE_URL: docket.siteUrl,
      DOCKET_USERNAME: account.username,
      DOCKET_PASSWORD: account.password,
      ...(secrets.push ? { PUSH_USERNAME: secrets.push.username, PUSH_PASSWORD: secrets.push.password } : {}),
      DATABASE_URL: `sqlite:${databasePath}`,
      DOCKETBOT_ADMINS: (options.admins ?? ["U0ADMIN"]).join(","),
      ...env,
    }),
    connectBot(botUrl, pushPath) {
      slack.setBotUrl(`${botUrl}/slack/events`);
      if (secrets.push && pushPath) {
        const { username, password } = secrets.push;
        docket.setPushUrl(account.username, `http://${username}:${password}@127.0.0.1:${new URL(botUrl).port}${pushPath}`);
      }
    },
    async close() {
      try {
        await slack.close();
      } finally {
        await docket.close();
      }
    },
  };
}

export interface HarnessOptions extends ServicesOptions, Partial<BotEnvOptions> {
  /** docketbot's logger. Default: its own (createLogger) at LOG_LEVEL, hiding the harness's secrets. */
  logger?: Logger;
}

export interface Harness extends Services {
  readonly bot: Docketbot;
  /** Links a channel of the stand-in's workspace to a client matter, as an admin would. */
  linkMatter(channelId: string, clientMatter: string): Promise<void>;
}

/** The emulator, the stand-in and docketbot in this process (default database: in memory). */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const services = await startServices(options);
  try {
    const config = loadConfig(services.botEnv({ databasePath: options.databasePath ?? ":memory:", env: options.env }), { require: { slack: true } });
    const logger = options.logger ?? createLogger({ level: config.logLevel, base: { service: "docketbot" }, secrets: configSecrets(config) });
    const bot = await start(config, { host: "127.0.0.1", logger, ...(options.clock ? { clock: options.clock } : {}) });
    services.connectBot(bot.url, config.push.enabled ? config.push.path : undefined);
    const admin = options.admins?.[0] ?? "U0ADMIN";
    return {
      ...services,
      bot,
      async linkMatter(channelId, clientMatter) {
        await bot.store.linkMatter({ teamId: TEAM.id, channelId, clientMatter, linkedBy: admin });
      },
      async close() {
        try {
          await bot.stop();
        } finally {
          await services.close();
        }
      },
    };
  } catch (e) {
    await services.close();
    throw e;
  }
}
