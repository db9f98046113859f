/**
 * Slash-command acks while calendar clients fetch the largest feeds (issue 22: a feed URL once
 * stalled the bot for 7 s). Ten clients, two per matter, fetch 2,000-event feeds (each matter's
 * feed is capped at FEED_MAX_EVENTS of its 2,500 dates) in a closed loop, while signed `/docket
 * help` commands arrive at a fixed 100 a second (open loop, latency from when each was due). The
 * baseline is the same bot and load with no feed traffic, alternating with it run by run. The
 * clients and the commands both come from the generator's process.
 */
import { benchDatabase, SQLITE_STORE, startedOn, storeLabel, type BenchStore } from "../lib/bench-store.ts";
import { BENCH, botEnv, startCommand } from "../lib/bot-env.ts";
import { startChild, type ChildHandle } from "../lib/child.ts";
import { percentile } from "../lib/stats.ts";
import type { OpenLoopRequest, OpenLoopResult } from "../load/open-loop.ts";
import type { SlashLoad } from "../load/requests.ts";
import { FEED_MAX_EVENTS } from "../../src/features/calendar/feed.ts";
import type { Services } from "../../sandbox/harness.ts";

/** The bot runs as `npm start` runs it: its Node flags and environment defaults. */
const START = startCommand();

const REPEATS = 2;
const MEASURE_MS = 8_000;
const RATE_PER_SEC = 100;
const MATTERS = ["FEED-1", "FEED-2", "FEED-3", "FEED-4", "FEED-5"];
const CLIENTS = 10;

export interface FeedRun {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  over250Ms: number;
  acks: number;
  non200: number;
  botLoopMaxMs: number;
  /** Feed answers by status (200, 304, 429), all clients together. */
  feedStatuses: Record<string, number>;
}

export interface FeedFigure {
  clients: number;
  events: number;
  ratePerSec: number;
  withFeeds: FeedRun;
  noFeeds: FeedRun;
}

export async function runFeed(opts: { services: Services; scratch: string; log: (line: string) => void; store?: BenchStore }): Promise<FeedFigure> {
  const store = opts.store ?? SQLITE_STORE;
  const load: SlashLoad = {
    kind: "slash", path: "/slack/events", signingSecret: BENCH.signingSecret, text: "help",
    teamId: BENCH.teamId, channelId: BENCH.channelId, userId: BENCH.userId, responseUrl: `${opts.services.slack.baseUrl}bench-response/`,
  };
  const generator = await startChild(new URL("../load/generator.ts", import.meta.url));
  const runs = { withFeeds: [] as FeedRun[], noFeeds: [] as FeedRun[] };
  let seq = 0;
  try {
    for (let rep = 0; rep < REPEATS; rep++) {
      for (const withFeeds of rep % 2 === 0 ? [true, false] : [false, true]) {
        const db = await benchDatabase(store, opts.scratch, `feed-${++seq}`);
        const bot: ChildHandle = await startedOn(db, startChild(new URL("../servers/docketbot.ts", import.meta.url), { ...botEnv(opts.services, db.database), ...START.env }, START.flags));
        try {
          const { url } = await bot.call<{ url: string }>({ cmd: "ready" });
          const feeds = await bot.call<string[]>({ cmd: "feeds", teamId: BENCH.teamId, matters: MATTERS, dates: FEED_MAX_EVENTS + 500 }, 120_000);
          await bot.call({ cmd: "loopDelay" }); // reset
          const clients = withFeeds
            ? generator.call<Record<string, number>>({ cmd: "fetch", urls: Array.from({ length: CLIENTS }, (_, i) => feeds[i % feeds.length]!), ms: MEASURE_MS + 500 }, MEASURE_MS + 60_000)
            : Promise.resolve({});
          const loop = await generator.call<OpenLoopResult>(
            { cmd: "open", origin: url, load, ratePerSec: RATE_PER_SEC, ms: MEASURE_MS, maxMs: MEASURE_MS, untilStopped: false } satisfies OpenLoopRequest & { cmd: string },
            MEASURE_MS + 60_000,
          );
          const feedStatuses = await clients;
          const botLoop = await bot.call<{ maxMs: number }>({ cmd: "loopDelay" });
          const r: FeedRun = {
            p50Ms: percentile(loop.latencies, 50), p99Ms: percentile(loop.latencies, 99), maxMs: Math.max(...loop.latencies),
            over250Ms: loop.latencies.filter((l) => l > 250).length, acks: loop.latencies.length, non200: loop.non200, botLoopMaxMs: botLoop.maxMs, feedStatuses,
          };
          (withFeeds ? runs.withFeeds : runs.noFeeds).push(r);
          opts.log(`  feed ${storeLabel(store)} rep ${rep + 1} ${withFeeds ? `with ${CLIENTS} feed clients` : "no feed traffic"}: p50 ${r.p50Ms.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(2)} ms, max ${r.maxMs.toFixed(0)} ms (bot's longest event-loop delay ${r.botLoopMaxMs.toFixed(0)} ms), ${r.over250Ms} over 250 ms of ${r.acks}${r.non200 ? `, ${r.non200} not 200` : ""}${withFeeds ? `; feed answers ${JSON.stringify(feedStatuses)}` : ""}`);
        } finally {
          await bot.stop();
          await db.drop();
        }
      }
    }
  } finally {
    await generator.stop();
  }
  // The worse repeat of each: two runs, and a figure about the tail.
  const worse = (xs: FeedRun[]) => xs.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a));
  return { clients: CLIENTS, events: FEED_MAX_EVENTS, ratePerSec: RATE_PER_SEC, withFeeds: worse(runs.withFeeds), noFeeds: worse(runs.noFeeds) };
}
