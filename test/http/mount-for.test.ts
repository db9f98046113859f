/**
 * mountFor (http/app.ts): a router mounted for its own paths answers exactly what it answered when
 * mounted for every path (Express matches routes in any case, with one trailing slash), and a
 * request for any other path passes it by without the setImmediate a router that matches nothing
 * ends with.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express, { type Express, type RequestHandler } from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mountFor } from "../../src/http/app.ts";
import { createMetricsRouter, isMetricsPath } from "../../src/http/metrics.ts";
import { createCalendarRouter, isFeedPath } from "../../src/features/calendar/index.ts";
import { createMetrics } from "../../src/metrics/metrics.ts";
import { systemClock } from "../../src/clock.ts";

const logger = pino({ level: "silent" });
const PATHS = [
  "/metrics", "/METRICS", "/Metrics/", "/metrics//", "/metrics/x", "/metricsx", "/x/metrics", "/metrics%2F", "/metrics?x=1",
  "/calendar/abc.ics", "/CALENDAR/abc.ics", "/calendar/", "/calendar", "/calendars/abc.ics", "/calendar/a/b.ics", "/calendar/abc.ics/",
  "/", "/slack/events", "/%", "//calendar/abc.ics",
];

function serve(mount: (app: Express, name: "metrics" | "calendar", router: RequestHandler) => void) {
  const app = express();
  mount(app, "metrics", createMetricsRouter({ metrics: createMetrics(), logger }));
  const store = { calendarFeedByHash: async () => undefined, channelsOfMatter: async () => [], courtDatesOfMatters: async () => [], courtDatesOfCase: async () => [] };
  mount(app, "calendar", createCalendarRouter({ store: store as never, clock: systemClock, logger }));
  app.use((_req, res) => void res.status(404).send("fell through"));
  const server = app.listen(0, "127.0.0.1");
  return { server, ready: once(server, "listening") };
}

const plain = serve((app, _name, router) => app.use(router));
const guarded = serve((app, name, router) => mountFor(app, name === "metrics" ? isMetricsPath : isFeedPath, router));
const url = (s: typeof plain, path: string) => `http://127.0.0.1:${(s.server.address() as AddressInfo).port}${path}`;

beforeAll(async () => {
  await Promise.all([plain.ready, guarded.ready]);
});
afterAll(() => {
  plain.server.close();
  guarded.server.close();
});

describe("mountFor", () => {
  it.each(PATHS)("answers %s as the router mounted for every path does", async (path) => {
    const [a, b] = await Promise.all([fetch(url(plain, path)), fetch(url(guarded, path))]);
    expect({ status: b.status, body: await b.text() }).toEqual({ status: a.status, body: await a.text() });
  });

  it("never enters the router for another path", async () => {
    const app = express();
    let entered = 0;
    mountFor(app, isMetricsPath, (_req, _res, next) => {
      entered++;
      next();
    });
    app.use((_req, res) => void res.end("ok"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      for (const path of ["/slack/events", "/docket/push", "/metricsx"]) {
        const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { method: "POST" });
        expect(await res.text()).toBe("ok");
      }
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    } finally {
      server.close();
    }
    expect(entered).toBe(1);
  });
});
