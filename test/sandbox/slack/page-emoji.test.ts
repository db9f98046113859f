/**
 * Issue 25 item 12: the sandbox's Slack page shows what Slack shows. Every emoji code docketbot's
 * messages use is in the page's small table (web/js/format.js), so none shows as raw text
 * (`:busts_in_silhouette:` did, in the deadlines list and reminders).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../../../src/", import.meta.url));
const table = readFileSync(fileURLToPath(new URL("../../../sandbox/slack/web/js/format.js", import.meta.url)), "utf8");
const known = new Set([...table.matchAll(/(?:^|[\s{,])"?([a-z0-9_+-]+)"?:\s*"/gm)].map((m) => m[1]!));

describe("the page's emoji table", () => {
  it("knows every :emoji: docketbot's messages use", () => {
    const files = (readdirSync(src, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts") && !f.startsWith("store"));
    const used = new Set<string>();
    for (const f of files) {
      // Emoji in our messages are written as `:name:` right after a quote, backtick or space and before a space.
      for (const m of readFileSync(join(src, f), "utf8").matchAll(/(?<=[`"' ]):([a-z][a-z0-9_]{2,40}):(?=[ `"'])/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !known.has(name)).sort()).toEqual([]);
  });
});
