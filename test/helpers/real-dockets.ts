/**
 * The real dockets of ../shared/fixtures/real-dockets (DEVELOPERS.md, Testing: every parser, view
 * and extractor must handle each one). A user's clone has no ../shared: tests then skip, saying so.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

// A worktree checked out beside the main clone (…/wt/<branch>) can point at the one ../shared with
// REAL_DOCKETS_DIR; tests only, src/ never reads the environment (DEVELOPERS.md).
export const REAL_DOCKETS_DIR =
  process.env.REAL_DOCKETS_DIR || fileURLToPath(new URL("../../../shared/fixtures/real-dockets/", import.meta.url));

/** Every docket file's path relative to REAL_DOCKETS_DIR, sorted; [] when ../shared is absent. */
export function realDocketFiles(): string[] {
  if (!existsSync(REAL_DOCKETS_DIR)) return [];
  return readdirSync(REAL_DOCKETS_DIR, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json")).sort();
}

export const REAL_DOCKETS_SKIPPED = "(skipped: ../shared/fixtures/real-dockets is absent)";
