/**
 * The house rules of DEVELOPERS.md (Architecture), checked from the source text of src/:
 * - court/ is the pure kernel: it imports nothing else from src/ and does no IO;
 * - views (features/<x>/views/) and slack/blockkit/ are pure: at run time they import only court/,
 *   slack/blockkit/ and their own views/ folder; anything else only as a type. No exception list;
 * - slack/ is the platform and knows no feature; docket/ and store/ know neither Slack nor features;
 * - nothing under src/ imports sandbox/ (the emulator and the Slack stand-in are not shipped);
 * - only main.ts reads process.env (config/ parses the record main.ts hands it);
 * - src/ has no import cycles (type-only imports included: a cycle of types is still a knot);
 * - features meet only at their front doors: a file in features/X imports features/Y only through
 *   features/Y/index.ts, and the feature folders import each other without a cycle;
 * - no feature imports a store implementation (store/sqlite/, store/postgres/), and nothing in the
 *   store outside a dialect imports one (areas, the SQL layer and the migrator are written once);
 * - no file in src/ is over 400 lines;
 * - each feature gets only the store it uses: only features/X/deps.ts names the Store type, as
 *   `XStore = Pick<Store, …>` (& the named parts shared code needs, e.g. slack's ContextStore),
 *   every key of which the feature's own code uses; its other files narrow from XStore; index.ts
 *   exports XStore; and SlackDeps carries no store.
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

const featureOf = (f: string) => /^src\/features\/([^/]+)\//.exec(f)?.[1];
const featureFiles = files.filter((f) => featureOf(f) !== undefined);
const features = [...new Set(featureFiles.map((f) => featureOf(f)!))].sort();
/** Source without comments, so a word in a doc comment is not taken for code. */
const codeOf = (f: string) => readFileSync(join(ROOT, f), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

describe("features meet only at their front doors", () => {
  it.each(featureFiles)("%s imports another feature only through its index.ts", (file) => {
    const own = featureOf(file);
    for (const imp of graph.get(file)!) {
      const other = featureOf(imp.target);
      if (other === undefined || other === own) continue;
      expect(imp.target, `${file}: ${imp.line}`).toBe(`src/features/${other}/index.ts`);
    }
  });

  it("alerts knows court dates only through its add-ons: no deadline logic at delivery", () => {
    // A push's dates are read once when it is planned (push-plan.ts, its dates in push-court-dates.ts);
    // storing them, marking met and the lines under a filing belong to the deadlines feature's alert
    // add-on (slack/alert-add-ons.ts).
    const planner = new Set(["src/features/alerts/outbox/push-plan.ts", "src/features/alerts/outbox/push-court-dates.ts"]);
    const offenders = [...graph]
      .filter(([f]) => f.startsWith("src/features/alerts/") && !planner.has(f))
      .flatMap(([f, imps]) => imps.filter((i) => /^src\/court\/(deadlines|rules)\//.test(i.target) && i.target !== "src/court/rules/holidays.ts").map((i) => `${f}: ${i.line}`));
    expect(offenders).toEqual([]);
  });

  it("has no import cycles between feature folders", () => {
    const edges = new Map(features.map((x) => [x, new Set<string>()]));
    for (const f of featureFiles) {
      for (const imp of graph.get(f)!) {
        const other = featureOf(imp.target);
        if (other !== undefined && other !== featureOf(f)) edges.get(featureOf(f)!)!.add(other);
      }
    }
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (x: string) => {
      state.set(x, "open");
      stack.push(x);
      for (const y of edges.get(x) ?? []) {
        if (state.get(y) === "open") cycles.push([...stack.slice(stack.indexOf(y)), y].join(" -> "));
        else if (!state.has(y)) visit(y);
      }
      stack.pop();
      state.set(x, "done");
    };
    for (const x of features) if (!state.has(x)) visit(x);
    expect(cycles).toEqual([]);
  });

  it.each(featureFiles)("%s imports no store implementation", (file) => {
    for (const imp of graph.get(file)!) expect(/^src\/store\/(sqlite|postgres)\//.test(imp.target), `${file}: ${imp.line}`).toBe(false);
  });
});

describe("the store is written once", () => {
  const storeFiles = files.filter((f) => f.startsWith("src/store/"));
  const dialectOf = (f: string) => /^src\/store\/(sqlite|postgres)\//.exec(f)?.[1];
  // An area, the SQL layer and the migrator are the same for both databases: a dialect's own code
  // (sqlite/, postgres/) may use them, but they use no dialect, and no dialect uses the other.
  it.each(storeFiles)("%s imports no other dialect", (file) => {
    const own = dialectOf(file);
    for (const imp of graph.get(file)!) {
      const theirs = dialectOf(imp.target);
      if (theirs !== undefined) expect(theirs, `${file}: ${imp.line}`).toBe(own);
    }
  });
});

describe("file size", () => {
  it.each(files)("%s is at most 400 lines", (file) => {
    expect(readFileSync(join(ROOT, file), "utf8").split("\n").length).toBeLessThanOrEqual(401);
  });
});

describe("each feature gets only the store it uses", () => {
  /** The keys of `export type XStore = Pick<Store, "a" | "b">` in features/X/deps.ts. */
  const storeOf = (x: string): { name: string; keys: string[] } | undefined => {
    const file = `src/features/${x}/deps.ts`;
    if (!files.includes(file)) return undefined;
    // Its own keys, then (optionally) the named parts shared code needs: `& ContextStore & FeeGateStore`.
    // A feature that calls no store method of its own is only those parts: `= ContextStore & …`.
    const m = /export type (\w+Store) = Pick<\s*Store,\s*([^>]*)>((?:\s*&\s*[\w"[\]]+)*);/.exec(codeOf(file))
      ?? /export type (\w+Store) = ()(\w+Store(?:\s*&\s*\w+Store)*);/.exec(codeOf(file));
    if (!m) return undefined;
    const keys = m[2] === "" ? [] : m[2]!.split("|").map((k) => k.trim());
    expect(keys.every((k) => /^"\w+"$/.test(k)), `${file}: the keys are a list of names, not ${m[2]}`).toBe(true);
    const parts = m[3]!.split("&").map((t) => t.trim()).filter(Boolean);
    expect(parts.filter((t) => /^(Store|Omit|Partial)\b/.test(t)), `${file}: no whole Store through the side door`).toEqual([]);
    return { name: m[1]!, keys: keys.map((k) => k.slice(1, -1)) };
  };
  const usesStore = (x: string) => featureFiles.some((f) => featureOf(f) === x && /\bstore\b/.test(codeOf(f)));

  it.each(features.filter(usesStore))("features/%s declares its store in deps.ts and exports it from index.ts", (x) => {
    const store = storeOf(x);
    expect(store, `src/features/${x}/deps.ts declares export type XStore = Pick<Store, "…" | …>`).toBeDefined();
    expect(codeOf(`src/features/${x}/index.ts`)).toMatch(new RegExp(`export type \\{[^}]*\\b${store!.name}\\b[^}]*\\} from "\\./deps\\.ts"`));
  });

  it.each(features.filter(usesStore))("every key of features/%s's store is used by the feature", (x) => {
    const { keys } = storeOf(x)!;
    const code = featureFiles.filter((f) => featureOf(f) === x && f !== `src/features/${x}/deps.ts`).map(codeOf).join("\n");
    const unused = keys.filter((k) => !new RegExp(`(\\.${k}\\b|"${k}")`).test(code));
    expect(unused, `keys of the store that no file of features/${x} calls or narrows to`).toEqual([]);
  });

  it.each(featureFiles.filter((f) => !f.endsWith("/deps.ts")))("%s names no Store but its feature's own", (file) => {
    // The Store type only in deps.ts; everything else narrows from XStore (Pick<XStore, …>).
    expect(codeOf(file)).not.toMatch(/(?<![\w.])Store\b/);
    for (const imp of graph.get(file)!) {
      if (imp.target === "src/store/store.ts") expect(imp.line, file).not.toMatch(/[{,]\s*(type\s+)?Store\s*[,}]/);
    }
  });

  it("SlackDeps carries no store (a feature adds the one it uses)", () => {
    const deps = codeOf("src/slack/deps.ts");
    expect(deps).not.toMatch(/\bstore\b/);
    expect(deps).not.toMatch(/\bStore\b/);
  });
});

