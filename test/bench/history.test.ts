/**
 * The bench's regression tracking (bench/lib/history.ts) and its reading of the bot's histograms
 * and counters (bench/lib/scraped-histogram.ts, scraped-counters.ts, intake-costs.ts): pure, so
 * tested without running the bench.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { historyMarkdown, record, regressed, regressions, type History } from "../../bench/lib/history.ts";
import { intakeCosts } from "../../bench/lib/intake-costs.ts";
import { counterIncrease, counterTotal } from "../../bench/lib/scraped-counters.ts";
import { parseHistogram, quantile, since } from "../../bench/lib/scraped-histogram.ts";

describe("regression tracking", () => {
  it("a ratio worse by more than 20% of the previous run regresses, in the figure's own direction", () => {
    expect(regressed(1, 0.79, "higher")).toBe(true);
    expect(regressed(1, 0.8, "higher")).toBe(false);
    expect(regressed(1, 5, "higher")).toBe(false);
    expect(regressed(10, 12.01, "lower")).toBe(true);
    expect(regressed(10, 12, "lower")).toBe(false);
    expect(regressed(10, 1, "lower")).toBe(false);
    expect(regressed(0, 1, "lower")).toBe(false);
    expect(regressed(1, Number.NaN, "higher")).toBe(false);
  });

  it("prints REGRESSED <figure>: <old> → <new> against the last recorded run only", () => {
    const history: History = {
      slash: [{ date: "2026-11-01", commit: "aaa", ratio: 0.2 }, { date: "2026-11-02", commit: "bbb", ratio: 0.5 }],
      render: [{ date: "2026-11-02", commit: "bbb", ratio: 23 }],
    };
    expect(regressions(history, { slash: { value: 0.39, better: "higher" }, render: { value: 22, better: "lower" }, fresh: { value: 1, better: "higher" } }))
      .toEqual(["REGRESSED slash: 0.5 → 0.39"]);
  });

  it("keeps the last three runs per figure, leaves unmeasured figures alone and skips non-numbers", () => {
    let h: History = { old: [{ date: "2026-10-01", commit: "zzz", ratio: 2 }] };
    for (const [i, commit] of ["a1", "b2", "c3", "d4"].entries()) {
      h = record(h, { slash: { value: i + 1, better: "higher" }, nan: { value: Number.NaN, better: "lower" } }, { date: `2026-11-0${i + 1}`, commit });
    }
    expect(h.slash!.map((p) => p.commit)).toEqual(["b2", "c3", "d4"]);
    expect(h.old).toEqual([{ date: "2026-10-01", commit: "zzz", ratio: 2 }]);
    expect(h.nan).toBeUndefined();
    const md = historyMarkdown(h).split("\n");
    expect(md[0]).toBe("| figure | 2026-11-02 (b2) | 2026-11-03 (c3) | 2026-11-04 (d4) |");
    expect(md).toContain("| slash | 2× | 3× | 4× |");
    expect(md).toContain("| old | - | - | - |");
  });

  it("the committed bench/history.json is well formed", () => {
    const h = JSON.parse(readFileSync(new URL("../../bench/history.json", import.meta.url), "utf8")) as History;
    for (const points of Object.values(h)) {
      expect(points.length).toBeGreaterThan(0);
      expect(points.length).toBeLessThanOrEqual(3);
      for (const p of points) expect(p).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), commit: expect.any(String), ratio: expect.any(Number) });
    }
  });
});

describe("the bot's histograms, read by the bench", () => {
  const text = (counts: number[]) =>
    [
      "# TYPE docketbot_slack_ack_seconds histogram",
      `docketbot_slack_ack_seconds_bucket{kind="command",le="0.001"} ${counts[0]}`,
      `docketbot_slack_ack_seconds_bucket{kind="command",le="0.01"} ${counts[1]}`,
      `docketbot_slack_ack_seconds_bucket{kind="command",le="+Inf"} ${counts[2]}`,
      `docketbot_slack_ack_seconds_sum{kind="command"} 0.5`,
      `docketbot_slack_ack_seconds_count{kind="command"} ${counts[2]}`,
      `docketbot_slack_ack_seconds_bucket{kind="event",le="0.001"} 99`,
    ].join("\n");

  it("takes one series, subtracts an earlier scrape and interpolates a quantile as histogram_quantile does", () => {
    const before = parseHistogram(text([10, 10, 10]), "docketbot_slack_ack_seconds", { kind: "command" });
    const after = parseHistogram(text([10, 110, 110]), "docketbot_slack_ack_seconds", { kind: "command" });
    const run = since(after, before);
    expect(run.count).toBe(100);
    expect(quantile(0.5, run)).toBeCloseTo(0.0055, 6);
    expect(quantile(0.99, run)).toBeCloseTo(0.00991, 6);
    expect(quantile(0.99, since(before, before))).toBeNaN();
  });
});

describe("the bot's counters, read by the bench", () => {
  const scrape = (o: { routed: number; held: number; statements: number; roundTrips?: number; fast: number; all: number }) =>
    [
      "# TYPE docketbot_pushes_stored_total counter",
      `docketbot_pushes_stored_total{routing="routed"} ${o.routed}`,
      `docketbot_pushes_stored_total{routing="held"} ${o.held}`,
      `docketbot_pushes_stored_total{routing="quarantined"} 0`,
      `docketbot_store_statements_total{store="postgres"} ${o.statements}`,
      ...(o.roundTrips === undefined ? [] : [`docketbot_store_round_trips_total{store="postgres"} ${o.roundTrips}`]),
      `docketbot_push_intake_seconds_bucket{le="0.01"} ${o.fast}`,
      `docketbot_push_intake_seconds_bucket{le="+Inf"} ${o.all}`,
      `docketbot_push_intake_seconds_sum 1`,
      `docketbot_push_intake_seconds_count ${o.all}`,
      "docketbot_pushes_stored_total_other 5",
    ].join("\n");

  it("sums a counter's matching samples, and says when a family has none", () => {
    const text = scrape({ routed: 3, held: 4, statements: 10, fast: 0, all: 0 });
    expect(counterTotal(text, "docketbot_pushes_stored_total")).toBe(7);
    expect(counterTotal(text, "docketbot_pushes_stored_total", { routing: "held" })).toBe(4);
    expect(counterTotal(text, "docketbot_store_round_trips_total")).toBeUndefined();
    expect(counterIncrease([text, text], [scrape({ routed: 5, held: 4, statements: 13, fast: 0, all: 0 }), text], "docketbot_store_statements_total")).toBe(3);
  });

  it("an intake run's statements and round trips per push stored, and the bot's own p99, over every replica", () => {
    const before = [scrape({ routed: 10, held: 0, statements: 100, roundTrips: 100, fast: 10, all: 10 }), scrape({ routed: 0, held: 0, statements: 5, roundTrips: 5, fast: 0, all: 0 })];
    const after = [scrape({ routed: 60, held: 0, statements: 150, roundTrips: 150, fast: 60, all: 60 }), scrape({ routed: 40, held: 10, statements: 55, roundTrips: 55, fast: 50, all: 50 })];
    const costs = intakeCosts(before, after);
    expect(costs.pushesStored).toBe(100);
    expect(costs.statementsPerPush).toBe(1);
    expect(costs.roundTripsPerPush).toBe(1);
    expect(costs.serverP99Ms).toBeCloseTo(9.9, 6);
    const sqlite = (t: string) => t.replaceAll("postgres", "sqlite").split("\n").filter((l) => !l.includes("round_trips")).join("\n");
    expect(intakeCosts(before.map(sqlite), after.map(sqlite)).roundTripsPerPush).toBeUndefined();
  });
});
