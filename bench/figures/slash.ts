/**
 * Slash-command acknowledgement (issue 7): p50/p99 of the HTTP answer to signed `/docket case`
 * requests, 50 at a time, through the real Bolt receiver of the real bot (src/main.ts), with the
 * docket service hanging on every getdocket, against a Bolt app whose handler only acks.
 *
 * The bot acks with its "working" message before it asks the service anything (Slack's 3-second
 * rule), so a hung service must not show in the ack. Each request names a case of its own, as fifty
 * people at once mostly would (the same case asked for at once is one call: docket/shared-reads.ts),
 * so each leaves a case lookup hanging in the bot (up to 200 at the service, the rest queued in the
 * client's 200/min limiter, which holds 1,000): each run uses a fresh bot and stays under that (200
 * warm-up + 800 measured requests).
 * Bot and baseline alternate, the order flipped every repeat; figures are medians of repeats.
 */
import { request } from "undici";
import type { Services } from "../../sandbox/harness.ts";
import type { LoadRequest, LoadResult } from "../load/generator.ts";
import { slashRequest, type SlashLoad } from "../load/requests.ts";
import { benchDatabase, SQLITE_STORE, startedOn, storeLabel, type BenchDatabase, type BenchStore } from "../lib/bench-store.ts";
import { BENCH, botEnv, startCommand } from "../lib/bot-env.ts";
import { startChild, type ChildHandle, type ProcessUsage } from "../lib/child.ts";
import { medianRun, summarizeLoad, type LoadRun } from "../lib/load-run.ts";
import { quantile, scrapeHistogram, since } from "../lib/scraped-histogram.ts";
import { median } from "../lib/stats.ts";

/** The bot runs as `npm start` runs it: its Node flags and environment defaults. */
const START = startCommand();

const REPEATS = 5;
const CONCURRENCY = 50;
const WARMUP_REQUESTS = 200;
const MEASURED_REQUESTS = 800;
/** Longer than any run: the service never answers while the figure is measured. */
const HANG_MS = 10 * 60_000;

export type SlashRun = LoadRun;

export interface SlashFigure {
  concurrency: number;
  requestsPerRun: number;
  docketbot: SlashRun;
  bare: SlashRun;
  /** docketbot ÷ bare throughput (of the medians). */
  throughputRatio: number;
  /** getdocket calls the service answered while the figure ran (0: it really hung). */
  serviceAnswered: number;
  /** What the bot's ack said, from one request checked before the load. */
  ackSample: string;
  /** The bot's own p99 from receipt to ack (docketbot_slack_ack_seconds on /metrics), median of repeats. */
  serverAckP99Ms: number;
  runs: { docketbot: SlashRun[]; bare: SlashRun[] };
}

