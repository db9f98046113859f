/**
 * render/ is pure (DEVELOPERS.md, Architecture): no IO, and from elsewhere in the project only
 * types, plus the pure helpers of docket/courts.ts, refs.ts and dates.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = fileURLToPath(new URL("../../src/render/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
const PURE_HELPERS = new Set(["../docket/courts.ts", "../docket/refs.ts", "../docket/dates.ts"]);

describe("render/ imports", () => {
  it.each(files)("%s imports only siblings, types and pure helpers", (file) => {
    const source = readFileSync(`${dir}${file}`, "utf8");
    for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^"']*?from\s+["']([^"']+)["']/gm)) {
      const [, , typeOnly, from] = m;
      if (typeOnly || from!.startsWith("./") || PURE_HELPERS.has(from!)) continue;
      if (from === "@slack/types" && /^import type /.test(m[0])) continue;
      throw new Error(`${file} imports ${from} at runtime`);
    }
    expect(source).not.toMatch(/\bprocess\.env\b|from ["']node:(fs|net|http|https|child_process)["']/);
  });
});
