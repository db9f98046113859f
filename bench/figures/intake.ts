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
 * `sustained` is the other half of the story, measured separately: one bot under a flood of
 * FLOOD_PUSHES pushes at concurrency 64 (deliveries pile up at one channel, which drains at 1 msg/s),
 * then measured again.
 *
 * What each run cost the store is read from the bot's own /metrics before and after it
 * (lib/intake-costs.ts): statements per push stored and, on PostgreSQL, round trips per push; and
 * the bot's own p99 (receipt to 200) beside the generator's.
 *
 * Stores side by side (issue 17 item 5): SQLite (the above, REPEATS), then PostgreSQL with one
 * replica and with three (PG_REPEATS each; skipped, and saying so, without a reachable server).
 * Each PostgreSQL run gets a fresh schema; three replicas are three bot processes on that one
 * schema, and the generator sends its requests round-robin over them (the simplest load balancer).
 * Their ratio is against the SAME bare route (the SQLite rows' medians): the baseline does not
 * depend on the store. Memory of three replicas is each process's own (the most of the three).
 */
import { join } from "node:path";
import type { Services } from "../../sandbox/harness.ts";
import type { LoadRequest, LoadResult } from "../load/generator.ts";
import type { PushLoad } from "../load/requests.ts";
import { BENCH, basicAuth, botEnv, startCommand } from "../lib/bot-env.ts";
import { startChild, type ChildHandle, type ProcessUsage } from "../lib/child.ts";
import { intakeCosts, scrapeAll, type IntakeCosts } from "../lib/intake-costs.ts";
import { medianRun, summarizeLoad, type LoadRun } from "../lib/load-run.ts";
import { createSchema, displayUrl, type BenchSchema, type Postgres } from "../lib/postgres.ts";
import { median } from "../lib/stats.ts";

/** The bot runs as `npm start` runs it: its Node flags and environment defaults. */
const START = startCommand();

export const CONCURRENCY = [1, 16, 64] as const;
const REPEATS = 3;
/** PostgreSQL rows: fewer repeats, to keep `npm run bench` near six minutes on two cores. */
const PG_REPEATS = 1;
/** Per process, before anything is measured: pushes for an unlinked matter at concurrency 16. */
const PROCESS_WARMUP_MS = 1000;
/** Per run: the measured load itself, unmeasured, then the measured phase. */
const WARMUP_MS = 300;
const MEASURE_MS = 2000;
/**
 * The flood: this many pushes at concurrency 64 (15,000 deliveries waiting, issue 17 item 5), or
 * FLOOD_MAX_MS, whichever comes first (SQLite takes about 8 s; PostgreSQL's rows stop at the time
 * cap with fewer waiting, which the row says: the bench stays near six minutes).
 */
const FLOOD_PUSHES = 15_000;
const FLOOD_MAX_MS = 20_000;
/**
 * Then deeper: the same deployment flooded on until this many deliveries wait (issue 24: the
 * after-flood target holds "with 50,000 waiting" too), or DEEP_FLOOD_MAX_MS, and measured again.
 */
const DEEP_WAITING = 50_000;
const DEEP_FLOOD_MAX_MS = 45_000;
const WARMUP_MATTER = "WARMUP-UNLINKED";

/** A run's load figures; the bot's also its store's statements (and round trips) per push and its own p99, from /metrics. */
export interface IntakeRun extends LoadRun {
  costs?: IntakeCosts | undefined;
}

/** Medians of repeats, field by field, the costs too (the bare route has none). */
function medianIntakeRun(runs: readonly IntakeRun[]): IntakeRun {
  const costs = runs.flatMap((r) => (r.costs ? [r.costs] : []));
  const trips = costs.flatMap((c) => (c.roundTripsPerPush === undefined ? [] : [c.roundTripsPerPush]));
  return {
    ...medianRun(runs),
    ...(costs.length === 0 ? {} : {
      costs: {
        pushesStored: median(costs.map((c) => c.pushesStored)),
        statementsPerPush: median(costs.map((c) => c.statementsPerPush)),
        roundTripsPerPush: trips.length === 0 ? undefined : median(trips),
        serverP99Ms: median(costs.map((c) => c.serverP99Ms)),
      },
    }),
  };
}

/** "0.12 statements, 0.12 round trips per push; server p99 3.1 ms" (the log's and the table's words). */
export function costsText(c: IntakeCosts | undefined): string {
  if (!c) return "";
  const trips = c.roundTripsPerPush === undefined ? "" : `, ${c.roundTripsPerPush.toFixed(2)} round trips`;
  return `${c.statementsPerPush.toFixed(2)} statements${trips} per push; server p99 ${c.serverP99Ms.toFixed(1)} ms`;
}

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
  /**
   * The idle RSS of the slash figure's ack-only Bolt app (bench/servers/bare-bolt.ts) run as the bot
   * is (the start script's flags and environment), median of three starts: the floor under any
   * Bolt app's idle memory, which the bare Express route's is not.
   */
  boltIdleRssMb: number;
  /** docketbot ÷ bare RSS after the concurrency-64 run (medians of repeats). */
  afterLoadRatio: number;
}

