/**
 * Every npm entry point first runs scripts/require-node.js, so that on an older Node a person reads
 * one sentence saying Node 24 is needed instead of ERR_UNKNOWN_FILE_EXTENSION.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("../../scripts/require-node.js", import.meta.url));
const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };

/** A Debian machine's own node, when it is older than 24 (this project's CI machines ship Node 20). */
function olderNode(): string | undefined {
  for (const candidate of ["/usr/bin/node", "/usr/local/bin/node"]) {
    if (!existsSync(candidate) || candidate === process.execPath) continue;
    const major = Number(execFileSync(candidate, ["-p", "process.versions.node.split('.')[0]"], { encoding: "utf8" }).trim());
    if (major < 24) return candidate;
  }
  return undefined;
}

describe("scripts/require-node.js", () => {
  it("is silent and succeeds on this Node", () => {
    const run = spawnSync(process.execPath, [script], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe("");
  });

  const old = olderNode();
  it.skipIf(!old)(`prints one sentence and fails on an older Node (${old ?? "none found on this machine: skipped"})`, () => {
    const run = spawnSync(old!, [script], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^docketbot needs Node\.js 24 or newer, and this is Node \d+\.\d+\.\d+/);
  });

  it.each(["start", "test", "sandbox", "sandbox:docket", "bench"])("runs before `npm run %s`", (name) => {
    expect(pkg.scripts[name]).toMatch(/^node scripts\/require-node\.js && /);
  });
});
