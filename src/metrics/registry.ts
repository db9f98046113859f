/**
 * A tiny Prometheus registry: counters, gauges and histograms with labels, rendered in the text
 * exposition format 0.0.4 (prometheus.io/docs/instrumenting/exposition_formats/). No dependency: the
 * format is a few lines of escaping. Histograms follow prometheus.io/docs/practices/histograms:
 * cumulative `_bucket{le="…"}` counts ending in `le="+Inf"`, then `_sum` and `_count`.
 *
 * Counters and set gauges live here; gauges that mirror another component's state (the store, the
 * docket client's limiters) come from collectors run at scrape time, so two scrapes never see a
 * half-refreshed value and nothing polls between scrapes.
 */

export type MetricType = "counter" | "gauge" | "histogram";
export type LabelValues = Readonly<Record<string, string | number>>;

export interface FamilyDefinition {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  /** Every label a sample of this family carries, in exposition order. */
  readonly labels: readonly string[];
  /** A histogram's upper bounds, ascending, in the metric's base unit; `+Inf` is implied. */
  readonly buckets?: readonly number[];
}

export interface Sample {
  readonly name: string;
  readonly labels?: LabelValues | undefined;
  readonly value: number;
}

/** Reads another component's state at scrape time; may be async; a throw skips its samples. */
export type Collector = () => Promise<readonly Sample[]> | readonly Sample[];

export interface Registry {
  define(family: FamilyDefinition): void;
  /** Adds `by` (default 1, never negative) to a counter (or gauge) sample. */
  inc(name: string, labels?: LabelValues, by?: number): void;
  /** Sets a gauge sample. */
  set(name: string, labels: LabelValues | undefined, value: number): void;
  /** Records one observation in a histogram. */
  observe(name: string, labels: LabelValues | undefined, value: number): void;
  addCollector(name: string, collect: Collector): void;
  /** The exposition text; `onCollectorError` hears about collectors that failed. */
  render(onCollectorError?: (collector: string, error: unknown) => void): Promise<string>;
}

/** prometheus.io/docs/concepts/data_model: metric and label names. */
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Label values escape backslash, double quote and line feed (exposition format 0.0.4). */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** HELP text escapes backslash and line feed only. */
export function escapeHelp(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

/** Go's float formatting as Prometheus expects it: NaN, +Inf, -Inf, else a plain number. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}

interface Series {
  /** Observations at or below each bucket's bound (not yet cumulative). */
  readonly counts: number[];
  sum: number;
  count: number;
}

interface Family extends FamilyDefinition {
  readonly buckets: readonly number[];
  /** Rendered label set ("" or `{a="x"}`) -> value. */
  readonly values: Map<string, number>;
  /** Histograms only: rendered label set -> its series. */
  readonly series: Map<string, { labels: LabelValues; data: Series }>;
}

