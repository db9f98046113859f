/**
 * Regression tracking across runs: bench/history.json (committed) keeps, for each figure, the
 * ratios of the last three full runs with their date and commit; a new run is compared with the
 * previous one, and a ratio more than 20% worse prints `REGRESSED <figure>: <old> → <new>`. That
 * fails nothing: ratios on a shared machine move (README, Performance), so it is a prompt to look.
 */

/** A figure's ratio in one run, and which way is better (throughput up; time, RSS, lag down). */
export interface Tracked {
  value: number;
  better: "higher" | "lower";
}

export interface HistoryPoint {
  date: string;
  commit: string;
  ratio: number;
}

/** Figure name -> its last runs, oldest first (at most KEEP). */
export type History = Record<string, HistoryPoint[]>;

export const KEEP = 3;
/** Worse by more than this fraction of the previous ratio counts as a regression. */
export const REGRESSION = 0.2;

/** The history with this run's ratios appended; figures this run did not measure keep theirs. */
export function record(history: History, ratios: Readonly<Record<string, Tracked>>, run: { date: string; commit: string }): History {
  const out: History = {};
  for (const [figure, points] of Object.entries(history)) out[figure] = [...points];
  for (const [figure, t] of Object.entries(ratios)) {
    if (!Number.isFinite(t.value)) continue;
    out[figure] = [...(out[figure] ?? []), { date: run.date, commit: run.commit, ratio: t.value }].slice(-KEEP);
  }
  return out;
}

/** Whether `next` is worse than `previous` by more than REGRESSION (relative to `previous`). */
export function regressed(previous: number, next: number, better: Tracked["better"]): boolean {
  if (!Number.isFinite(previous) || !Number.isFinite(next) || previous === 0) return false;
  const change = (next - previous) / Math.abs(previous);
  return better === "higher" ? change < -REGRESSION : change > REGRESSION;
}

/** One line per figure that regressed against its last recorded run. */
export function regressions(history: History, ratios: Readonly<Record<string, Tracked>>): string[] {
  const out: string[] = [];
  for (const [figure, t] of Object.entries(ratios)) {
    const last = history[figure]?.at(-1);
    if (last && regressed(last.ratio, t.value, t.better)) out.push(`REGRESSED ${figure}: ${fmt(last.ratio)} → ${fmt(t.value)}`);
  }
  return out;
}

/** The history as a markdown table: one row per figure, the last three runs side by side. */
export function historyMarkdown(history: History): string {
  const runs: { date: string; commit: string }[] = [];
  for (const points of Object.values(history)) {
    for (const p of points) if (!runs.some((r) => r.commit === p.commit && r.date === p.date)) runs.push({ date: p.date, commit: p.commit });
  }
  runs.sort((a, b) => a.date.localeCompare(b.date));
  const shown = runs.slice(-KEEP);
  const header = ["figure", ...shown.map((r) => `${r.date} (${r.commit})`)];
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, "\\|")).join(" | ")} |`;
  const rows = Object.entries(history).map(([figure, points]) => [
    figure,
    ...shown.map((r) => {
      const p = points.find((x) => x.commit === r.commit && x.date === r.date);
      return p ? `${fmt(p.ratio)}×` : "-";
    }),
  ]);
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

function fmt(n: number): string {
  return Number(n.toPrecision(3)).toString();
}
