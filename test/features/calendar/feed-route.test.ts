/** GET /calendar/<token>.ics on its own, over loopback HTTP: a failing store answers 503 with no detail. */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createCalendarRouter } from "../../../src/features/calendar/feed-route.ts";
import { newFeedToken } from "../../../src/features/calendar/tokens.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { captureLog } from "../../helpers/log-capture.ts";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(store: Parameters<typeof createCalendarRouter>[0]["store"]) {
  const log = captureLog("debug");
  const app = express();
  app.use(createCalendarRouter({ store, clock: new FakeClock(), logger: log.logger }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  close = () => new Promise((r) => server.close(() => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, log };
}

describe("the feed route", () => {
  it("answers 503 without Express's error page when the store fails, and logs no token", async () => {
    const { url, log } = await serve({
      calendarFeedByHash: async () => {
        throw new Error("database is locked");
      },
      channelsOfMatter: async () => [],
      courtDatesOfMatters: async () => [],
      courtDatesOfCase: async () => [],
    });
    const { token } = newFeedToken();
    const res = await fetch(`${url}/calendar/${token}.ics`);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("Service Unavailable");
    const lines = JSON.stringify(log.lines());
    expect(lines).not.toContain(token);
    expect(lines).toContain("could not serve a calendar feed");
  });

  it("never asks the store about a path that cannot hold a token", async () => {
    let asked = 0;
    const { url } = await serve({
      calendarFeedByHash: async () => {
        asked++;
        return undefined;
      },
      channelsOfMatter: async () => [],
      courtDatesOfMatters: async () => [],
      courtDatesOfCase: async () => [],
    });
    for (const path of ["/calendar/short.ics", `/calendar/${"a".repeat(43)}.txt`, `/calendar/${"a".repeat(44)}.ics`, `/calendar/${"a".repeat(42)}%0A.ics`]) {
      expect((await fetch(`${url}${path}`)).status).toBe(404);
    }
    expect(asked).toBe(0);
    expect((await fetch(`${url}/calendar/${"a".repeat(43)}.ics`)).status).toBe(404);
    expect(asked).toBe(1);
  });
});
