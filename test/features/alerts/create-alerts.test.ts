/**
 * createAlerts (features/alerts/index.ts): where intake and outbox meet. A stored push with
 * deliveries wakes the outbox at once (its poll is an hour here, so only the wakeup can post it);
 * with pushes off and no Slack, the feature is inert and passes every request on.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { startSlackStandIn, type SlackStandIn } from "../../../sandbox/slack/stand-in.ts";
import { systemClock } from "../../../src/clock.ts";
import { createAlerts, type Alerts } from "../../../src/features/alerts/index.ts";
import { createMetrics } from "../../../src/metrics/metrics.ts";
import { openSqliteStore, type SqliteStore } from "../../../src/store/sqlite/sqlite-store.ts";
import { basic, docketPushBody } from "./intake/helpers.ts";

const BOT_TOKEN = "xoxb-create-alerts-test";
const PATH = "/docket/push";
const logger = pino({ level: process.env.LOG_LEVEL ?? "silent" });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve(alerts: Alerts): Promise<string> {
  const app = express();
  app.use(alerts.router);
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  cleanups.push(() => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  }));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function memoryStore(): Promise<SqliteStore> {
  const store = await openSqliteStore({ path: ":memory:", clock: systemClock });
  cleanups.push(() => store.close());
  return store;
}

describe("createAlerts", () => {
  it("posts a stored push at once: intake wakes the outbox", async () => {
    const slack: SlackStandIn = await startSlackStandIn({ signingSecret: "create-alerts-secret", botToken: BOT_TOKEN });
    cleanups.push(() => slack.close());
    const store = await memoryStore();
    await store.linkMatter({ teamId: "T0DOCKET", channelId: "C0ACME", clientMatter: "ACME-001", linkedBy: "U0ADMIN" });
    const alerts = createAlerts({
      store, clock: systemClock, logger, metrics: createMetrics(), siteUrl: "https://site.example/", admins: ["U0ADMIN"],
      push: { path: PATH, credentials: [{ username: "hook", password: "pw-alerts-1" }], maxBodyBytes: 1 << 20 },
      slack: { botToken: BOT_TOKEN, apiUrl: slack.apiUrl },
      policy: { pollIntervalMs: 3_600_000 },
    });
    cleanups.push(() => alerts.stop());
    await alerts.start();
    const url = await serve(alerts);

    const res = await fetch(`${url}${PATH}`, {
      method: "POST",
      headers: { authorization: basic("hook", "pw-alerts-1"), "content-type": "application/json" },
      body: docketPushBody("ACME-001", 1),
    });
    expect(res.status).toBe(200);
    await slack.waitFor(() => (alerts.outbox?.stats().sent ?? 0) >= 1, { timeoutMs: 10_000 });
    expect(slack.callsTo("chat.postMessage").some((c) => c.params.channel === "C0ACME" && c.ok)).toBe(true);
    expect(await alerts.drain(1_000)).toBe(true);
  });

  it("without pushes or Slack, passes every request on and has nothing to start, drain or stop", async () => {
    const store = await memoryStore();
    const alerts = createAlerts({ store, clock: systemClock, logger, siteUrl: "https://site.example/", admins: [] });
    const url = await serve(alerts);

    expect((await fetch(`${url}${PATH}`, { method: "POST", body: "{}" })).status).toBe(404);
    expect(alerts.outbox).toBeUndefined();
    expect(alerts.pushesInFlight).toBe(0);
    alerts.notify();
    await alerts.start();
    expect(await alerts.drain(1_000)).toBe(true);
    await alerts.stop();
  });
});
