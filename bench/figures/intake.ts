/**
 * Push intake (issue 7): durable pushes accepted per second, p50 and p99 at concurrency 1, 16 and
 * 64, over real HTTP with basic auth, against a bare Express route in the same run; and the memory
 * figure (RSS idle and after the load, against the same bare route's).
 *
 * The bot is the whole composition (src/main.ts) in its own process, configured as in production:
 * Slack on (the stand-in), the pushes' matter linked to a channel, so every push is stored with its
 * delivery in one group commit (WAL, synchronous=FULL, a file on the real disk), answered 200 only
 * then, and wakes the outbox. The load generator is a third process.
 *
 * Every measured run gets a FRESH bot (and a fresh baseline), so each run is "a flood reaching an
 * idle bot": the outbox's work per wake grows with the deliveries waiting (see `sustained`), and
 * runs sharing one process would each start from a bigger backlog than the last. Each process is
 * warmed up first (JIT) with pushes for an unlinked matter, which are stored but create no delivery.
 * Runs alternate bot and baseline, the order flipped every repeat; figures are medians of repeats.
 *
 * `sustained` is the other half of the story, measured separately: one bot under a long flood
 * (deliveries pile up at one channel, which drains at 1 msg/s), then measured again.
 */
import { join } from "node:path";
import type { Services } from "../../sandbox/harness.ts";
import type { LoadRequest, LoadResult } from "../load/generator.ts";
import type { PushLoad } from "../load/requests.ts";
import { BENCH, basicAuth, botEnv, startFlags } from "../lib/bot-env.ts";
import { startChild, type ChildHandle, type ProcessUsage } from "../lib/child.ts";
import { medianRun, summarizeLoad, type LoadRun } from "../lib/load-run.ts";
import { median } from "../lib/stats.ts";

export const CONCURRENCY = [1, 16, 64] as const;
const REPEATS = 3;
/** Per process, before anything is measured: pushes for an unlinked matter at concurrency 16. */
const PROCESS_WARMUP_MS = 1000;
/** Per run: the measured load itself, unmeasured, then the measured phase. */
const WARMUP_MS = 300;
const MEASURE_MS = 2000;
const SUSTAINED_FLOOD_MS = 10_000;
const WARMUP_MATTER = "WARMUP-UNLINKED";

export type IntakeRun = LoadRun;

export interface IntakeLevel {
  concurrency: number;
  docketbot: IntakeRun;
  bare: IntakeRun;
  /** docketbot ÷ bare throughput (of the medians). */
  throughputRatio: number;
  runs: { docketbot: IntakeRun[]; bare: IntakeRun[] };
}

export interface MemoryFigure {
  docketbot: {
    idleRssMb: number; afterLoadRssMb: number; afterLoadHeapUsedMb: number; afterLoadHeapTotalMb: number; afterLoadNewSpaceMb: number;
    maxAfterLoadRssMb: number;
  };
  bare: { idleRssMb: number; afterLoadRssMb: number; maxAfterLoadRssMb: number };
  /** docketbot ÷ bare RSS after the concurrency-64 run (medians of repeats). */
  afterLoadRatio: number;
}

export interface SustainedFigure {
  floodMs: number;
  floodConcurrency: number;
  pushesStored: number;
  /** The deliveries the flood left waiting (one channel, drained at 1 msg/s). */
  deliveriesPending: number;
  afterFlood: { c1: IntakeRun; c64: IntakeRun };
  rssAfterMb: number;
  heapUsedAfterMb: number;
}

export interface IntakeFigure {
  levels: IntakeLevel[];
  memory: MemoryFigure;
  sustained: SustainedFigure;
  /** Every 200 the generator saw is a push the bot's store holds (durability sanity check). */
  accepted200: number;
  storedPushes: number;
}

interface Ready extends ProcessUsage {
  url: string;
}

interface Opts {
  /** The Slack stand-in and the docket service emulator every bot of the figure talks to. */
  services: Services;
  scratch: string;
  log: (line: string) => void;
}

