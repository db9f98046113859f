/**
 * One measured load run against one server, as the figures report it, and the median of repeats.
 * Shared by the intake and slash-command figures, which differ only in what they send.
 */
import type { LoadResult } from "../load/generator.ts";
import { median, percentile } from "./stats.ts";

export interface LoadRun {
  throughputPerSec: number;
  p50Ms: number;
  p99Ms: number;
  completed: number;
  non200: number;
  /** The server's CPU time per request answered 200 (warm-up included): cost, whatever the load. */
  serverCpuMsPerRequest: number;
  /** The load generator's CPU use while measuring (1 = a whole core: then it may be what limits). */
  generatorCpuShare: number;
}

/** A run from the generator's result and the server's CPU time over it. */
export const summarizeLoad = (r: LoadResult, serverCpuMs: number): LoadRun => ({
  serverCpuMsPerRequest: serverCpuMs / Math.max(1, r.completed + r.warmupCompleted),
  generatorCpuShare: r.generatorCpuShare,
  throughputPerSec: r.throughputPerSec,
  p50Ms: percentile(r.latenciesMs, 50),
  p99Ms: percentile(r.latenciesMs, 99),
  completed: r.completed,
  non200: Object.entries(r.statuses).filter(([s]) => s !== "200").reduce((n, [, c]) => n + c, 0),
});

/** Medians of repeats, field by field (non-200 answers are summed: any is worth seeing). */
export const medianRun = (runs: readonly LoadRun[]): LoadRun => ({
  throughputPerSec: median(runs.map((r) => r.throughputPerSec)),
  p50Ms: median(runs.map((r) => r.p50Ms)),
  p99Ms: median(runs.map((r) => r.p99Ms)),
  completed: median(runs.map((r) => r.completed)),
  non200: runs.reduce((n, r) => n + r.non200, 0),
  serverCpuMsPerRequest: median(runs.map((r) => r.serverCpuMsPerRequest)),
  generatorCpuShare: median(runs.map((r) => r.generatorCpuShare)),
});
