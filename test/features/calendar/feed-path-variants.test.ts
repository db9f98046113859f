/**
 * Issue 22, item 13: a calendar token reaches no log line and no response, whatever the path's
 * spelling (doubled slash, percent-encoded letters or slash, upper case, backslash, a broken
 * escape that makes Express throw), and no HTTP response carries a stack trace in any mode.
 * The whole HTTP app as main.ts composes it (createHttpApp ... finishHttpApp), raw requests on
 * loopback, every log line and stderr captured.
 */
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createCalendarRouter } from "../../../src/features/calendar/feed-route.ts";
import { newFeedToken } from "../../../src/features/calendar/tokens.ts";
import { createHttpApp, finishHttpApp } from "../../../src/http/app.ts";
import { createLogger } from "../../../src/logger.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";
import { captureLogs } from "../alerts/intake/helpers.ts";

const { token } = newFeedToken();
const logs = captureLogs();
let url: URL;
let close: () => Promise<void>;
let env: string | undefined;

beforeAll(async () => {
  env = process.env.NODE_ENV;
  process.env.NODE_ENV = "development"; // Express's default error page shows the stack outside production
  const logger = createLogger({ level: "debug", destination: logs.stream, base: {} });
  const clock = new FakeClock();
  const app = createHttpApp({ logger, clock, health: {} });
  const none = async () => [];
  app.use(createCalendarRouter({ store: { calendarFeedByHash: async () => undefined, channelsOfMatter: none, courtDatesOfMatters: none, courtDatesOfCase: none }, clock, logger }));
  finishHttpApp(app, { logger });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(async () => {
  process.env.NODE_ENV = env;
  await close();
});

/** A request with the path exactly as written (fetch would normalise some of these). */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (c: string) => (body += c)).on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject).end();
  });
}

const VARIANTS = [
  `/calendar/${token}.ics`,
  `/calendar//${token}.ics`,
  `//calendar/${token}.ics`,
  `/%63alendar/${token}.ics`,
  `/CALENDAR/${token}.ics`,
  `/Calendar/${token}.ICS`,
  `/calendar%2F${token}.ics`,
  `/calendar%2f${token}%2Eics`,
  `/calendar\\${token}.ics`,
  `/calendar/%ZZ${token}.ics`,
  `/calendar/${token}%ZZ.ics`,
  `/calendar/${token}`,
  `/calendar/${token}.ics?x=1`,
  `/calendar/${token}.ics/extra`,
  `/x/../calendar/${token}.ics`,
];

it.each(VARIANTS)("GET %s: a plain 400/404, no token in any log line, response or stderr, no stack", async (path) => {
  const stderr = vi.spyOn(process.stderr, "write");
  const consoleError = vi.spyOn(console, "error");
  const before = logs.raw.length;
  try {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain(token);
    expect(res.body).not.toMatch(/\n\s+at |Error:|<pre>/);
    await new Promise((r) => setImmediate(r));
    const lines = logs.raw.slice(before);
    expect(lines.length).toBeGreaterThan(0); // the request was logged, without its token
    for (const line of lines) expect(line).not.toContain(token);
    const printed = [...stderr.mock.calls, ...consoleError.mock.calls].map((c) => String(c[0])).join("\n");
    expect(printed).not.toContain(token);
    expect(printed).not.toMatch(/\n\s+at /);
  } finally {
    stderr.mockRestore();
    consoleError.mockRestore();
  }
});
