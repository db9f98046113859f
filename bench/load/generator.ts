/**
 * The load generator, in its own process so that it never shares an event loop (or the group
 * commit's event-loop turn) with the server it measures. Closed loop: `concurrency` workers, each
 * sending its next request as soon as the previous answer has been read in full, over keep-alive
 * connections (one per worker). Warm-up first, then the measured phase; every request has a fresh
 * body (pushes are deduplicated by their bytes; slash commands are signed with the current time).
 * Several origins (replicas of one bot): requests go round-robin over them, one after another
 * whichever worker sends them, each origin with its own keep-alive connections (the simplest load
 * balancer, so that even concurrency 1 spreads over every replica).
 */
import { Pool } from "undici";
import { serveParent } from "../lib/child.ts";
import { fetchLoop, type FetchLoopRequest } from "./fetch-loop.ts";
import { createOpenLoop, type OpenLoopRequest } from "./open-loop.ts";
import { pushRequest, slashRequest, type PushLoad, type SlashLoad } from "./requests.ts";

export type { PushLoad, SlashLoad };

export interface LoadRequest {
  origin: string;
  /** Replicas: requests round-robin over these instead of `origin`. */
  origins?: readonly string[];
  load: PushLoad | SlashLoad;
  concurrency: number;
  warmupMs: number;
  measureMs: number;
  /** Caps the measured phase (and the warm-up, if warmupRequests is set) by count as well. */
  maxRequests?: number;
  warmupRequests?: number;
}

export interface LoadResult {
  completed: number;
  elapsedMs: number;
  throughputPerSec: number;
  latenciesMs: number[];
  /** Answers by HTTP status ("error" for a failed request); only 200 counts as completed. */
  statuses: Record<string, number>;
  /** 200s during the warm-up (not measured, but stored by the server all the same). */
  warmupCompleted: number;
  /** The generator's own CPU use during the measured phase (1 = one core busy): near 1, it may be the limit. */
  generatorCpuShare: number;
}

async function phase(pools: readonly Pool[], req: LoadRequest, ms: number, cap: number | undefined, record: boolean) {
  const make = req.load.kind === "push" ? () => pushRequest(req.load as PushLoad) : () => slashRequest(req.load as SlashLoad);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let started = 0;
  let completed = 0;
  let lastEnd = 0;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const deadline = t0 + ms;
  let turn = 0;
  const worker = async () => {
    while (performance.now() < deadline && (cap === undefined || started < cap)) {
      started++;
      const r = make();
      const begin = performance.now();
      let status: string;
      try {
        const res = await pools[turn++ % pools.length]!.request(r);
        await res.body.text();
        status = String(res.statusCode);
      } catch {
        status = "error";
      }
      const end = performance.now();
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === "200") {
        completed++;
        if (record) latencies.push(end - begin);
      }
      lastEnd = end;
    }
  };
  await Promise.all(Array.from({ length: req.concurrency }, worker));
  const elapsedMs = Math.max(1, lastEnd - t0);
  const cpu = process.cpuUsage(cpu0);
  const generatorCpuShare = (cpu.user + cpu.system) / 1000 / Math.max(1, performance.now() - t0);
  return { completed, elapsedMs, throughputPerSec: (completed / elapsedMs) * 1000, latenciesMs: latencies, statuses, generatorCpuShare };
}

const openLoop = createOpenLoop();

serveParent(async (request) => {
  if (request.cmd === "open") return openLoop.run(request as unknown as OpenLoopRequest);
  if (request.cmd === "openStop") return void openLoop.stop();
  if (request.cmd === "fetch") return fetchLoop(request as unknown as FetchLoopRequest);
  if (request.cmd !== "run") throw new Error(`unknown command ${String(request.cmd)}`);
  const req = request as unknown as LoadRequest & { cmd: string };
  const origins = req.origins && req.origins.length > 0 ? req.origins : [req.origin];
  const pools = origins.map((o) => new Pool(o, { connections: req.concurrency, pipelining: 1, keepAliveTimeout: 30_000 }));
  try {
    const warmup = await phase(pools, req, req.warmupMs, req.warmupRequests, false);
    const measured = await phase(pools, req, req.measureMs, req.maxRequests, true);
    const result: LoadResult = { ...measured, warmupCompleted: warmup.completed };
    return result;
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
});
