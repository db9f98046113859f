/**
 * The bot's own latency histograms, read over GET /metrics (src/metrics/metrics.ts), so a figure
 * can set the server's view (receipt to ack) beside the load generator's (send to answer).
 * Quantiles as Prometheus's histogram_quantile computes them: linear within the bucket.
 */
import { request } from "undici";

export interface Buckets {
  /** [upper bound, cumulative count], ascending, ending with Infinity. */
  readonly bounds: readonly (readonly [number, number])[];
  readonly count: number;
  readonly sum: number;
}

/** One series of a histogram (`labels` exact, `le` aside) from the exposition text. */
export function parseHistogram(text: string, name: string, labels: Record<string, string> = {}): Buckets {
  const bounds: [number, number][] = [];
  let count = 0;
  let sum = 0;
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || !m[1]!.startsWith(name)) continue;
    const suffix = m[1]!.slice(name.length);
    const given = Object.fromEntries([...(m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1]!, x[2]!]));
    const { le, ...rest } = given;
    if (JSON.stringify(Object.entries(rest).sort()) !== JSON.stringify(Object.entries(labels).sort())) continue;
    const v = Number(m[3]);
    if (suffix === "_bucket" && le !== undefined) bounds.push([le === "+Inf" ? Infinity : Number(le), v]);
    else if (suffix === "_count") count = v;
    else if (suffix === "_sum") sum = v;
  }
  return { bounds: bounds.sort((a, b) => a[0] - b[0]), count, sum };
}

/** What was observed between two scrapes. */
export function since(after: Buckets, before: Buckets): Buckets {
  return {
    bounds: after.bounds.map(([le, n], i) => [le, n - (before.bounds[i]?.[1] ?? 0)] as const),
    count: after.count - before.count,
    sum: after.sum - before.sum,
  };
}

/** histogram_quantile: linear interpolation inside the bucket holding rank q·count; NaN if empty. */
export function quantile(q: number, h: Buckets): number {
  if (h.count === 0) return Number.NaN;
  const rank = q * h.count;
  let lower = 0;
  let below = 0;
  for (const [le, cumulative] of h.bounds) {
    if (cumulative >= rank) {
      if (le === Infinity) return lower; // Prometheus returns the highest finite bound
      return lower + ((le - lower) * (rank - below)) / Math.max(1, cumulative - below);
    }
    lower = le;
    below = cumulative;
  }
  return lower;
}

export async function scrapeHistogram(origin: string, name: string, labels: Record<string, string> = {}): Promise<Buckets> {
  const res = await request(`${origin}/metrics`);
  return parseHistogram(await res.body.text(), name, labels);
}
