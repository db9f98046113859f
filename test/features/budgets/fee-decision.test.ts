import { describe, expect, it } from "vitest";
import { decideFee, levelsReached } from "../../../src/features/budgets/fee-decision.ts";
import { parseDollars } from "../../../src/slack/commands/dollars.ts";
import { parseCommand } from "../../../src/slack/commands/grammar.ts";

const budget = { monthlyCap: 100, askAbove: 0.05 };

describe("decideFee (issue 14 items 2, 3 and 5)", () => {
  it("never runs without a matter, even approved", () => {
    expect(decideFee({ clientMatter: "", expected: 0.03, spent: 0, cleared: "approved" })).toEqual({ verdict: "needs_matter" });
    expect(decideFee({ clientMatter: "  ", expected: 0, spent: 0 })).toEqual({ verdict: "needs_matter" });
  });

  it("runs without a budget, and within one below the ask-first price", () => {
    expect(decideFee({ clientMatter: "A", expected: 9, spent: 1e6 })).toEqual({ verdict: "run" });
    expect(decideFee({ clientMatter: "A", expected: 0.05, spent: 10, budget })).toEqual({ verdict: "run" });
  });

  it("asks first above the ask-first price, unless confirmed", () => {
    expect(decideFee({ clientMatter: "A", expected: 0.06, spent: 0, budget })).toEqual({ verdict: "confirm", expected: 0.06, askAbove: 0.05 });
    expect(decideFee({ clientMatter: "A", expected: 0.06, spent: 0, budget, cleared: "confirmed" })).toEqual({ verdict: "run" });
  });

  it("waits for approval at the cap, or when the fee would pass it; a confirmation does not clear the cap", () => {
    expect(decideFee({ clientMatter: "A", expected: 0, spent: 100, budget }).verdict).toBe("approval");
    expect(decideFee({ clientMatter: "A", expected: 0.2, spent: 99.9, budget, cleared: "confirmed" })).toEqual({ verdict: "approval", expected: 0.2, spent: 99.9, cap: 100 });
    expect(decideFee({ clientMatter: "A", expected: 0.1, spent: 99.9, budget: { monthlyCap: 100 } })).toEqual({ verdict: "run" });
    expect(decideFee({ clientMatter: "A", expected: 0.2, spent: 99.9, budget, cleared: "approved" })).toEqual({ verdict: "run" });
  });

  it("counts in exact cents: $0.10 + $0.20 is not past $0.30", () => {
    expect(decideFee({ clientMatter: "A", expected: 0.2, spent: 0.1, budget: { monthlyCap: 0.3 } })).toEqual({ verdict: "run" });
  });

  it("names the notice levels reached", () => {
    expect(levelsReached(79.99, 100)).toEqual([]);
    expect(levelsReached(80, 100)).toEqual([80]);
    expect(levelsReached(100, 100)).toEqual([80, 100]);
    expect(levelsReached(0, 0)).toEqual([]);
    expect(levelsReached(0.01, 0)).toEqual([80, 100]);
  });
});

describe("budget amounts and commands", () => {
  it("reads dollars as people write them, and refuses the rest", () => {
    expect(parseDollars("$1,250.50")).toEqual({ ok: true, dollars: 1250.5 });
    expect(parseDollars("0.05")).toEqual({ ok: true, dollars: 0.05 });
    expect(parseDollars("500")).toEqual({ ok: true, dollars: 500 });
    for (const bad of ["-5", "$1e3", "1.005", "12,34", "", "$", "five"]) expect(parseDollars(bad).ok, bad).toBe(false);
    expect(parseDollars("$2,000,000")).toEqual({ ok: false, why: "$2,000,000 is more than the $1,000,000 a budget may be" });
  });

  it("parses budget, budget set and budget clear", () => {
    expect(parseCommand("budget")).toEqual({ ok: true, command: { kind: "budget" } });
    expect(parseCommand("budget set ACME-001 $500 ask-above $0.25")).toEqual({ ok: true, command: { kind: "budget_set", clientMatter: "ACME-001", monthlyCap: 500, askAbove: 0.25 } });
    expect(parseCommand("budget clear ACME-001")).toEqual({ ok: true, command: { kind: "budget_clear", clientMatter: "ACME-001" } });
    const bad = parseCommand("budget set ACME-001 $500 ask $1");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toContain("Example: `/docket budget set ACME-001 $500 ask-above $0.25`");
    expect(parseCommand("budgte")).toMatchObject({ ok: false, message: expect.stringContaining("Did you mean `/docket budget`?") });
  });
});
