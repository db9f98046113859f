/**
 * What an intake run cost the bot, read from its own GET /metrics before and after the run (every
 * replica, summed): the store's statements and PostgreSQL round trips per push stored
 * (docketbot_store_statements_total, docketbot_store_round_trips_total ÷ docketbot_pushes_stored_total),
 * and the bot's own p99 from a push's receipt to its 200 (docketbot_push_intake_seconds).
 *
 * Everything the store ran meanwhile counts: the outbox posting to the one linked channel (about a
 * message a second), its wake-ups, and the two scrapes' own store gauges (a few statements each).
 * Warm-up included (the generator does not say which pushes were warm-up).
 */
import { request } from "undici";
import { counterIncrease } from "./scraped-counters.ts";
import { parseHistogram, quantile, since, type Buckets } from "./scraped-histogram.ts";

export interface IntakeCosts {
  pushesStored: number;
  statementsPerPush: number;
  /** undefined on SQLite (no server: no round trip). */
  roundTripsPerPush: number | undefined;
  /** The bots' own p99, receipt to 200, over every replica's pushes (as histogram_quantile interpolates). */
  serverP99Ms: number;
}

/** Every replica's /metrics text, in the order of `urls`. */
export const scrapeAll = (urls: readonly string[]): Promise<string[]> =>
  Promise.all(urls.map(async (url) => (await request(`${url}/metrics`)).body.text()));

export function intakeCosts(before: readonly string[], after: readonly string[]): IntakeCosts {
  const pushesStored = counterIncrease(before, after, "docketbot_pushes_stored_total") ?? 0;
  const statements = counterIncrease(before, after, "docketbot_store_statements_total") ?? Number.NaN;
  const roundTrips = counterIncrease(before, after, "docketbot_store_round_trips_total");
  const per = (n: number) => n / Math.max(1, pushesStored);
  const intake = after.map((text, i) => since(parseHistogram(text, "docketbot_push_intake_seconds"), parseHistogram(before[i] ?? "", "docketbot_push_intake_seconds")));
  return {
    pushesStored,
    statementsPerPush: per(statements),
    roundTripsPerPush: roundTrips === undefined ? undefined : per(roundTrips),
    serverP99Ms: quantile(0.99, sumBuckets(intake)) * 1000,
  };
}

/** One histogram of several replicas' (same buckets). */
function sumBuckets(list: readonly Buckets[]): Buckets {
  const [first, ...rest] = list;
  if (!first) return { bounds: [], count: 0, sum: 0 };
  return rest.reduce<Buckets>((a, b) => ({
    bounds: a.bounds.map(([le, n], i) => [le, n + (b.bounds[i]?.[1] ?? 0)] as const),
    count: a.count + b.count,
    sum: a.sum + b.sum,
  }), first);
}