export interface SustainedFigure {
  /** The deeper flood's figure (up to DEEP_WAITING deliveries waiting), measured on the same deployment after this one. */
  deeper?: SustainedFigure | undefined;
  floodMs: number;
  floodConcurrency: number;
  /** Pushes the flood sent (answered 200), and the time it took. */
  floodPushes: number;
  pushesStored: number;
  /** The deliveries the flood left waiting (one channel, drained at 1 msg/s). */
  deliveriesPending: number;
  afterFlood: { c1: IntakeRun; c64: IntakeRun };
  /** After-flood c=1 throughput ÷ the same store's fresh c=1 throughput. */
  c1Ratio: number;
  /** The most of the replicas' RSS (one replica: its own). */
  rssAfterMb: number;
  heapUsedAfterMb: number;
}

/** One store set-up's rows (the bare route is the SQLite rows' own). */
export interface BackendIntake {
  key: "postgres-1" | "postgres-3";
  label: string;
  replicas: number;
  repeats: number;
  levels: { concurrency: number; docketbot: IntakeRun; throughputRatio: number; runs: IntakeRun[] }[];
  /** RSS of a replica (the most of them) idle and after the concurrency-64 run, medians of repeats. */
  memory: { idleRssMb: number; afterLoadRssMb: number; afterLoadHeapUsedMb: number };
  sustained: SustainedFigure;
}

export interface IntakeFigure {
  levels: IntakeLevel[];
  memory: MemoryFigure;
  sustained: SustainedFigure;
  /** PostgreSQL with one replica and with three, or why not. */
  postgres: { available: true; url: string; version: string; settings: { fsync: string; synchronousCommit: string }; backends: BackendIntake[] } | { available: false; url: string; reason: string };
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
  /** Where the PostgreSQL rows run (bench/lib/postgres.ts probePostgres). */
  postgres: Postgres;
}

const pushLoad = (clientMatter: string): PushLoad => ({
  kind: "push", path: BENCH.pushPath, authorization: basicAuth(BENCH.pushUser, BENCH.pushPassword), clientMatter,
});

/** One deployment of the bot: one process on SQLite, or N replicas on one PostgreSQL schema. */
interface Deployment {
  children: ChildHandle[];
  urls: string[];
  /** Stops every replica and drops the schema. Reports the pushes stored (once: the store is shared). */
  stop(): Promise<number>;
}

type Where = { kind: "sqlite"; path: string } | { kind: "postgres"; baseUrl: string; replicas: number; label: string; name: string };

async function deploy(opts: Opts, where: Where): Promise<Deployment> {
  const bot = (database: string) => startChild(new URL("../servers/docketbot.ts", import.meta.url), { ...botEnv(opts.services, database), ...START.env }, START.flags);
  const children: ChildHandle[] = [];
  let schema: BenchSchema | undefined;
  const stop = async () => {
    let stored = 0;
    try {
      if (children[0]) stored = (await children[0].call<{ stored: number }>({ cmd: "pushStats" })).stored;
    } finally {
      await Promise.all(children.map((c) => c.stop()));
      await schema?.drop();
    }
    return stored;
  };
  try {
    if (where.kind === "sqlite") {
      children.push(await bot(where.path));
    } else {
      schema = await createSchema(where.baseUrl, where.label);
      // The first replica migrates the new schema; the others then start together.
      children.push(await bot(schema.url));
      children.push(...(await Promise.all(Array.from({ length: where.replicas - 1 }, () => bot(schema!.url)))));
    }
    await children[0]!.call({ cmd: "link", teamId: BENCH.teamId, channelId: BENCH.channelId, clientMatter: BENCH.clientMatter });
    const urls = (await Promise.all(children.map((c) => c.call<Ready>({ cmd: "ready" })))).map((r) => r.url);
    return { children, urls, stop };
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }
}

