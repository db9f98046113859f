/**
 * Issue 25 item 5: ONE money formatter for every message (format.ts). Cents, rounded to the
 * nearest for amounts counted or reported, UP for estimates; equal range ends collapse; the only
 * place with more digits is the usage CSV (matters/usage-csv.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { estimate, money, moneyRange } from "../../../src/slack/blockkit/format.ts";

describe("money", () => {
  it("dollars and cents, nearest cent, thousands separated", () => {
    expect(money(0.2796)).toBe("$0.28");
    expect(money(0.0286)).toBe("$0.03");
    expect(money(0.3082)).toBe("$0.31");
    expect(money(2.9)).toBe("$2.90");
    expect(money(0)).toBe("$0.00");
    expect(money(1250)).toBe("$1,250.00");
    expect(money(0.1 + 0.2)).toBe("$0.30");
  });
  it("a non-zero amount under half a cent is never shown as nothing", () => {
    expect(money(0.0042)).toBe("under $0.01");
    expect(money(0.005)).toBe("$0.01");
  });
  it("garbage reads as zero rather than NaN", () => {
    expect(money(Number.NaN)).toBe("$0.00");
    expect(estimate(Number.POSITIVE_INFINITY)).toBe("$0.00");
  });
});

describe("estimate", () => {
  it("rounds up to the cent, exact cents stay", () => {
    expect(estimate(0.0197)).toBe("$0.02");
    expect(estimate(0.0201)).toBe("$0.03");
    expect(estimate(0.2)).toBe("$0.20");
    expect(estimate(0.1 + 0.2)).toBe("$0.30");
    expect(estimate(0.001)).toBe("$0.01");
    expect(estimate(0)).toBe("$0.00");
  });
});

describe("moneyRange", () => {
  it("collapses ends that read the same", () => {
    expect(moneyRange(0.0197, 0.0201)).toBe("$0.02");
    expect(moneyRange(0.0197, 0.0201, estimate)).toBe("$0.02–$0.03");
    expect(moneyRange(0.01, 0.1, estimate)).toBe("$0.01–$0.10");
  });
});

describe("no other money formatting in src/", () => {
  it("no view or handler formats dollars itself (toFixed next to a $), except the usage CSV", () => {
    const src = fileURLToPath(new URL("../../../src/", import.meta.url));
    const files = (readdirSync(src, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => f.endsWith(".ts") && !f.startsWith("store/"));
    const offenders = files.filter((f) => {
      if (f === join("slack", "blockkit", "format.ts") || f === join("features", "matters", "usage-csv.ts")) return false;
      const text = readFileSync(join(src, f), "utf8");
      return /\$\$\{[^}]*toFixed/.test(text) || /`\$\$\{/.test(text) && /toFixed\(\s*[2-4]\s*\)/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
