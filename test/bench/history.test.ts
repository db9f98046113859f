/**
 * The bench's regression tracking (bench/lib/history.ts) and its reading of the bot's histograms
 * (bench/lib/scraped-histogram.ts): pure, so tested without running the bench.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { historyMarkdown, record, regressed, regressions, type History } from "../../bench/lib/history.ts";
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