/** Memory of a deployment: the replica with the most RSS. */
async function usage(d: Deployment): Promise<ProcessUsage> {
  const all = await Promise.all(d.children.map((c) => c.call<ProcessUsage>({ cmd: "memory" })));
  return all.reduce((a, b) => (b.rssMb > a.rssMb ? b : a));
}
/** CPU of a deployment: every replica's together. */
async function cpuMs(d: Deployment): Promise<number> {
  const all = await Promise.all(d.children.map((c) => c.call<ProcessUsage>({ cmd: "memory" })));
  return all.reduce((n, u) => n + u.cpuMs, 0);
}

export async function runIntake(opts: Opts): Promise<IntakeFigure> {
  const generator = await startChild(new URL("../load/generator.ts", import.meta.url));
  let dbSeq = 0;
  let accepted200 = 0;
  let storedPushes = 0;
  const load = (urls: readonly string[], clientMatter: string, concurrency: number, warmupMs: number, measureMs: number, maxRequests?: number) =>
    generator.call<LoadResult>({
      cmd: "run", origin: urls[0]!, origins: urls, load: pushLoad(clientMatter), concurrency, warmupMs, measureMs,
      ...(maxRequests === undefined ? {} : { maxRequests }),
    } satisfies LoadRequest & { cmd: string });
  const sqlite = (): Where => ({ kind: "sqlite", path: join(opts.scratch, `intake-${++dbSeq}.db`) });

  /** A fresh deployment (or the bare route), warmed up, ready to be measured. */
  const fresh = async (who: "docketbot" | "bare", where: Where) => {
    const d: Deployment =
      who === "docketbot"
        ? await deploy(opts, where)
        : await (async () => {
          const child = await startChild(new URL("../servers/bare-push.ts", import.meta.url), { PUSH_PATH: BENCH.pushPath });
          const { url } = await child.call<Ready>({ cmd: "ready" });
          return { children: [child], urls: [url], stop: async () => (await child.stop(), 0) };
        })();
    try {
      await new Promise((r) => setTimeout(r, 300));
      const idle = await usage(d);
      const warm = await load(d.urls, WARMUP_MATTER, 16, 0, PROCESS_WARMUP_MS);
      if (who === "docketbot") accepted200 += warm.completed;
      return { d, idle };
    } catch (e) {
      await d.stop();
      throw e;
    }
  };
  const finish = async (who: "docketbot" | "bare", d: Deployment) => {
    const stored = await d.stop();
    if (who === "docketbot") storedPushes += stored;
  };
  /** One measured run on a fresh deployment: the load's summary and the deployment's memory after it. */
  const measure = async (who: "docketbot" | "bare", where: Where, c: number, note: string) => {
    const server = await fresh(who, where);
    try {
      const scraped = who === "docketbot" ? await scrapeAll(server.d.urls) : undefined;
      const before = await cpuMs(server.d);
      const result = await load(server.d.urls, BENCH.clientMatter, c, WARMUP_MS, MEASURE_MS);
      if (who === "docketbot") accepted200 += result.completed + result.warmupCompleted;
      const mem = await usage(server.d);
      const s: IntakeRun = summarizeLoad(result, (await cpuMs(server.d)) - before);
      if (scraped) s.costs = intakeCosts(scraped, await scrapeAll(server.d.urls));
      opts.log(`  intake ${note} c=${c} ${who}: ${s.throughputPerSec.toFixed(0)}/s, p50 ${s.p50Ms.toFixed(2)} ms, p99 ${s.p99Ms.toFixed(2)} ms, CPU ${s.serverCpuMsPerRequest.toFixed(3)} ms/request (generator ${(s.generatorCpuShare * 100).toFixed(0)}% of a core), RSS ${mem.rssMb.toFixed(0)} MB${s.non200 ? `, ${s.non200} not 200` : ""}${s.costs ? `; ${costsText(s.costs)}` : ""}`);
      return { s, mem, idle: server.idle };
    } finally {
      await finish(who, server.d);
    }
  };
  const flood = (where: Where) =>
    runSustained(opts, where, load, (n) => (accepted200 += n), (n) => (storedPushes += n));

  try {
    const runs = new Map(CONCURRENCY.map((c) => [c, { docketbot: [] as IntakeRun[], bare: [] as IntakeRun[] }]));
    const idle = { docketbot: [] as number[], bare: [] as number[] };
    const after = { docketbot: [] as ProcessUsage[], bare: [] as ProcessUsage[] };
    const after64 = { docketbot: [] as ProcessUsage[], bare: [] as ProcessUsage[] };
    for (let rep = 0; rep < REPEATS; rep++) {
      for (const c of CONCURRENCY) {
        const order = rep % 2 === 0 ? (["docketbot", "bare"] as const) : (["bare", "docketbot"] as const);
        for (const who of order) {
          const m = await measure(who, sqlite(), c, `SQLite rep ${rep + 1}`);
          idle[who].push(m.idle.rssMb);
          after[who].push(m.mem);
          if (c === 64) after64[who].push(m.mem);
          runs.get(c)![who].push(m.s);
        }
      }
    }
    const sustained = await flood(sqlite());
    const boltIdle: number[] = [];
    for (let i = 0; i < 3; i++) boltIdle.push(await idleRssOf(new URL("../servers/bare-bolt.ts", import.meta.url), { ...botEnv(opts.services, ":memory:"), ...START.env }, START.flags));

    const levels: IntakeLevel[] = CONCURRENCY.map((c) => {
      const r = runs.get(c)!;
      const docketbot = medianIntakeRun(r.docketbot);
      const bare = medianIntakeRun(r.bare);
      return { concurrency: c, docketbot, bare, throughputRatio: docketbot.throughputPerSec / bare.throughputPerSec, runs: r };
    });
    sustained.c1Ratio = sustained.afterFlood.c1.throughputPerSec / levels[0]!.docketbot.throughputPerSec;
    if (sustained.deeper) sustained.deeper.c1Ratio = sustained.deeper.afterFlood.c1.throughputPerSec / levels[0]!.docketbot.throughputPerSec;

    let postgres: IntakeFigure["postgres"];
    const pg = opts.postgres;
    if (!pg.available) {
      opts.log(`  intake on PostgreSQL skipped: no PostgreSQL at ${displayUrl(pg.url)} (${pg.reason})`);
      postgres = { available: false, url: displayUrl(pg.url), reason: pg.reason };
    } else {
      const backends: BackendIntake[] = [];
      for (const replicas of [1, 3] as const) {
        const key = replicas === 1 ? "postgres-1" : "postgres-3";
        const label = `PostgreSQL, ${replicas} replica${replicas === 1 ? "" : "s"}`;
        const where = (): Where => ({ kind: "postgres", baseUrl: pg.url, replicas, label: `r${replicas}`, name: label });
        const pgRuns = new Map(CONCURRENCY.map((c) => [c, [] as IntakeRun[]]));
        const pgIdle: number[] = [];
        const pg64: ProcessUsage[] = [];
        for (let rep = 0; rep < PG_REPEATS; rep++) {
          for (const c of CONCURRENCY) {
            const m = await measure("docketbot", where(), c, `${label} rep ${rep + 1}`);
            pgRuns.get(c)!.push(m.s);
            pgIdle.push(m.idle.rssMb);
            if (c === 64) pg64.push(m.mem);
          }
        }
        const pgLevels = CONCURRENCY.map((c, i) => {
          const docketbot = medianIntakeRun(pgRuns.get(c)!);
          return { concurrency: c, docketbot, throughputRatio: docketbot.throughputPerSec / levels[i]!.bare.throughputPerSec, runs: pgRuns.get(c)! };
        });
        const pgSustained = await flood(where());
        pgSustained.c1Ratio = pgSustained.afterFlood.c1.throughputPerSec / pgLevels[0]!.docketbot.throughputPerSec;
        if (pgSustained.deeper) pgSustained.deeper.c1Ratio = pgSustained.deeper.afterFlood.c1.throughputPerSec / pgLevels[0]!.docketbot.throughputPerSec;
        backends.push({
          key, label, replicas, repeats: PG_REPEATS, levels: pgLevels, sustained: pgSustained,
          memory: { idleRssMb: median(pgIdle), afterLoadRssMb: median(pg64.map((m) => m.rssMb)), afterLoadHeapUsedMb: median(pg64.map((m) => m.heapUsedMb)) },
        });
      }
      postgres = { available: true, url: displayUrl(pg.url), version: pg.version, settings: pg.settings, backends };
    }

    const botAfter = median(after64.docketbot.map((m) => m.rssMb));
    const bareAfter = median(after64.bare.map((m) => m.rssMb));
    return {
      levels,
      sustained,
      postgres,
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
        boltIdleRssMb: median(boltIdle),
        afterLoadRatio: botAfter / bareAfter,
      },
    };
  } finally {
    await generator.stop();
  }
}

