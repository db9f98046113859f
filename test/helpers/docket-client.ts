import nock from "nock";
import { pino } from "pino";
import { Writable } from "node:stream";
import { createDocketClient } from "../../src/docket/client.ts";
import { isDocketError, type DocketError } from "../../src/docket/errors.ts";
import type { DocketClientOptions } from "../../src/docket/options.ts";
import { FakeClock } from "./fake-clock.ts";

export const HOST = "https://docket.test";
export const API = `${HOST}/api/v1/`;
export const USERNAME = "ann.lawyer";
export const PASSWORD = "pw-Sup3r$ecret";
export const KEY_ONE = "p1-key-ABCDEF123456";
export const KEY_TWO = "p2-key-ZYXWVU987654";

/** Collects every log line a logger writes, as parsed JSON and as raw text. */
export function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join("\n") };
}

export function makeClient(overrides: Partial<DocketClientOptions> = {}) {
  const clock = new FakeClock();
  const logs = captureLogs();
  const events: unknown[] = [];
  const client = createDocketClient({
    apiUrl: API,
    username: USERNAME,
    password: PASSWORD,
    providerKeys: { providerone: KEY_ONE, providertwo: KEY_TWO },
    clock,
    random: () => 0,
    logger: pino({ level: "silent" }),
    onCall: (e) => void events.push(e),
    ...overrides,
  });
  return { client, clock, logs, events };
}

/** Expects `times` logins answering `token`. */
export function nockLogin(token = "tok-1", times = 1) {
  return nock(HOST)
    .post("/api/v1/login/", (body) => body.username === USERNAME && body.password === PASSWORD)
    .times(times)
    .reply(200, { success: true, login_token: token });
}

export function docketBody(overrides: Record<string, unknown> = {}) {
  return {
    success: true,
    info: {
      title: "Acme Widgets, Inc. v. Globex Corporation",
      date_filed: "1/5/2023",
      judges: ["Jed S. Rakoff"],
      nature_of_suit: "830 Patent",
      type: "Civil",
      status: "Open",
      cause: "35:271 Patent Infringement",
      patents: ["10123456"],
      court: "New York Southern District Court",
      docket: "1:23-cv-01234",
      date_cached: "11/20/2026",
    },
    docket_report: [
      { date: "3/3/2026", entry_date: "3/4/2026", number: 42, contents: "<span class='description'>ORDER granting motion to dismiss</span>", link: "/cases/New_York_Southern_District_Court/1--23-cv-01234/docs/42.pdf", exhibits: [], analyze: { type: "order", outcome: "granted" } },
      { date: "1/5/2023", number: "1", contents: "COMPLAINT &amp; jury demand", exhibits: null },
    ],
    parties: [{ name: "Acme Widgets, Inc.", type: "Plaintiff", counsel: [{ name: "A. Smith", firm: "Jones Day", lead: true, prose: false }] }],
    ...overrides,
  };
}

/** The DocketError a promise rejects with (fails the test if it resolves or rejects otherwise). */
export async function failure(p: Promise<unknown>): Promise<DocketError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isDocketError(e)) throw new Error(`expected a DocketError, got ${String(e)}`);
  return e;
}
