/**
 * The system under test: the real bot (src/main.ts `start`), configured from the environment the
 * parent passes, exactly as `npm start` would be, in its own process so that its memory and its
 * event loop are its own. Logs are written at LOG_LEVEL (info by default, as in production) to
 * /dev/null: formatting and redaction are paid for, the terminal is not flooded.
 *
 * Requests: { cmd: "link", teamId, channelId, clientMatter }, { cmd: "subscribe", teamId, channelId, clientMatter, court,
 * docket } (the matter tracks that case through docketbot, so routing matches subscriptions), { cmd: "memory" }, { cmd: "pushStats" },
 * { cmd: "pendingDeliveries" }, { cmd: "loopDelay" } (max and p99 of the event loop's delay since the last call, and the longest GC pause),
 * { cmd: "markLoop" } and { cmd: "loopSinceMark" } (the same, over a window of its own: e.g. one push's intake),
 * { cmd: "feeds", teamId, matters, dates } (one case's `dates` court dates under every matter, and a calendar feed
 * URL per matter), { cmd: "exit" }.
 */
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { pino } from "pino";
import { configSecrets, loadConfig } from "../../src/config/index.ts";
import { createLogger } from "../../src/logger.ts";
import type { CourtDate } from "../../src/court/deadlines/court-date.ts";
import { newFeedToken } from "../../src/features/calendar/tokens.ts";
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
/** The longest garbage-collection pause since `loopDelay` was last read: how much of a stall was V8's. */
let gcMaxMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, e.duration);
}).observe({ entryTypes: ["gc"] });
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
    case "subscribe":
      await bot.store.subscribe({
        teamId: String(request.teamId), channelId: String(request.channelId), clientMatter: String(request.clientMatter),
        target: { court: String(request.court), docket: String(request.docket) }, frequency: "daily", userId: "U0ADMIN",
      });
      return true;
    case "memory":
      return processUsage();
    case "loopDelay": {
      const out = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6, gcMaxMs };
      loopDelay.reset();
      gcMaxMs = 0;
      return out;
    }
    case "markLoop":
      sinceMark.reset();
      return true;
    case "loopSinceMark":
      return { maxMs: sinceMark.max / 1e6, p99Ms: sinceMark.percentile(99) / 1e6 };
    case "feeds": {
      const matters = (request.matters as string[]).map(String);
      // A feed answers only for a matter some channel of its team still has (feed-route.ts).
      for (const clientMatter of matters) await bot.store.linkMatter({ teamId: String(request.teamId), channelId: "C0FEEDS", clientMatter, linkedBy: "U0ADMIN" });
      await bot.store.recordCourtDates({
        court: "New York Southern District Court", docket: "1:23-cv-09999", caseTitle: "Feed v. Load", matters, dates: feedDates(Number(request.dates)),
      });
      const urls: string[] = [];
      for (const clientMatter of matters) {
        const { token, hash } = newFeedToken();
        await bot.store.createCalendarFeed({ teamId: String(request.teamId), clientMatter, tokenHash: hash, userId: "U0ADMIN" });
        urls.push(`${bot.url}/calendar/${token}.ics`);
      }
      return urls;
    }
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

/** Hearings spread over the months around today, each with its time, place and source entry. */
function feedDates(n: number): CourtDate[] {
  const day = 86_400_000;
  const start = Date.now() - 300 * day;
  return Array.from({ length: n }, (_, i) => ({
    key: `hearing:feed-${i}`, kind: "hearing", title: `Status Conference number ${i} on the pending motions, with counsel for every party to attend in person`,
    date: new Date(start + (i % 900) * day).toISOString().slice(0, 10), time: "10:00", place: "Courtroom 12A",
    source: { entryNumber: String(i + 1), entryDate: "2026-01-10", entryIndex: i }, confidence: 0.9, status: "scheduled", history: [],
  }));
}