/** A server's RSS once started and left idle as the bot's is before its load (`fresh`: 300 ms). */
async function idleRssOf(script: URL, env: Record<string, string>, flags: readonly string[]): Promise<number> {
  const child = await startChild(script, env, flags);
  try {
    await child.call({ cmd: "ready" });
    await new Promise((r) => setTimeout(r, 300));
    return (await child.call<ProcessUsage>({ cmd: "memory" })).rssMb;
  } finally {
    await child.stop();
  }
}

type Load = (urls: readonly string[], clientMatter: string, concurrency: number, warmupMs: number, measureMs: number, maxRequests?: number) => Promise<LoadResult>;

/**
 * One deployment under a flood of FLOOD_PUSHES at concurrency 64, then measured again at 1 and 64;
 * then flooded on until DEEP_WAITING deliveries wait, and measured again (`deeper`).
 */
async function runSustained(opts: Opts, where: Where, load: Load, count200: (n: number) => void, countStored: (n: number) => void): Promise<SustainedFigure> {
  const d = await deploy(opts, where);
  let stored = 0;
  try {
    const run = async (c: number, measureMs: number, maxRequests?: number) => {
      const scraped = await scrapeAll(d.urls);
      const before = await cpuMs(d);
      const r = await load(d.urls, BENCH.clientMatter, c, WARMUP_MS, measureMs, maxRequests);
      count200(r.completed + r.warmupCompleted);
      const s: IntakeRun = { ...summarizeLoad(r, (await cpuMs(d)) - before), costs: intakeCosts(scraped, await scrapeAll(d.urls)) };
      return { r, s };
    };
    const pendingNow = () => d.children[0]!.call<number>({ cmd: "pendingDeliveries" });
    const name = where.kind === "sqlite" ? "SQLite" : where.name;
    const stage = async (floodMaxMs: number, floodPushes: number): Promise<SustainedFigure> => {
      const floodRun = await run(64, floodMaxMs, floodPushes);
      const pushes = await d.children[0]!.call<{ stored: number }>({ cmd: "pushStats" });
      const pending = await pendingNow();
      const c1 = (await run(1, MEASURE_MS)).s;
      const c64 = (await run(64, MEASURE_MS)).s;
      const mem = await usage(d);
      opts.log(`  intake ${name} after a flood of ${floodRun.r.completed} pushes in ${(floodRun.r.elapsedMs / 1000).toFixed(1)} s (${costsText(floodRun.s.costs)}; ${pending} deliveries waiting): c=1 ${c1.throughputPerSec.toFixed(0)}/s p99 ${c1.p99Ms.toFixed(1)} ms; c=64 ${c64.throughputPerSec.toFixed(0)}/s p99 ${c64.p99Ms.toFixed(1)} ms (${costsText(c64.costs)}); RSS ${mem.rssMb.toFixed(0)} MB`);
      return {
        floodMs: floodRun.r.elapsedMs, floodConcurrency: 64, floodPushes: floodRun.r.completed, pushesStored: pushes.stored, deliveriesPending: pending,
        afterFlood: { c1, c64 }, c1Ratio: Number.NaN, rssAfterMb: mem.rssMb, heapUsedAfterMb: mem.heapUsedMb,
      };
    };
    const first = await stage(FLOOD_MAX_MS, FLOOD_PUSHES);
    // The measured runs added deliveries too: flood on by what is still missing.
    const missing = DEEP_WAITING - (await pendingNow());
    return missing > 0 ? { ...first, deeper: await stage(DEEP_FLOOD_MAX_MS, missing) } : first;
  } finally {
    stored = await d.stop();
    countStored(stored);
  }
}
