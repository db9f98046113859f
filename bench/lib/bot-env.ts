/**
 * What the benchmark's bot is configured with: the environment `npm start` would read, pointing at
 * the sandbox (the Slack stand-in and the docket service emulator, on loopback in the parent), as
 * the one harness describes it (sandbox/harness.ts `botEnv`), plus the bench's own push path and
 * log level.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HarnessSecrets, Services } from "../../sandbox/harness.ts";

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
 * How `npm start` runs the bot (package.json's start script): its Node flags (e.g. the young
 * generation's size) and the environment defaults the script sets (`NAME=${NAME:-value}`: the
 * compile cache, malloc's arenas), so the bot under test runs exactly as in production. A relative
 * path in a default is the repo's, as `npm start` runs from the repo's root.
 */
export function startCommand(): { flags: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  const command = pkg.scripts.start.split("&&").at(-1)!.trim().split(/\s+/);
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const env: Record<string, string> = {};
  for (const word of command) {
    const m = /^([A-Z_]+)=\$\{\1:-([^}]*)\}$/.exec(word);
    if (m) env[m[1]!] = process.env[m[1]!] ?? (/^[\w.-]+\//.test(m[2]!) ? join(root, m[2]!) : m[2]!);
  }
  return { flags: command.filter((w) => w.startsWith("--")), env };
}

export const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/** The secrets the bench's services and bots share (the load generator signs and authenticates with them). */
export const BENCH_SECRETS: HarnessSecrets = {
  signingSecret: BENCH.signingSecret,
  botToken: BENCH.botToken,
  push: { username: BENCH.pushUser, password: BENCH.pushPassword },
};

/**
 * The environment of a bot child process run against the bench's services (startServices): its
 * store is the SQLite file `database`, or, for a postgres:// URL, that PostgreSQL (DATABASE_URL,
 * as a deployment would set it; every replica of one deployment gets the same URL).
 */
export function botEnv(services: Services, database: string): Record<string, string> {
  const postgres = /^postgres(ql)?:\/\//i.test(database);
  return services.botEnv({
    databasePath: postgres ? ":memory:" : database,
    env: { PUSH_PATH: BENCH.pushPath, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", ...(postgres ? { DATABASE_URL: database } : {}) },
  });
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
