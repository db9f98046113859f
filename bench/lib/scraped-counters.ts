/**
 * Counters from the bot's GET /metrics (src/metrics/metrics.ts), read from the exposition text:
 * what a run cost can be read as the difference of two scrapes, as Prometheus's increase() would.
 */

/**
 * The sum of a counter's samples whose labels include `labels` (every sample of the family when
 * none are given); undefined when no sample matches (e.g. a family the store does not export).
 */
export function counterTotal(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const given = Object.fromEntries([...(m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1]!, x[2]!]));
    if (Object.entries(labels).some(([k, v]) => given[k] !== v)) continue;
    total = (total ?? 0) + Number(m[3]);
  }
  return total;
}

/** What a counter grew by between two scrapes of each replica (the same order), summed over replicas. */
export function counterIncrease(before: readonly string[], after: readonly string[], name: string, labels: Record<string, string> = {}): number | undefined {
  let sum: number | undefined;
  after.forEach((text, i) => {
    const a = counterTotal(text, name, labels);
    if (a === undefined) return;
    sum = (sum ?? 0) + a - (counterTotal(before[i] ?? "", name, labels) ?? 0);
  });
  return sum;
}
