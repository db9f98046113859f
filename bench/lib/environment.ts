/** What the figures were measured on: they mean little without it. */
import { execFileSync } from "node:child_process";
import { cpus, loadavg, platform, release, totalmem } from "node:os";

export interface Environment {
  date: string;
  node: string;
  v8: string;
  platform: string;
  cpuCount: number;
  cpuModel: string;
  memoryGb: number;
  loadAverage1m: number;
  gitCommit: string;
  gitDirty: boolean;
}

export function environment(): Environment {
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return "";
    }
  };
  return {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    platform: `${platform()} ${release()}`,
    cpuCount: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    loadAverage1m: loadavg()[0] ?? 0,
    gitCommit: git("rev-parse", "--short", "HEAD") || "unknown",
    gitDirty: git("status", "--porcelain") !== "",
  };
}
