/**
 * Issue 5, Operations: GET /metrics in Prometheus text exposition format 0.0.4. The registry on
 * its own (escaping, HELP/TYPE, names, collectors), then the real bot over loopback: the text
 * parses line by line, and counters move after pushes and docket calls.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMetricsRouter } from "../../src/http/metrics.ts";
import { createMetrics, METRICS } from "../../src/metrics/metrics.ts";
import { createRegistry, escapeLabelValue, formatValue } from "../../src/metrics/registry.ts";
import { ACME_CHANNEL, FLAGSHIP, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";
import { parseExposition, value } from "../helpers/exposition.ts";


describe("registry", () => {
  it("escapes label values (backslash, quote, newline) and HELP text, and reads back what it wrote", async () => {
    const r = createRegistry();
    r.define({ name: "t_total", help: 'Odd help: back\\slash and\nnewline, "quotes" stay', type: "counter", labels: ["why"] });
    const nasty = 'a\\b "quoted"\nnext line, {braces}=';
    r.inc("t_total", { why: nasty }, 2);
    const text = await r.render();
    expect(text).toContain('t_total{why="a\\\\b \\"quoted\\"\\nnext line, {braces}="} 2\n');
    expect(text).toContain('# HELP t_total Odd help: back\\\\slash and\\nnewline, "quotes" stay\n');
    const parsed = parseExposition(text);
    expect(parsed.samples).toEqual([{ name: "t_total", labels: { why: nasty }, value: 2 }]);
    expect(escapeLabelValue("\\\n\"")).toBe('\\\\\\n\\"');
  });

  it("writes NaN and infinities as Prometheus does", () => {
    expect([NaN, Infinity, -Infinity, 0.25, 3].map(formatValue)).toEqual(["NaN", "+Inf", "-Inf", "0.25", "3"]);
  });

  it("refuses bad names, wrong labels, negative increments and setting a counter", () => {
    const r = createRegistry();
    expect(() => r.define({ name: "bad-name", help: "", type: "counter", labels: [] })).toThrow(TypeError);
    expect(() => r.define({ name: "ok", help: "", type: "counter", labels: ["__reserved"] })).toThrow(TypeError);
    r.define({ name: "c_total", help: "c", type: "counter", labels: ["a"] });
    expect(() => r.define({ name: "c_total", help: "again", type: "counter", labels: [] })).toThrow(/twice/);
    expect(() => r.inc("c_total", { b: "x" })).toThrow(/takes labels \[a\]/);
    expect(() => r.inc("c_total")).toThrow(TypeError);
    expect(() => r.inc("c_total", { a: "x" }, -1)).toThrow(RangeError);
    expect(() => r.set("c_total", { a: "x" }, 1)).toThrow(/only gauges/);
    expect(() => r.inc("nope_total")).toThrow(/not defined/);
  });

  it("merges collected gauges at scrape time and leaves out a collector that fails", async () => {
    const r = createRegistry();
    r.define({ name: "depth", help: "d", type: "gauge", labels: ["q"] });
    r.addCollector("ok", () => [{ name: "depth", labels: { q: "a" }, value: 3 }]);
    r.addCollector("broken", async () => {
      throw new Error("store busy");
    });
    const failed: string[] = [];
    const text = await r.render((name) => failed.push(name));
    expect(text).toBe('# HELP depth d\n# TYPE depth gauge\ndepth{q="a"} 3\n');
    expect(failed).toEqual(["broken"]);
  });

  it("docketbot's catalogue: counters end in _total, every name and label is valid, known series start at 0", async () => {
    for (const [name, def] of Object.entries(METRICS)) {
      expect(name.endsWith("_total")).toBe(def.type === "counter");
      expect(name).toMatch(/^docketbot_[a-z0-9_]+$/);
    }
    const parsed = parseExposition(await createMetrics().render());
    expect(value(parsed, "docketbot_pushes_received_total")).toBe(0);
    expect(value(parsed, "docketbot_pushes_rejected_total", { reason: "too_large" })).toBe(0);
    expect(value(parsed, "docketbot_pushes_stored_total", { routing: "quarantined" })).toBe(0);
  });

  it("types names and labels for callers (compile-time checks)", async () => {
    const m = createMetrics();
    m.inc("docketbot_outbox_deliveries_retried_total", { reason: "rate_limited" });
    m.inc("docketbot_outbox_deliveries_sent_total");
    m.inc("docketbot_outbox_deliveries_sent_total", 3);
    // @ts-expect-error: a labelled counter needs its labels
    expect(() => m.inc("docketbot_outbox_deliveries_retried_total")).toThrow();
    // @ts-expect-error: unknown label
    expect(() => m.inc("docketbot_outbox_deliveries_dead_total", { why: "x" })).toThrow();
    // @ts-expect-error: a gauge is not a counter
    m.inc("docketbot_outbox_deliveries", { state: "sent" });
    // @ts-expect-error: an unlabelled gauge takes a value only
    m.set("docketbot_pushes_held", {}, 1);
    m.set("docketbot_push_requests_in_flight", 2);
    await expect(m.render()).resolves.toMatch(/^docketbot_push_requests_in_flight 2$/m);
  });
});

// ---- the bot ------------------------------------------------------------------------------------

describe("GET /metrics with METRICS_TOKEN", () => {
  it("wants the bearer token when one is set, and only that token", async () => {
    const app = express().use(createMetricsRouter({ metrics: createMetrics(), logger: pino({ level: "silent" }), token: "scrape-token-0123456789" }));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    try {
      const as = (authorization?: string) => fetch(url, authorization ? { headers: { authorization } } : {});
      const refused = await as();
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect((await as("Bearer scrape-token-012345678")).status).toBe(401);
      expect((await as("Basic c2NyYXBlLXRva2Vu")).status).toBe(401);
      const ok = await as("Bearer scrape-token-0123456789");
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("# TYPE docketbot_pushes_received_total counter");
    } finally {
      server.close();
    }
  });
});

describe("GET /metrics on the bot", () => {
  let h: BotHarness;
  const AUTH = `Basic ${Buffer.from("hook:metrics-pw-1").toString("base64")}`;
  beforeAll(async () => {
    h = await startBotHarness({ env: { PUSH_USERNAME: "hook", PUSH_PASSWORD: "metrics-pw-1" } });
  });
  afterAll(async () => {
    await h?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${h.bot.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    return parseExposition(await res.text());
  };
  const push = (body: string, auth = AUTH) =>
    fetch(`${h.bot.url}/docket/push`, { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body });

  it("parses, with a TYPE for every family in the catalogue", async () => {
    const parsed = await scrape();
    for (const [name, def] of Object.entries(METRICS)) expect(parsed.types.get(name), name).toBe(def.type);
    for (const endpoint of ["search", "getdocket", "getdocument", "searchpacer", "ask_docket", "track", "login"]) {
      expect(value(parsed, "docketbot_docket_limiter_queue_depth", { endpoint }), endpoint).toBe(0);
    }
    for (const state of ["pending", "in_flight", "sent", "dead"]) {
      expect(value(parsed, "docketbot_outbox_deliveries", { state }), state).toBeTypeOf("number");
    }
  });

  it("counts pushes: received, stored by routing, duplicate, quarantined, unauthorized, rejected", async () => {
    await h.linkMatter(ACME_CHANNEL, "ACME-M");
    const before = await scrape();
    const docket = (n: number, matter = "ACME-M") =>
      JSON.stringify({ push_type: "docket", client_matter: matter, court: FLAGSHIP.court, docket: FLAGSHIP.docket, docket_report: [{ number: n, contents: `entry ${n}` }] });
    expect((await push(docket(1))).status).toBe(200); // routed
    expect((await push(docket(1))).status).toBe(200); // duplicate
    expect((await push(docket(2, "NO-CHANNEL-YET"))).status).toBe(200); // held
    expect((await push("{oops")).status).toBe(200); // quarantined
    expect((await push(docket(3), "Basic AAAA")).status).toBe(401);
    expect((await fetch(`${h.bot.url}/docket/push`, { method: "POST", headers: { authorization: AUTH, "content-type": "text/csv" }, body: "a,b" })).status).toBe(415);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    expect(delta("docketbot_pushes_received_total")).toBe(6);
    expect(delta("docketbot_pushes_stored_total", { routing: "routed" })).toBe(1);
    expect(delta("docketbot_pushes_stored_total", { routing: "held" })).toBe(1);
    expect(delta("docketbot_pushes_stored_total", { routing: "quarantined" })).toBe(1);
    expect(delta("docketbot_pushes_duplicate_total")).toBe(1);
    expect(delta("docketbot_pushes_quarantined_total", { reason: "invalid_json" })).toBe(1);
    expect(delta("docketbot_pushes_unauthorized_total")).toBe(1);
    expect(delta("docketbot_pushes_rejected_total", { reason: "unsupported_media_type" })).toBe(1);
    // Read from the store: the routed push made one delivery; the held one waits for a link.
    const deliveries = ["pending", "in_flight", "sent", "dead"].reduce((n, state) => n + (value(after, "docketbot_outbox_deliveries", { state }) ?? 0), 0);
    expect(deliveries).toBeGreaterThanOrEqual(1);
    expect(delta("docketbot_pushes_held")).toBe(1);
    expect(delta("docketbot_pushes_in_quarantine")).toBe(1);
    expect(value(after, "docketbot_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(value(after, "docketbot_push_requests_in_flight")).toBe(0);
  });

  it("counts the store's statements (SQLite: no round trips, so no such series)", async () => {
    const before = await scrape();
    const docket = JSON.stringify({ push_type: "docket", client_matter: "ACME-M", court: FLAGSHIP.court, docket: FLAGSHIP.docket, docket_report: [{ number: 41, contents: "entry 41" }] });
    expect((await push(docket)).status).toBe(200);
    const after = await scrape();
    expect(value(after, "docketbot_store_statements_total", { store: "sqlite" })).toBeGreaterThan(value(before, "docketbot_store_statements_total", { store: "sqlite" }) ?? 0);
    expect(after.samples.some((s) => s.name === "docketbot_store_round_trips_total")).toBe(false);
  });

  it("counts docket API calls by endpoint and outcome", async () => {
    const before = await scrape();
    await h.bot.docket.search({ q: "Acme Widgets", limit: 5 });
    await h.bot.docket.getDocket({ court: FLAGSHIP.court, docket: "1:99-cv-99999" }).catch(() => undefined);
    const after = await scrape();
    const delta = (labels: Record<string, string>) =>
      (value(after, "docketbot_docket_calls_total", labels) ?? 0) - (value(before, "docketbot_docket_calls_total", labels) ?? 0);
    expect(delta({ endpoint: "search", outcome: "ok" })).toBe(1);
    expect(delta({ endpoint: "getdocket", outcome: "not_found" })).toBe(1);
  });

  it("keeps serving counters when the store cannot be read, and counts the failed collector", async () => {
    const outboxStats = h.store.outboxStats;
    h.store.outboxStats = async () => {
      throw new Error("database is busy");
    };
    try {
      const parsed = await scrape();
      expect(value(parsed, "docketbot_pushes_received_total")).toBeGreaterThan(0);
      expect(value(parsed, "docketbot_outbox_deliveries", { state: "pending" })).toBeUndefined();
      expect(value(parsed, "docketbot_metrics_collector_errors_total", { collector: "store" })).toBe(1);
    } finally {
      h.store.outboxStats = outboxStats;
    }
  });
});
