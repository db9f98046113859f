/**
 * The system under test: the real bot (src/main.ts `start`), configured from the environment the
 * parent passes, exactly as `npm start` would be, in its own process so that its memory and its
 * event loop are its own. Logs are written at LOG_LEVEL (info by default, as in production) to
 * /dev/null: formatting and redaction are paid for, the terminal is not flooded.
 *
 * Requests: { cmd: "link", teamId, channelId, clientMatter }, { cmd: "memory" }, { cmd: "pushStats" },
 * { cmd: "pendingDeliveries" }, { cmd: "loopDelay" } (max and p99 of the event loop's delay since the last call),
 * { cmd: "markLoop" } and { cmd: "loopSinceMark" } (the same, over a window of its own: e.g. one push's intake), { cmd: "exit" }.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { pino } from "pino";
import { configSecrets, loadConfig } from "../../src/config/index.ts";
import { createLogger } from "../../src/logger.ts";
import { start } from "../../src/main.ts";
import { processUsage, serveParent } from "../lib/child.ts";

const config = loadConfig(process.env, { require: { slack: true } });
const logger = createLogger({
  level: config.logLevel,
  destination: pino.destination({ dest: "/dev/null", sync: true }),
  base: { service: "docketbot" },
  secrets: configSecrets(config),
});
const bot = await start(config, { logger, host: "127.0.0.1" });
/** The bot's own event-loop delay (what every request waits behind), read and reset by `loopDelay`. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
/** A second window, so one step (a push's intake) is measured inside the whole load's window. */
const sinceMark = monitorEventLoopDelay({ resolution: 10 });
sinceMark.enable();

serveParent(async (request) => {
  switch (request.cmd) {
    case "ready":
      return { url: bot.url, ...processUsage() };
    case "link":
      await bot.store.linkMatter({
        teamId: String(request.teamId), channelId: String(request.channelId), clientMatter: String(request.clientMatter), linkedBy: "U0ADMIN",
      });
      return true;
    case "memory":
      return processUsage();
    case "loopDelay": {
      const out = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6 };
      loopDelay.reset();
      return out;
    }
    case "markLoop":
      sinceMark.reset();
      return true;
    case "loopSinceMark":
      return { maxMs: sinceMark.max / 1e6, p99Ms: sinceMark.percentile(99) / 1e6 };
    case "pushStats":
      return bot.store.pushStats();
    case "pendingDeliveries": {
      const stats = await bot.store.outboxStats();
      return stats.byMatter.reduce((n, m) => n + m.pending + m.inFlight, 0);
    }
    default:
      throw new Error(`unknown command ${String(request.cmd)}`);
  }
});
