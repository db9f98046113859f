/**
 * createHttpApp (http/app.ts): Express would hash every body it sends into an ETag, for any
 * method; nothing here is revalidated but the calendar feed, which sets its own ETag
 * (test/features/calendar/feed-e2e.test.ts), so no other answer carries one or pays for it.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp, finishHttpApp } from "../../src/http/app.ts";
import { systemClock } from "../../src/clock.ts";

const logger = pino({ level: "silent" });
const app = createHttpApp({ logger, clock: systemClock, health: { database: async () => ({ ok: true }) } });
app.post("/docket/push", (_req, res) => void res.json({ ok: true }));
app.get("/own-validator", (_req, res) => void res.set("ETag", 'W/"v1"').json({ ok: true }));
finishHttpApp(app, { logger });
const server = app.listen(0, "127.0.0.1");
const listening = once(server, "listening");
const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

beforeAll(async () => {
  await listening;
});
afterAll(() => {
  server.close();
});

describe("createHttpApp", () => {
  it.each([
    ["POST", "/docket/push"],
    ["GET", "/healthz"],
    ["GET", "/nowhere"],
  ])("answers %s %s without an ETag", async (method, path) => {
    const res = await fetch(url(path), { method });
    await res.text();
    expect(res.headers.get("etag")).toBeNull();
  });

  it("keeps a validator a route sets itself", async () => {
    const res = await fetch(url("/own-validator"));
    await res.text();
    expect(res.headers.get("etag")).toBe('W/"v1"');
  });
});