const pushLoad = (clientMatter: string): PushLoad => ({
  kind: "push", path: BENCH.pushPath, authorization: basicAuth(BENCH.pushUser, BENCH.pushPassword), clientMatter,
});

export async function runIntake(opts: Opts): Promise<IntakeFigure> {
  const generator = await startChild(new URL("../load/generator.ts", import.meta.url));
  let dbSeq = 0;
  let accepted200 = 0;
  let storedPushes = 0;
  const load = (url: string, clientMatter: string, concurrency: number, warmupMs: number, measureMs: number) =>
    generator.call<LoadResult>({ cmd: "run", origin: url, load: pushLoad(clientMatter), concurrency, warmupMs, measureMs } satisfies LoadRequest & { cmd: string });

  /** A fresh server, warmed up, ready to be measured; `done` stops it (reporting what it stored). */
  const fresh = async (who: "docketbot" | "bare") => {
    const child: ChildHandle =
      who === "docketbot"
        ? await startChild(new URL("../servers/docketbot.ts", import.meta.url), botEnv(opts.services, join(opts.scratch, `intake-${++dbSeq}.db`)), startFlags())
        : await startChild(new URL("../servers/bare-push.ts", import.meta.url), { PUSH_PATH: BENCH.pushPath });
    try {
      if (who === "docketbot") await child.call({ cmd: "link", teamId: BENCH.teamId, channelId: BENCH.channelId, clientMatter: BENCH.clientMatter });
      const ready = await child.call<Ready>({ cmd: "ready" });
      await new Promise((r) => setTimeout(r, 300));
      const idle = await child.call<ProcessUsage>({ cmd: "memory" });
      const warm = await load(ready.url, WARMUP_MATTER, 16, 0, PROCESS_WARMUP_MS);
      if (who === "docketbot") accepted200 += warm.completed;
      return { child, url: ready.url, idle };
    } catch (e) {
      await child.stop();
      throw e;
    }
  };
  const finish = async (who: "docketbot" | "bare", child: ChildHandle) => {
    if (who === "docketbot") storedPushes += (await child.call<{ stored: number }>({ cmd: "pushStats" })).stored;
    await child.stop();
  };

  try {
    const runs = new Map(CONCURRENCY.map((c) => [c, { docketbot: [] as IntakeRun[], bare: [] as IntakeRun[] }]));
    const idle = { docketbot: [] as number[], bare: [] as number[] };
    const after = { docketbot: [] as ProcessUsage[], bare: [] as ProcessUsage[] };
    const after64 = { docketbot: [] as ProcessUsage[], bare: [] as ProcessUsage[] };
    for (let rep = 0; rep < REPEATS; rep++) {
      for (const c of CONCURRENCY) {
        const order = rep % 2 === 0 ? (["docketbot", "bare"] as const) : (["bare", "docketbot"] as const);
        for (const who of order) {
          const server = await fresh(who);
          try {
            const before = await server.child.call<ProcessUsage>({ cmd: "memory" });
            const result = await load(server.url, BENCH.clientMatter, c, WARMUP_MS, MEASURE_MS);
            if (who === "docketbot") accepted200 += result.completed + result.warmupCompleted;
            const mem = await server.child.call<ProcessUsage>({ cmd: "memory" });
            idle[who].push(server.idle.rssMb);
            after[who].push(mem);
            if (c === 64) after64[who].push(mem);
            const s = summarizeLoad(result, mem.cpuMs - before.cpuMs);
            runs.get(c)![who].push(s);
            opts.log(`  intake rep ${rep + 1} c=${c} ${who}: ${s.throughputPerSec.toFixed(0)}/s, p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms, CPU ${s.serverCpuMsPerRequest.toFixed(3)} ms/request (generator ${(s.generatorCpuShare * 100).toFixed(0)}% of a core), RSS ${mem.rssMb.toFixed(0)} MB${s.non200 ? `, ${s.non200} not 200` : ""}`);
          } finally {
            await finish(who, server.child);
          }
        }
      }
    }

    const sustained = await runSustained(opts, generator, join(opts.scratch, `intake-${++dbSeq}.db`), (n) => (accepted200 += n), (n) => (storedPushes += n));

    const levels: IntakeLevel[] = CONCURRENCY.map((c) => {
      const r = runs.get(c)!;
      const docketbot = medianRun(r.docketbot);
      const bare = medianRun(r.bare);
      return { concurrency: c, docketbot, bare, throughputRatio: docketbot.throughputPerSec / bare.throughputPerSec, runs: r };
    });
    const botAfter = median(after64.docketbot.map((m) => m.rssMb));
    const bareAfter = median(after64.bare.map((m) => m.rssMb));
    return {
      levels,
      sustained,
      accepted200,
      storedPushes,
      memory: {
        docketbot: {
          idleRssMb: median(idle.docketbot),
          afterLoadRssMb: botAfter,
          afterLoadHeapUsedMb: median(after64.docketbot.map((m) => m.heapUsedMb)),
          afterLoadHeapTotalMb: median(after64.docketbot.map((m) => m.heapTotalMb)),
          afterLoadNewSpaceMb: median(after64.docketbot.map((m) => m.newSpaceMb)),
          maxAfterLoadRssMb: Math.max(...after.docketbot.map((m) => m.rssMb)),
        },
        bare: { idleRssMb: median(idle.bare), afterLoadRssMb: bareAfter, maxAfterLoadRssMb: Math.max(...after.bare.map((m) => m.rssMb)) },
        afterLoadRatio: botAfter / bareAfter,
      },
    };
  } finally {
    await generator.stop();
  }
}

