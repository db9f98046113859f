/**
 * `npm run sandbox:docket`: the docket service emulator for demos and manual testing, on PORT or
 * 4010, with court latency a person can notice (a few seconds for searchpacer/, live pulls and
 * document retrieval) and tracker checks sped up 12x. Like main.ts, this entry point is the only
 * sandbox file that reads process.env.
 */
import pino from "pino";
import { startDocketService } from "./server.ts";
import { DEMO_USER } from "./sessions.ts";

const logger = pino({ name: "docket-sandbox" });
const port = Number(process.env.PORT ?? 4010);
const pushUrl = process.env.DOCKET_SANDBOX_PUSH_URL;

const service = await startDocketService({
  port,
  // The real dockets beside the repository, when this machine has them (a user's clone does not).
  realDocketsDir: new URL("../../../shared/fixtures/real-dockets/", import.meta.url),
  latencyMs: { searchpacer: 4_000, default: 1_500 },
  timeScale: 12,
  users: [{ ...DEMO_USER, ...(pushUrl ? { pushUrl } : {}) }],
  logger,
});

process.stdout.write(
  [
    `Docket service emulator listening`,
    `  base URL: ${service.baseUrl}`,
    `  site URL: ${service.siteUrl}`,
    `  login:    username "${DEMO_USER.username}", password "${DEMO_USER.password}"`,
    `  pushes:   ${pushUrl ? "to DOCKET_SANDBOX_PUSH_URL" : "off (set DOCKET_SANDBOX_PUSH_URL to receive them)"}`,
    "",
  ].join("\n"),
);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "stopping docket service emulator");
  await service.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
