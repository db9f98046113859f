/**
 * docketbot's metrics, all in one table (issue 5, Operations: GET /metrics). Components get the
 * `Metrics` object injected and call `inc(name, labels)`; names and labels are checked by the
 * compiler. Label values are bounded sets (push routing, endpoint, error code), never a client
 * matter or anything a caller typed: one series per matter would grow without end and leak matter
 * names to whoever scrapes.
 *
 * For the outbox (src/push/outbox): call
 *   metrics.inc("docketbot_outbox_deliveries_retried_total", { reason: "rate_limited" | "transient" })
 *   metrics.inc("docketbot_outbox_deliveries_sent_total")
 *   metrics.inc("docketbot_outbox_deliveries_dead_total", { reason: <Slack error code, e.g. channel_not_found> })
 * Delivery counts by state and the oldest pending age are read from the store at scrape time.
 */
import { createRegistry, type Collector, type LabelValues, type MetricType } from "./registry.ts";

interface Definition {
  readonly type: MetricType;
  readonly help: string;
  readonly labels: readonly string[];
  readonly buckets?: readonly number[];
}

/** Request latencies, in seconds (prometheus.io/docs/practices/naming: base units). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
/** Delivery lag: a channel drains at 1 message a second, so minutes are normal under a flood. */
const LAG_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900, 3600] as const;

export const METRICS = {
  // ---- push intake (src/push/intake) ----
  docketbot_pushes_received_total: {
    type: "counter", labels: [],
    help: "POST requests to the push path, before any check.",
  },
  docketbot_pushes_unauthorized_total: {
    type: "counter", labels: [],
    help: "Push requests refused with 401: missing or wrong basic-auth credentials.",
  },
  docketbot_pushes_rejected_total: {
    type: "counter", labels: ["reason"],
    help: "Authenticated push requests answered neither 200 nor 401. reason: too_large (413), unsupported_media_type (415), unavailable (503: store failure or shutting down; the service retries), aborted (the sender hung up mid-body), duplicate_keys / too_deep / invalid_client_matter (422: a body read one way only, issue 22).",
  },
  docketbot_pushes_stored_total: {
    type: "counter", labels: ["routing"],
    help: "New pushes durably stored, by routing: routed (deliveries made), held (no channel has the matter yet), quarantined.",
  },
  docketbot_pushes_duplicate_total: {
    type: "counter", labels: [],
    help: "Pushes whose body had been stored before: answered 200, nothing new stored.",
  },
  docketbot_pushes_quarantined_total: {
    type: "counter", labels: ["reason"],
    help: "New authenticated pushes kept in quarantine. reason: invalid_utf8, invalid_json, schema.",
  },
  docketbot_push_requests_in_flight: {
    type: "gauge", labels: [],
    help: "Push requests being read, stored or answered right now.",
  },
  // ---- store state, read at scrape time ----
  docketbot_pushes_held: {
    type: "gauge", labels: [],
    help: "Stored pushes held because no channel is linked to their client matter.",
  },
  docketbot_pushes_in_quarantine: {
    type: "gauge", labels: [],
    help: "Stored pushes in quarantine (failed the payload schema), waiting for an admin.",
  },
  docketbot_outbox_deliveries: {
    type: "gauge", labels: ["state"],
    help: "Outbox deliveries by state: pending, in_flight, sent, dead.",
  },
  docketbot_outbox_oldest_pending_age_seconds: {
    type: "gauge", labels: [],
    help: "Age of the oldest pending or in-flight delivery since it was queued; 0 when there is none.",
  },
  // ---- what the store sends its database, totals the store keeps (read at scrape time) ----
  docketbot_store_statements_total: {
    type: "counter", labels: ["store"],
    help: "SQL statements the store ran since the process started (BEGIN and COMMIT included). store: sqlite or postgres.",
  },
  docketbot_store_round_trips_total: {
    type: "counter", labels: ["store"],
    help: "Requests the store sent to its database server and waited for: on PostgreSQL one per statement (node-postgres sends one at a time). SQLite runs in the process: not exported.",
  },
  // ---- outbox (src/push/outbox) ----
  docketbot_outbox_deliveries_sent_total: {
    type: "counter", labels: [],
    help: "Deliveries posted to Slack.",
  },
  docketbot_outbox_deliveries_retried_total: {
    type: "counter", labels: ["reason"],
    help: "Delivery attempts scheduled for a retry. reason: rate_limited (429) or transient (5xx, network, timeout).",
  },
  docketbot_outbox_deliveries_dead_total: {
    type: "counter", labels: ["reason"],
    help: "Deliveries marked dead, by reason (Slack's error code, or matter_unlinked).",
  },
  // ---- docket client (src/docket) ----
  docketbot_docket_calls_total: {
    type: "counter", labels: ["endpoint", "outcome"],
    help: "Docket Data Service calls by endpoint and outcome (ok, or the client's error code).",
  },
  docketbot_docket_limiter_queue_depth: {
    type: "gauge", labels: ["endpoint"],
    help: "Calls waiting in the client's rate limiter, by endpoint.",
  },
  // ---- latencies (histograms; label sets bounded: never a team, channel, matter or user) ----
  docketbot_slack_ack_seconds: {
    type: "histogram", labels: ["kind"], buckets: LATENCY_BUCKETS,
    help: "From a Slack request's receipt to its ack (Slack's 3-second rule). kind: command, interactivity, event.",
  },
  docketbot_push_intake_seconds: {
    type: "histogram", labels: [], buckets: LATENCY_BUCKETS,
    help: "From a push request's receipt to its 2xx answer (stored durably or a duplicate).",
  },
  docketbot_docket_call_seconds: {
    type: "histogram", labels: ["endpoint"], buckets: LATENCY_BUCKETS,
    help: "Docket Data Service calls by endpoint, retries and rate-limiter waits included, failed or not.",
  },
  docketbot_slack_api_call_seconds: {
    type: "histogram", labels: ["method"], buckets: LATENCY_BUCKETS,
    help: "Slack Web API HTTP requests by method (each attempt; file uploads to Slack's upload URL are method=upload).",
  },
  docketbot_outbox_delivery_lag_seconds: {
    type: "histogram", labels: [], buckets: LAG_BUCKETS,
    help: "From a delivery's making (its push stored and routed, or released to a newly linked channel) to its last message posted.",
  },
  // ---- the metrics endpoint itself ----
  docketbot_metrics_collector_errors_total: {
    type: "counter", labels: ["collector"],
    help: "Scrapes in which a collector failed (e.g. the store was busy); its gauges were left out.",
  },
} as const satisfies Record<string, Definition>;

