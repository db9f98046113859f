/** A strict reader of the Prometheus text exposition format 0.0.4, for tests that scrape /metrics. */
import { expect } from "vitest";

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const SAMPLE = new RegExp(`^(${NAME})(\\{${LABEL}(?:,${LABEL})*\\})? (NaN|[+-]Inf|-?\\d+(?:\\.\\d+)?(?:e[+-]?\\d+)?)$`);
const HELP = new RegExp(`^# HELP (${NAME}) (?:[^\\\\\\n]|\\\\[\\\\n])*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);

interface Parsed {
  types: Map<string, string>;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

export function parseExposition(text: string): Parsed {
  expect(text.endsWith("\n")).toBe(true);
  const types = new Map<string, string>();
  const helped = new Set<string>();
  const samples: Parsed["samples"] = [];
  for (const line of text.slice(0, -1).split("\n")) {
    const help = HELP.exec(line);
    const type = TYPE.exec(line);
    const sample = SAMPLE.exec(line);
    if (help) {
      expect(helped.has(help[1]!), `HELP ${help[1]} twice`).toBe(false);
      helped.add(help[1]!);
    } else if (type) {
      expect(types.has(type[1]!), `TYPE ${type[1]} twice`).toBe(false);
      types.set(type[1]!, type[2]!);
    } else if (sample) {
      const [, name, labelText, value] = sample;
      // A histogram's samples are its name + _bucket, _sum or _count (exposition format 0.0.4).
      const family = types.has(name!) ? name! : name!.replace(/_(bucket|sum|count)$/, "");
      expect(types.has(family), `${name} sampled before its TYPE line`).toBe(true);
      if (family !== name) expect(types.get(family), `${name} belongs to a histogram`).toBe("histogram");
      const labels: Record<string, string> = {};
      for (const m of (labelText ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g)) {
        labels[m[1]!] = m[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === "n" ? "\n" : c));
      }
      samples.push({ name: name!, labels, value: value === "+Inf" ? Infinity : value === "-Inf" ? -Infinity : Number(value) });
    } else {
      throw new Error(`not a HELP, TYPE or sample line: ${JSON.stringify(line)}`);
    }
  }
  return { types, samples };
}

export const value = (p: Parsed, name: string, labels: Record<string, string> = {}) =>
  p.samples.find((s) => s.name === name && JSON.stringify(s.labels) === JSON.stringify(labels))?.value;

// ---- the registry -------------------------------------------------------------------------------