export async function runSlash(opts: {
  services: Services; scratch: string; log: (line: string) => void;
  /** The bot's store (SQLite unless told); the ack-only app has none. */
  store?: BenchStore;
  repeats?: number;
}): Promise<SlashFigure> {
  const store = opts.store ?? SQLITE_STORE;
  const { docket, slack } = opts.services;
  const load: SlashLoad = {
    kind: "slash", path: "/slack/events", signingSecret: BENCH.signingSecret, text: "case nysd 1:23-cv-{n}",
    teamId: BENCH.teamId, channelId: BENCH.channelId, userId: BENCH.userId, responseUrl: `${slack.baseUrl}bench-response/`,
  };
  const generator = await startChild(new URL("../load/generator.ts", import.meta.url));
  const answeredBefore = docket.ledger.filter({ endpoint: "getdocket" }).length;
  docket.faults.delayNext("getdocket", HANG_MS, 1_000_000);
  let seq = 0;
  let ackSample = "";
  try {
    const start = async (who: "docketbot" | "bare"): Promise<{ child: ChildHandle; url: string; db: BenchDatabase }> => {
      const db = await benchDatabase(who === "docketbot" ? store : SQLITE_STORE, opts.scratch, `slash-${++seq}`);
      const env = botEnv(opts.services, db.database);
      const child = await startedOn(db, startChild(new URL(who === "docketbot" ? "../servers/docketbot.ts" : "../servers/bare-bolt.ts", import.meta.url), who === "docketbot" ? { ...env, ...START.env } : env, who === "docketbot" ? START.flags : []));
      if (who === "docketbot") await child.call({ cmd: "link", teamId: BENCH.teamId, channelId: BENCH.channelId, clientMatter: BENCH.clientMatter });
      const { url } = await child.call<{ url: string }>({ cmd: "ready" });
      return { child, url, db };
    };

    const runs = { docketbot: [] as SlashRun[], bare: [] as SlashRun[] };
    const serverP99s: number[] = [];
    const ackHistogram = (url: string) => scrapeHistogram(url, "docketbot_slack_ack_seconds", { kind: "command" });
    for (let rep = 0; rep < (opts.repeats ?? REPEATS); rep++) {
      const order = rep % 2 === 0 ? (["docketbot", "bare"] as const) : (["bare", "docketbot"] as const);
      for (const who of order) {
        const { child, url, db } = await start(who);
        try {
          if (who === "docketbot" && ackSample === "") ackSample = await checkAck(url, load);
          const before = await child.call<ProcessUsage>({ cmd: "memory" });
          const histogramBefore = who === "docketbot" ? await ackHistogram(url) : undefined;
          const result = await generator.call<LoadResult>({
            cmd: "run", origin: url, load, concurrency: CONCURRENCY,
            warmupMs: 30_000, warmupRequests: WARMUP_REQUESTS, measureMs: 60_000, maxRequests: MEASURED_REQUESTS,
          } satisfies LoadRequest & { cmd: string });
          const after = await child.call<ProcessUsage>({ cmd: "memory" });
          // Warm-up included (the generator does not say which acks were warm-up): an upper bound.
          const serverP99 = histogramBefore ? quantile(0.99, since(await ackHistogram(url), histogramBefore)) * 1000 : Number.NaN;
          if (histogramBefore) serverP99s.push(serverP99);
          const s = summarizeLoad(result, after.cpuMs - before.cpuMs);
          runs[who].push(s);
          opts.log(`  slash ${who === "docketbot" ? `${storeLabel(store)} ` : ""}rep ${rep + 1} ${who}: ${s.throughputPerSec.toFixed(0)}/s, p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms, CPU ${s.serverCpuMsPerRequest.toFixed(3)} ms/request${s.non200 ? `, ${s.non200} not 200` : ""}${histogramBefore ? `; server-side ack p99 ${serverP99.toFixed(2)} ms (/metrics)` : ""}`);
        } finally {
          await child.stop();
          await db.drop();
        }
      }
    }
    const docketbot = medianRun(runs.docketbot);
    const bare = medianRun(runs.bare);
    return {
      concurrency: CONCURRENCY,
      requestsPerRun: MEASURED_REQUESTS,
      docketbot,
      bare,
      throughputRatio: docketbot.throughputPerSec / bare.throughputPerSec,
      serviceAnswered: docket.ledger.filter({ endpoint: "getdocket" }).length - answeredBefore,
      ackSample,
      serverAckP99Ms: median(serverP99s),
      runs,
    };
  } finally {
    docket.faults.reset();
    await generator.stop();
  }
}

/** One command before the load: the bot must answer 200 with its working message, not an error. */
async function checkAck(url: string, load: SlashLoad): Promise<string> {
  const r = slashRequest(load);
  const res = await request(`${url}${r.path}`, { method: "POST", headers: r.headers, body: r.body });
  const body = await res.body.text();
  const text = (JSON.parse(body || "{}") as { text?: string }).text ?? "";
  if (res.statusCode !== 200 || !/Getting 1:23-cv-\d{5}/.test(body)) {
    throw new Error(`the bot did not ack /docket case with its working message (HTTP ${res.statusCode}): ${body.slice(0, 300)}`);
  }
  return text;
}
