/**
 * Loads the real dockets in ../shared/fixtures/real-dockets (every `*.json`, recursively) into the
 * emulator's model. The folder is absent in a user's clone (DEVELOPERS.md, Testing): then the result
 * is simply empty. Files that are not dockets (`success: false`) or do not parse are skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mapRealDocket } from "./real-docket-map.ts";
import type { EmuCase } from "./types.ts";

export interface LoadOptions {
  /** Told about every file skipped, with the reason (for a log line; never thrown). */
  onSkip?: (file: string, reason: string) => void;
}

export function loadRealDockets(dir: string | URL, o: LoadOptions = {}): EmuCase[] {
  const root = typeof dir === "string" ? dir : fileURLToPath(dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) return [];
  const files = (readdirSync(root, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => f.endsWith(".json"))
    .sort();
  const out: EmuCase[] = [];
  for (const rel of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(join(root, rel), "utf8"));
    } catch (err) {
      o.onSkip?.(rel, `not JSON: ${(err as Error).message}`);
      continue;
    }
    const kase = parsed && typeof parsed === "object" ? mapRealDocket(parsed as Record<string, unknown>) : undefined;
    if (kase) out.push(kase);
    else o.onSkip?.(rel, "not a docket (success is not true, or no court and docket)");
  }
  return out;
}