export type MetricName = keyof typeof METRICS;
type OfType<T extends MetricType> = { [K in MetricName]: (typeof METRICS)[K]["type"] extends T ? K : never }[MetricName];
export type CounterName = OfType<"counter">;
export type GaugeName = OfType<"gauge">;
export type HistogramName = OfType<"histogram">;

/** Exactly the metric's labels, each a string. */
export type LabelsOf<N extends MetricName> = { readonly [L in (typeof METRICS)[N]["labels"][number]]: string };
type Unlabelled<N extends MetricName> = (typeof METRICS)[N]["labels"] extends readonly [] ? true : false;
/** `inc(name, by?)` for an unlabelled counter, `inc(name, labels, by?)` for a labelled one. */
type IncArgs<N extends CounterName> = Unlabelled<N> extends true ? [by?: number] : [labels: LabelsOf<N>, by?: number];
/** `set(name, value)` for an unlabelled gauge, `set(name, labels, value)` for a labelled one. */
type SetArgs<N extends GaugeName> = Unlabelled<N> extends true ? [value: number] : [labels: LabelsOf<N>, value: number];
/** `observe(name, seconds)` for an unlabelled histogram, `observe(name, labels, seconds)` for a labelled one. */
type ObserveArgs<N extends HistogramName> = Unlabelled<N> extends true ? [value: number] : [labels: LabelsOf<N>, value: number];

type SampleOf<K extends MetricName> = {
  [N in K]: { name: N; value: number } & ((typeof METRICS)[N]["labels"] extends readonly [] ? { labels?: undefined } : { labels: LabelsOf<N> });
}[K];
/** A gauge's value read from another component's state. */
export type GaugeSample = SampleOf<GaugeName>;
/** A counter's value read from a total another component keeps (e.g. the store's statements); never decreases. */
export type CounterSample = SampleOf<CounterName>;
/** What a collector returns at each scrape: gauges, and counters kept elsewhere. */
export type MetricsCollector = () => Promise<readonly (GaugeSample | CounterSample)[]> | readonly (GaugeSample | CounterSample)[];

export interface Metrics {
  /** Adds 1 (or `by`) to a counter. Never throws for a well-typed call. */
  inc<N extends CounterName>(name: N, ...args: IncArgs<N>): void;
  /** Sets a gauge this process owns (not one a collector reports). */
  set<N extends GaugeName>(name: N, ...args: SetArgs<N>): void;
  /** Records one observation (in seconds) in a histogram. */
  observe<N extends HistogramName>(name: N, ...args: ObserveArgs<N>): void;
  /** Registers a source of gauges (and of counters kept elsewhere) read at every scrape. */
  addCollector(name: string, collect: MetricsCollector): void;
  /** Prometheus text exposition format 0.0.4. */
  render(onCollectorError?: (collector: string, error: unknown) => void): Promise<string>;
}

export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export function createMetrics(): Metrics {
  const registry = createRegistry();
  for (const [name, def] of Object.entries(METRICS) as [MetricName, Definition][]) {
    registry.define({ name, help: def.help, type: def.type, labels: def.labels, ...(def.buckets ? { buckets: def.buckets } : {}) });
  }
  // Known label values start at 0 so that dashboards and rate() see them before the first event.
  for (const routing of ["routed", "held", "quarantined"]) registry.inc("docketbot_pushes_stored_total", { routing }, 0);
  for (const reason of ["too_large", "unsupported_media_type", "unavailable", "aborted", "duplicate_keys", "too_deep", "invalid_client_matter"]) {
    registry.inc("docketbot_pushes_rejected_total", { reason }, 0);
  }
  for (const reason of ["invalid_utf8", "invalid_json", "schema"]) registry.inc("docketbot_pushes_quarantined_total", { reason }, 0);
  registry.set("docketbot_push_requests_in_flight", undefined, 0);

  const split = (args: readonly unknown[]): [LabelValues | undefined, number | undefined] => {
    const [first, second] = args;
    return typeof first === "number" ? [undefined, first] : [first as LabelValues | undefined, second as number | undefined];
  };
  return {
    inc(name, ...args) {
      const [labels, by] = split(args);
      registry.inc(name, labels, by ?? 1);
    },
    set(name, ...args) {
      const [labels, value] = split(args);
      if (value === undefined) throw new TypeError(`metric ${name}: set needs a value`);
      registry.set(name, labels, value);
    },
    observe(name, ...args) {
      const [labels, value] = split(args);
      if (value === undefined) throw new TypeError(`metric ${name}: observe needs a value`);
      registry.observe(name, labels, value);
    },
    addCollector(name, collect: Collector) {
      registry.addCollector(name, collect);
    },
    render: (onCollectorError) => registry.render(onCollectorError),
  };
}
