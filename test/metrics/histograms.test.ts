/**
 * Latency histograms on GET /metrics (prometheus.io/docs/practices/histograms; base unit seconds):
 * the registry's cumulative buckets, then the real bot scraped after a slash command, a click, a
 * push delivered to Slack and a docket call. Label sets stay bounded: kind, endpoint, method only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRegistry } from "../../src/metrics/registry.ts";
import { ackKind } from "../../src/slack/ack-timing.ts";
import { slackMethodOf } from "../../src/slack/timed-fetch.ts";
import { ACME_CHANNEL, FLAGSHIP, MEMBER, startBotHarness, type BotHarness } from "../helpers/bot-harness.ts";
import { parseExposition, value } from "../helpers/exposition.ts";

describe("registry histograms", () => {
  it("renders cumulative buckets ending in +Inf, then _sum and _count, per label set", async () => {
    const r = createRegistry();
    r.define({ name: "lat_seconds", help: "l", type: "histogram", labels: ["kind"], buckets: [0.01, 0.1, 1] });
    for (const v of [0.005, 0.05, 0.05, 2]) r.observe("lat_seconds", { kind: "a" }, v);
    r.observe("lat_seconds", { kind: "b" }, 0.1);
    expect(await r.render()).toBe(
      [
        "# HELP lat_seconds l", "# TYPE lat_seconds histogram",
        'lat_seconds_bucket{kind="a",le="0.01"} 1', 'lat_seconds_bucket{kind="a",le="0.1"} 3', 'lat_seconds_bucket{kind="a",le="1"} 3',
        'lat_seconds_bucket{kind="a",le="+Inf"} 4', 'lat_seconds_sum{kind="a"} 2.105', 'lat_seconds_count{kind="a"} 4',
        'lat_seconds_bucket{kind="b",le="0.01"} 0', 'lat_seconds_bucket{kind="b",le="0.1"} 1', 'lat_seconds_bucket{kind="b",le="1"} 1',
        'lat_seconds_bucket{kind="b",le="+Inf"} 1', 'lat_seconds_sum{kind="b"} 0.1', 'lat_seconds_count{kind="b"} 1',
        "",
      ].join("\n"),
    );
  });

  it("refuses an le label, unordered buckets, inc on a histogram and observe on a counter", () => {
    const r = createRegistry();
    expect(() => r.define({ name: "x_seconds", help: "x", type: "histogram", labels: ["le"], buckets: [1] })).toThrow(/le/);
    expect(() => r.define({ name: "y_seconds", help: "y", type: "histogram", labels: [], buckets: [1, 0.5] })).toThrow(/ascending/);
    r.define({ name: "z_seconds", help: "z", type: "histogram", labels: [], buckets: [1] });
    r.define({ name: "c_total", help: "c", type: "counter", labels: [] });
    expect(() => r.inc("z_seconds")).toThrow(/observe/);
    expect(() => r.observe("c_total", undefined, 1)).toThrow(/only histograms/);
  });

  it("labels: the kind of Slack request and the Web API method, never anything a user typed", () => {
    expect(ackKind({ command: "/docket", text: "case x" })).toBe("command");
    expect(ackKind({ type: "block_actions" })).toBe("interactivity");
    expect(ackKind({ type: "event_callback", event: {} })).toBe("event");
    expect(slackMethodOf("http://127.0.0.1:1/api/chat.postMessage")).toBe("chat.postMessage");
    expect(slackMethodOf(new URL("https://slack.com/api/views.open"))).toBe("views.open");
    expect(slackMethodOf("https://slack.com/api/C0ACME%20secret")).toBe("other");
    expect(slackMethodOf("https://files.slack.com/upload/v1/abc123")).toBe("upload");
  });
});

describe("latency histograms on the bot", () => {
  let h: BotHarness;
  const AUTH = `Basic ${Buffer.from("hook:metrics-pw-2").toString("base64")}`;
  beforeAll(async () => {
    h = await startBotHarness({ env: { PUSH_USERNAME: "hook", PUSH_PASSWORD: "metrics-pw-2" } });
  });
  afterAll(async () => {
    await h?.close();
  });
  const scrape = async () => parseExposition(await (await fetch(`${h.bot.url}/metrics`)).text());
  const count = (p: ReturnType<typeof parseExposition>, name: string, labels: Record<string, string> = {}) => value(p, `${name}_count`, labels) ?? 0;

  it("times acks, pushes, docket calls, Slack calls and delivery lag, each a well-formed histogram", async () => {
    await h.linkMatter(ACME_CHANNEL, "ACME-H");
    const before = await scrape();
    expect((await h.slack.sendCommand({ text: "help", user: MEMBER, channel: ACME_CHANNEL })).status).toBe(200);
    const body = JSON.stringify({ push_type: "docket", client_matter: "ACME-H", court: FLAGSHIP.court, docket: FLAGSHIP.docket, docket_report: [{ number: 7, contents: "ORDER granting" }] });
    const pushed = await fetch(`${h.bot.url}/docket/push`, { method: "POST", headers: { authorization: AUTH, "content-type": "application/json" }, body });
    expect(pushed.status).toBe(200);
    await h.bot.docket.search({ q: "Acme Widgets", limit: 5 });
    await h.slack.waitFor(() => h.slack.state.messages(ACME_CHANNEL).some((m) => JSON.stringify(m).includes("ORDER granting")));
    let after = await scrape();
    for (let i = 0; i < 50 && count(after, "docketbot_outbox_delivery_lag_seconds") === count(before, "docketbot_outbox_delivery_lag_seconds"); i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await scrape();
    }
    const grew = (name: string, labels: Record<string, string> = {}) => count(after, name, labels) - count(before, name, labels);
    expect(grew("docketbot_slack_ack_seconds", { kind: "command" })).toBe(1);
    expect(grew("docketbot_push_intake_seconds")).toBe(1);
    expect(grew("docketbot_docket_call_seconds", { endpoint: "search" })).toBe(1);
    expect(grew("docketbot_slack_api_call_seconds", { method: "chat.postMessage" })).toBeGreaterThanOrEqual(1);
    expect(grew("docketbot_outbox_delivery_lag_seconds")).toBe(1);

    // Every histogram: buckets cumulative, +Inf = _count, _sum ≥ 0; no label outside the bounded sets.
    for (const name of ["docketbot_slack_ack_seconds", "docketbot_push_intake_seconds", "docketbot_docket_call_seconds", "docketbot_slack_api_call_seconds", "docketbot_outbox_delivery_lag_seconds"]) {
      expect(after.types.get(name), name).toBe("histogram");
      const buckets = after.samples.filter((s) => s.name === `${name}_bucket`);
      expect(buckets.length, name).toBeGreaterThan(0);
      for (const s of after.samples.filter((x) => x.name === `${name}_count`)) {
        const { le: _, ...series } = s.labels;
        const mine = buckets.filter((b) => Object.entries(series).every(([k, v]) => b.labels[k] === v));
        const values = mine.map((b) => b.value);
        expect(values, name).toEqual([...values].sort((a, b) => a - b));
        expect(mine.at(-1)?.labels.le).toBe("+Inf");
        expect(mine.at(-1)?.value).toBe(s.value);
        expect(value(after, `${name}_sum`, series)).toBeGreaterThanOrEqual(0);
        for (const label of Object.keys(series)) expect(["kind", "endpoint", "method"]).toContain(label);
      }
    }
  });
});
