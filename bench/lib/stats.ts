/** Small statistics for benchmark samples: percentiles by nearest rank, medians of repeats. */

/** The p-th percentile (0..100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds for reports: 3 significant digits at most, never scientific notation. */
export function round(value: number, digits = 3): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const decimals = Math.max(0, digits - 1 - magnitude);
  return Number(value.toFixed(Math.min(decimals, 6)));
}

/** Runs `fn` `times` times and returns each run's milliseconds. */
export function timeRepeated(times: number, fn: () => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    fn();
    out.push(performance.now() - started);
  }
  return out;
}
