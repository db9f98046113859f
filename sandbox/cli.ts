/**
 * `npm run sandbox`: docketbot, the docket service emulator and the Slack stand-in with its web page,
 * in one command and with no credentials (run.ts). Prints the page's URL; Ctrl-C stops everything
 * (a second Ctrl-C does not wait). Like main.ts, an entry point: it alone reads argv and the terminal.
 *
 *   npm run sandbox                    # http://127.0.0.1:3000/
 *   npm run sandbox -- --port 3100 --log-level info
 */
import { parseArgs } from "node:util";
import { LOG_LEVELS, type LogLevel } from "../src/config/index.ts";
import { startSandbox, SANDBOX_DEFAULTS } from "./run.ts";

const USAGE = `Usage: npm run sandbox -- [options]

  --port <n>         the Slack stand-in's page (default ${SANDBOX_DEFAULTS.port}; 0 picks a free port)
  --host <addr>      where it listens (default ${SANDBOX_DEFAULTS.host}; the page has no sign-in)
  --data-dir <path>  docketbot's SQLite file, replaced at every start (default ${SANDBOX_DEFAULTS.dataDir})
  --time-scale <n>   tracker checks this many times faster than real life (default ${SANDBOX_DEFAULTS.timeScale})
  --log-level <l>    docketbot's JSON logs: ${LOG_LEVELS.join(", ")} (default warn)
  --help
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(64); // EX_USAGE (sysexits.h)
}

function readArgs() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: "string" }, host: { type: "string" }, "data-dir": { type: "string" },
        "time-scale": { type: "string" }, "log-level": { type: "string" }, help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const port = values.port === undefined ? SANDBOX_DEFAULTS.port : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail("--port must be a whole number 0-65535.");
  const timeScale = values["time-scale"] === undefined ? SANDBOX_DEFAULTS.timeScale : Number(values["time-scale"]);
  if (!Number.isFinite(timeScale) || timeScale < 1 || timeScale > 10_000) fail("--time-scale must be a number from 1 to 10000.");
  const logLevel = (values["log-level"] ?? "warn") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) fail(`--log-level must be one of ${LOG_LEVELS.join(", ")}.`);
  return { port, host: values.host ?? SANDBOX_DEFAULTS.host, dataDir: values["data-dir"] ?? SANDBOX_DEFAULTS.dataDir, timeScale, logLevel };
}

async function main(): Promise<void> {
  const args = readArgs();
  process.stdout.write("Starting the docketbot sandbox…\n");
  let sandbox;
  try {
    sandbox = await startSandbox({
      ...args,
      // The real dockets beside the repository, when this machine has them (a user's clone does not).
      realDocketsDir: new URL("../../shared/fixtures/real-dockets/", import.meta.url),
    });
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "EADDRINUSE") fail(`Port ${args.port} is in use. Stop what runs there, or pick another with --port.`);
    throw e;
  }
  const { url, bot, docket, databasePath } = sandbox;
  process.stdout.write(
    [
      "",
      "docketbot sandbox is running: no Slack app or docket account needed.",
      "",
      `  Open ${url}`,
      "       a Slack stand-in with #litigation-acme, #ip-portfolio and your DM with docketbot.",
      "",
      "  Try  /docket case nysd 1:23-cv-01234     then click Track",
      "       /docket ask nysd 1:23-cv-01234 Has the motion to dismiss been decided?",
      "       Demo controls (bottom left): push a new filing now",
      "",
      `  docketbot              ${bot.url}`,
      `  docket service (fake)  ${docket.baseUrl}   trackers ${args.timeScale}x faster`,
      `  data                   ${databasePath} (fresh each run)`,
      "",
      "Ctrl-C stops it.",
      "",
    ].join("\n"),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      process.stdout.write("Stopping now.\n");
      process.exit(130);
    }
    stopping = true;
    process.stdout.write(`\n${signal}: stopping (Ctrl-C again to stop at once)…\n`);
    sandbox.close().then(
      () => {
        process.stdout.write("Stopped.\n");
        process.exit(0);
      },
      (err: unknown) => {
        process.stderr.write(`Could not stop cleanly: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

if (import.meta.main) await main();
