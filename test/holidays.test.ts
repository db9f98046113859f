/**
 * The holiday library (date-holidays: every country's rules) is loaded when a court date is first
 * counted, not when the bot starts: src/holidays.ts hands court/rules/holidays.ts a loader, and
 * nothing else in src/ imports the library at run time.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createHolidayCalendarOver } from "../src/court/rules/holidays.ts";
import { loadHolidayLibrary } from "../src/holidays.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : n.endsWith(".ts") ? [join(dir, n)] : []));

describe("the holiday library is loaded on first use", () => {
  it("asks for the library only when a day is first looked up, and reads the same holidays", () => {
    let loads = 0;
    const calendar = createHolidayCalendarOver({ library: () => (loads++, loadHolidayLibrary()) });
    expect(loads).toBe(0);
    expect(calendar.holidayOn("2023-11-10", { forward: false })?.name).toBe("Veterans Day (observed)");
    expect(loads).toBeGreaterThan(0);
    expect(calendar.holidayOn("2024-02-12", { state: "NY", forward: true })?.basis).toBe("6(a)(6)(C)");
  });

  it("is not loaded by starting the bot's modules, only by reading a calendar", () => {
    const script = `
      import { createRequire } from "node:module";
      await import(${JSON.stringify(new URL("../src/main.ts", import.meta.url).href)});
      const { createHolidayCalendar } = await import(${JSON.stringify(new URL("../src/holidays.ts", import.meta.url).href)});
      const require = createRequire(${JSON.stringify(new URL("../src/holidays.ts", import.meta.url).href)});
      const loaded = () => Object.keys(require.cache).some((k) => k.includes("/date-holidays/"));
      const calendar = createHolidayCalendar();
      const before = loaded();
      calendar.holidayOn("2026-07-03", { forward: false });
      console.log(JSON.stringify({ before, after: loaded() }));
    `;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(JSON.parse(out.trim().split("\n").pop()!)).toEqual({ before: false, after: true });
  });

  it("is imported at run time by no module in src/ (only as a type)", () => {
    const offenders = walk(join(ROOT, "src")).filter((f) => /^import (?!type )[^;]*from "date-holidays"/m.test(readFileSync(f, "utf8")));
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
