/**
 * The house rules of DEVELOPERS.md (Architecture), checked from the source text of src/:
 * - court/ is the pure kernel: it imports nothing else from src/ and does no IO;
 * - views (features/<x>/views/) and slack/blockkit/ are pure: at run time they import only court/,
 *   slack/blockkit/ and their own views/ folder; anything else only as a type. No exception list;
 * - slack/ is the platform and knows no feature; docket/ and store/ know neither Slack nor features;
 * - nothing under src/ imports sandbox/ (the emulator and the Slack stand-in are not shipped);
 * - only main.ts reads process.env (config/ parses the record main.ts hands it);
 * - src/ has no import cycles (type-only imports included: a cycle of types is still a knot).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SRC = join(ROOT, "src");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

interface Import {
  /** Repo-relative path of the imported file, or the bare package name. */
  target: string;
  typeOnly: boolean;
  line: string;
}

/** Every static import/export-from of a file (multi-line included), resolved. */
function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8");
  const out: Import[] = [];
  for (const m of source.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+["']([^"']+)["']/gms)) {
    const [line, , typeKw, names, spec] = m as unknown as [string, string, string | undefined, string, string];
    // `import { type A, type B }` is as type-only as `import type { A, B }`.
    const allTypes = /^\{[^}]*\}$/s.test(names.trim()) && names.replace(/[{}\s]/g, "").split(",").filter(Boolean).every((n) => n.startsWith("type"));
    const target = spec.startsWith(".") ? relative(ROOT, resolve(dirname(file), spec)) : spec;
    out.push({ target, typeOnly: Boolean(typeKw) || allTypes, line: line.replace(/\s+/g, " ") });
  }
  for (const m of source.matchAll(/^import\s+["']([^"']+)["']/gm)) {
    const spec = m[1]!;
    out.push({ target: spec.startsWith(".") ? relative(ROOT, resolve(dirname(file), spec)) : spec, typeOnly: false, line: m[0] });
  }
  return out;
}

const files = walk(SRC).map((f) => relative(ROOT, f)).sort();
const graph = new Map(files.map((f) => [f, importsOf(join(ROOT, f))]));
const isView = (f: string) => /^src\/features\/[^/]+\/views\//.test(f);
const isBlockkit = (f: string) => f.startsWith("src/slack/blockkit/");

describe("src/ layout", () => {
  it("has the kernel, the client, the store, the platform and the features", () => {
    for (const dir of ["court", "docket", "store", "slack/blockkit", "features"]) {
      expect(statSync(join(SRC, dir)).isDirectory(), dir).toBe(true);
    }
  });

  it.each(files.filter((f) => f.startsWith("src/court/")))("%s is pure and imports nothing else from src/", (file) => {
    for (const imp of graph.get(file)!) {
      if (imp.target.startsWith("src/")) expect(imp.target, imp.line).toMatch(/^src\/court\//);
      else expect(imp.typeOnly || !imp.target.startsWith("node:"), `${file}: ${imp.line}`).toBe(true);
    }
  });

  it.each(files.filter((f) => isView(f) || isBlockkit(f)))("%s imports only court/, slack/blockkit/, its own views and types", (file) => {
    const ownViews = dirname(file) + "/";
    for (const imp of graph.get(file)!) {
      if (imp.typeOnly) continue;
      const ok = imp.target.startsWith("src/court/") || imp.target.startsWith("src/slack/blockkit/") || (isView(file) && imp.target.startsWith(ownViews));
      expect(ok, `${file} imports at run time: ${imp.line}`).toBe(true);
    }
    const source = readFileSync(join(ROOT, file), "utf8");
    expect(source).not.toMatch(/\bprocess\.env\b|from ["']node:(fs|net|http|https|child_process|sqlite)["']/);
  });

  it.each(files.filter((f) => f.startsWith("src/slack/")))("%s (the platform) imports no feature", (file) => {
    for (const imp of graph.get(file)!) expect(imp.target.startsWith("src/features/"), `${file}: ${imp.line}`).toBe(false);
  });

  it.each(files.filter((f) => f.startsWith("src/docket/") || f.startsWith("src/store/")))("%s knows neither Slack nor features", (file) => {
    for (const imp of graph.get(file)!) {
      expect(/^src\/(slack|features|http)\//.test(imp.target) || imp.target.startsWith("@slack/"), `${file}: ${imp.line}`).toBe(false);
    }
  });

  it("nothing under src/ imports sandbox/", () => {
    const offenders = [...graph].flatMap(([f, imps]) => imps.filter((i) => i.target.startsWith("sandbox/")).map((i) => `${f}: ${i.line}`));
    expect(offenders).toEqual([]);
  });

  it("only main.ts reads process.env", () => {
    const readers = files.filter((f) => /\bprocess\.env\b/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(readers.filter((f) => f !== "src/main.ts")).toEqual([]);
  });

  it("has no import cycles", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, "open");
      stack.push(f);
      for (const imp of graph.get(f) ?? []) {
        if (!graph.has(imp.target)) continue;
        if (state.get(imp.target) === "open") cycles.push([...stack.slice(stack.indexOf(imp.target)), imp.target].join(" -> "));
        else if (!state.has(imp.target)) visit(imp.target);
      }
      stack.pop();
      state.set(f, "done");
    };
    for (const f of files) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
