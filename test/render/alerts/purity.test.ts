/** render/alerts is pure like the rest of render/ (DEVELOPERS.md, Architecture): no IO, only types from elsewhere. */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dir = fileURLToPath(new URL("../../../src/render/alerts/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
const PURE_HELPERS = new Set(["../../docket/courts.ts", "../../docket/refs.ts", "../../docket/dates.ts"]);

describe("render/alerts imports", () => {
  it.each(files)("%s imports only render/, types and pure helpers", (file) => {
    const source = readFileSync(`${dir}${file}`, "utf8");
    for (const m of source.matchAll(/^(import|export)\s+(type\s+)?[^"']*?from\s+["']([^"']+)["']/gm)) {
      const [, , typeOnly, from] = m;
      if (typeOnly || from!.startsWith("./") || /^\.\.\/[a-z-]+\.ts$/.test(from!) || PURE_HELPERS.has(from!)) continue;
      throw new Error(`${file} imports ${from} at runtime`);
    }
    expect(source).not.toMatch(/\bprocess\.env\b|from ["']node:/);
  });
});
