import { readFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import { describe, expect, it } from "vitest";
import { startCommand } from "../../bench/lib/bot-env.ts";

// The bench's bots must run as `npm start` runs the bot: a flag or environment default added to
// the start script (or the Dockerfile) and not seen here would make every figure describe
// something else than production.
describe("the bench's bot runs as npm start runs it", () => {
  const start = startCommand();

  it("takes the start script's Node flags", () => {
    expect(start.flags).toEqual(["--max-semi-space-size=4", "--no-allocation-site-pretenuring"]);
  });

  it("takes the start script's environment defaults, a path as the repo's", () => {
    expect(start.env.MALLOC_ARENA_MAX).toBe(process.env.MALLOC_ARENA_MAX ?? "2");
    const cache = start.env.NODE_COMPILE_CACHE!;
    expect(cache).toBeDefined();
    if (process.env.NODE_COMPILE_CACHE === undefined) {
      expect(isAbsolute(cache)).toBe(true);
      expect(cache).toMatch(/node_modules\/\.cache\/docketbot$/);
    }
  });

  it("matches the Docker image's command and environment", () => {
    const docker = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
    const cmd = /^CMD \[(.*)\]$/m.exec(docker)![1]!.split(",").map((w) => JSON.parse(w.trim()) as string);
    expect(cmd.filter((w) => w.startsWith("--"))).toEqual(start.flags);
    expect(docker).toMatch(/^ENV MALLOC_ARENA_MAX=2$/m);
    expect(docker).toMatch(/^ENV NODE_COMPILE_CACHE=/m);
    // The cache is filled with the same V8 flags the bot runs with (they are part of its key).
    expect(docker).toContain(`RUN node ${start.flags.join(" ")} --input-type=module`);
  });
});