export function createRegistry(): Registry {
  const families = new Map<string, Family>();
  const collectors = new Map<string, Collector>();

  const family = (name: string): Family => {
    const f = families.get(name);
    if (!f) throw new TypeError(`metric ${name} is not defined`);
    return f;
  };

  /** `{a="x",b="y"}` in the family's label order; exactly the family's labels, no more, no fewer. */
  const labelKey = (f: Family, labels: LabelValues = {}): string => {
    const given = Object.keys(labels);
    if (given.length !== f.labels.length || given.some((l) => !f.labels.includes(l))) {
      throw new TypeError(`metric ${f.name} takes labels [${f.labels.join(", ")}], got [${given.join(", ")}]`);
    }
    if (f.labels.length === 0) return "";
    return `{${f.labels.map((l) => `${l}="${escapeLabelValue(String(labels[l]))}"`).join(",")}}`;
  };

  return {
    define(def) {
      if (!METRIC_NAME.test(def.name)) throw new TypeError(`invalid metric name ${JSON.stringify(def.name)}`);
      for (const l of def.labels) {
        if (!LABEL_NAME.test(l) || l.startsWith("__")) throw new TypeError(`invalid label name ${JSON.stringify(l)} on ${def.name}`);
      }
      if (families.has(def.name)) throw new TypeError(`metric ${def.name} is defined twice`);
      const buckets = [...(def.buckets ?? [])];
      if (def.type === "histogram") {
        if (def.labels.includes("le")) throw new TypeError(`histogram ${def.name} cannot take the label le`);
        if (buckets.length === 0 || buckets.some((b, i) => !Number.isFinite(b) || (i > 0 && b <= buckets[i - 1]!))) {
          throw new TypeError(`histogram ${def.name} needs finite buckets in ascending order`);
        }
      }
      const f: Family = { ...def, labels: [...def.labels], buckets, values: new Map(), series: new Map() };
      // An unlabelled counter is exported from the start, so rate() sees its first increment.
      if (def.type === "counter" && def.labels.length === 0) f.values.set("", 0);
      families.set(def.name, f);
    },

    inc(name, labels, by = 1) {
      if (!Number.isFinite(by) || by < 0) throw new RangeError(`metric ${name}: cannot add ${by}`);
      const f = family(name);
      if (f.type === "histogram") throw new TypeError(`metric ${name} is a histogram; observe it`);
      const key = labelKey(f, labels);
      f.values.set(key, (f.values.get(key) ?? 0) + by);
    },

    set(name, labels, value) {
      const f = family(name);
      if (f.type !== "gauge") throw new TypeError(`metric ${name} is a ${f.type}; only gauges are set`);
      f.values.set(labelKey(f, labels), value);
    },

    observe(name, labels, value) {
      const f = family(name);
      if (f.type !== "histogram") throw new TypeError(`metric ${name} is a ${f.type}; only histograms are observed`);
      if (Number.isNaN(value)) return;
      const key = labelKey(f, labels);
      let entry = f.series.get(key);
      if (!entry) f.series.set(key, (entry = { labels: { ...labels }, data: { counts: f.buckets.map(() => 0), sum: 0, count: 0 } }));
      const i = f.buckets.findIndex((b) => value <= b);
      if (i >= 0) entry.data.counts[i]! += 1;
      entry.data.sum += value;
      entry.data.count += 1;
    },

    addCollector(name, collect) {
      collectors.set(name, collect);
    },

    async render(onCollectorError) {
      // Collected samples are this scrape's own; they never touch the stored values.
      const collected = new Map<string, Map<string, number>>();
      await Promise.all(
        [...collectors].map(async ([collectorName, collect]) => {
          let samples: readonly Sample[];
          try {
            samples = await collect();
          } catch (e) {
            onCollectorError?.(collectorName, e);
            return;
          }
          for (const s of samples) {
            const f = family(s.name);
            let values = collected.get(f.name);
            if (!values) collected.set(f.name, (values = new Map()));
            values.set(labelKey(f, s.labels), s.value);
          }
        }),
      );
      const lines: string[] = [];
      for (const f of families.values()) {
        lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`);
        const values = new Map([...f.values, ...(collected.get(f.name) ?? [])]);
        for (const [key, value] of values) lines.push(`${f.name}${key} ${formatValue(value)}`);
        for (const { labels, data } of f.series.values()) lines.push(...histogramLines(f, labels, data));
      }
      return `${lines.join("\n")}\n`;
    },
  };
}

/** One histogram series: cumulative buckets, the +Inf bucket (= count), sum and count. */
function histogramLines(f: Family, labels: LabelValues, data: Series): string[] {
  const with_ = (extra: Record<string, string>) => {
    const pairs = [...f.labels.map((l) => [l, String(labels[l])]), ...Object.entries(extra)];
    return pairs.length === 0 ? "" : `{${pairs.map(([l, v]) => `${l}="${escapeLabelValue(v!)}"`).join(",")}}`;
  };
  const lines: string[] = [];
  let cumulative = 0;
  f.buckets.forEach((bound, i) => {
    cumulative += data.counts[i]!;
    lines.push(`${f.name}_bucket${with_({ le: formatValue(bound) })} ${cumulative}`);
  });
  lines.push(`${f.name}_bucket${with_({ le: "+Inf" })} ${data.count}`);
  lines.push(`${f.name}_sum${with_({})} ${formatValue(data.sum)}`, `${f.name}_count${with_({})} ${data.count}`);
  return lines;
}
