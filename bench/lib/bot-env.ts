/**
 * What the benchmark's bot is configured with: the environment `npm start` would read, pointing at
 * the sandbox (the Slack stand-in and the docket service emulator, on loopback in the parent).
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH = {
  signingSecret: "bench-signing-secret-8f742231b10e8888",
  botToken: "xoxb-17653672481-19874698323-benchbenchbench",
  pushUser: "docket-hook",
  pushPassword: "bench-Push$ecret-123",
  teamId: "T0DOCKET",
  channelId: "C0ACME",
  userId: "U0MEMBER",
  clientMatter: "ACME-001",
  pushPath: "/docket/push",
} as const;

/**
 * The Node flags `npm start` runs the bot with (package.json's start script, e.g. the young
 * generation's size): the bot under test runs exactly as in production.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(1).filter((w) => w.startsWith("--"));
}

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

export function botEnv(opts: { slackApiUrl: string; docketApiUrl: string; docketSiteUrl: string; databasePath: string }): Record<string, string> {
  return {
    PORT: "0",
    SLACK_BOT_TOKEN: BENCH.botToken,
    SLACK_SIGNING_SECRET: BENCH.signingSecret,
    SLACK_API_URL: opts.slackApiUrl,
    DOCKET_API_URL: opts.docketApiUrl,
    DOCKET_SITE_URL: opts.docketSiteUrl,
    DOCKET_USERNAME: "demo",
    DOCKET_PASSWORD: "demo",
    PUSH_PATH: BENCH.pushPath,
    PUSH_USERNAME: BENCH.pushUser,
    PUSH_PASSWORD: BENCH.pushPassword,
    DATABASE_URL: `sqlite:${opts.databasePath}`,
    DOCKETBOT_ADMINS: "U0ADMIN",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
  };
}

/**
 * A scratch directory for databases, under the repo's data/ (gitignored, and where the bot keeps its
 * database by default): on the disk the bot would really use, so every commit is a real fsync
 * (os.tmpdir() may be a RAM disk). Removed at the end of the run.
 */
export function scratchDir(): { path: string; remove(): void } {
  const path = join(fileURLToPath(new URL("../../data/", import.meta.url)), `bench-${process.pid}`);
  mkdirSync(path, { recursive: true });
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