/** One bot under a long flood at concurrency 64, then measured again at 1 and 64. */
async function runSustained(
  opts: Opts, generator: ChildHandle, databasePath: string, count200: (n: number) => void, countStored: (n: number) => void,
): Promise<SustainedFigure> {
  const bot = await startChild(new URL("../servers/docketbot.ts", import.meta.url), botEnv(opts.services, databasePath), startFlags());
  try {
    await bot.call({ cmd: "link", teamId: BENCH.teamId, channelId: BENCH.channelId, clientMatter: BENCH.clientMatter });
    const { url } = await bot.call<Ready>({ cmd: "ready" });
    const run = async (c: number, measureMs: number) => {
      const before = await bot.call<ProcessUsage>({ cmd: "memory" });
      const r = await generator.call<LoadResult>({ cmd: "run", origin: url, load: pushLoad(BENCH.clientMatter), concurrency: c, warmupMs: WARMUP_MS, measureMs });
      const after = await bot.call<ProcessUsage>({ cmd: "memory" });
      count200(r.completed + r.warmupCompleted);
      return summarizeLoad(r, after.cpuMs - before.cpuMs);
    };
    await run(64, SUSTAINED_FLOOD_MS);
    const pushes = await bot.call<{ stored: number }>({ cmd: "pushStats" });
    const pending = await bot.call<number>({ cmd: "pendingDeliveries" });
    const c1 = await run(1, MEASURE_MS);
    const c64 = await run(64, MEASURE_MS);
    const mem = await bot.call<ProcessUsage>({ cmd: "memory" });
    const stats = await bot.call<{ stored: number }>({ cmd: "pushStats" });
    countStored(stats.stored);
    opts.log(`  intake after a ${SUSTAINED_FLOOD_MS / 1000} s flood (${pending} deliveries waiting): c=1 ${c1.throughputPerSec.toFixed(0)}/s p99 ${c1.p99Ms.toFixed(1)} ms; c=64 ${c64.throughputPerSec.toFixed(0)}/s p99 ${c64.p99Ms.toFixed(1)} ms; RSS ${mem.rssMb.toFixed(0)} MB`);
    return {
      floodMs: SUSTAINED_FLOOD_MS, floodConcurrency: 64, pushesStored: pushes.stored, deliveriesPending: pending,
      afterFlood: { c1, c64 }, rssAfterMb: mem.rssMb, heapUsedAfterMb: mem.heapUsedMb,
    };
  } finally {
    await bot.stop();
  }
}
