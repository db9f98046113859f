import { describe, expect, it } from "vitest";
import { childLogger, createLogger, newCorrelationId, type LoggerOptions } from "../src/logger.ts";

// Distinct secrets, one per kind the service and Slack hand us.
const LOGIN_TOKEN = "LT-7f3a9c2e11d04b8e";
const PASSWORD = "Pw-Correct-Horse-42";
const PROVIDER_KEY = "sk-prov1-abcdef123456";
const BOT_TOKEN = "xoxb-1111-2222-AbCdEfGhIj";
const PUSH_PASSWORD = "PushPw-9876-zyxw";
const SECRETS = [LOGIN_TOKEN, PASSWORD, PROVIDER_KEY, BOT_TOKEN, PUSH_PASSWORD];

/** Every way a secret could be written into a line: raw, URL-encoded, JSON-escaped, base64 (also as basic-auth). */
function forms(secret: string): string[] {
  return [
    secret,
    encodeURIComponent(secret),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString("base64"),
    Buffer.from(`push-user:${secret}`).toString("base64"),
    secret.slice(-10), // a tail left behind by a partial match
  ];
}

function capture(options: Partial<LoggerOptions> = {}) {
  const lines: string[] = [];
  const logger = createLogger({ level: "trace", destination: { write: (s: string) => void lines.push(s) }, ...options });
  const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const expectClean = () => {
    expect(lines.length).toBeGreaterThan(0);
    const all = lines.join("");
    for (const secret of SECRETS) for (const form of forms(secret)) expect(all, `leaked ${form}`).not.toContain(form);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  };
  return { logger, lines, records, expectClean };
}

describe("createLogger redaction", () => {
  it("scrubs query strings and form bodies, in objects and messages", () => {
    const { logger, records, expectClean } = capture();
    const url = `https://dockets.example.com/api/v1/getdocket/?login_token=${LOGIN_TOKEN}&court=NY&docket=1:23-cv-11195`;
    logger.info({ url, body: `username=firm-bot&password=${encodeURIComponent(PASSWORD)}&test=true` }, `GET ${url}`);
    expectClean();
    expect(records()[0]).toMatchObject({
      url: "https://dockets.example.com/api/v1/getdocket/?login_token=[REDACTED]&court=NY&docket=1:23-cv-11195",
      body: "username=firm-bot&password=[REDACTED]&test=true",
      msg: "GET https://dockets.example.com/api/v1/getdocket/?login_token=[REDACTED]&court=NY&docket=1:23-cv-11195",
    });
  });

  it("scrubs basic-auth URLs and the spec's push debug info", () => {
    const { logger, records, expectClean } = capture();
    const pushUrl = `https://push-user:${PUSH_PASSWORD}@bot.example.com/docket/push`;
    logger.warn({ _api_push_debug_info: { response_code: 401, request_url: pushUrl, will_retry: true } }, "push delivery failing");
    expectClean();
    expect(records()[0]).toMatchObject({
      _api_push_debug_info: { response_code: 401, request_url: "https://[REDACTED]@bot.example.com/docket/push", will_retry: true },
    });
  });

  it("scrubs headers, whether objects, HTTP request objects or header text", () => {
    const { logger, records, expectClean } = capture();
    const basic = `Basic ${Buffer.from(`push-user:${PUSH_PASSWORD}`).toString("base64")}`;
    logger.info({ headers: { authorization: basic, "x-providerone-key": PROVIDER_KEY, "content-type": "application/json" } }, "outbound");
    logger.info({ req: { method: "POST", url: "/docket/push", headers: { Authorization: basic, cookie: `sid=${LOGIN_TOKEN}` } } }, "inbound");
    logger.debug(`raw request:\nAuthorization: ${basic}\nX-Providerone-Key: ${PROVIDER_KEY}\nAccept: */*`);
    expectClean();
    const [outbound, inbound, raw] = records();
    expect(outbound).toMatchObject({ headers: { authorization: "[REDACTED]", "x-providerone-key": "[REDACTED]", "content-type": "application/json" } });
    expect(inbound).toMatchObject({ req: { method: "POST", url: "/docket/push", headers: { Authorization: "[REDACTED]", cookie: "[REDACTED]" } } });
    expect(raw?.msg).toBe("raw request:\nAuthorization: Basic [REDACTED]\nX-Providerone-Key: [REDACTED]\nAccept: */*");
  });

  it("scrubs nested objects, arrays and Slack tokens", () => {
    const { logger, records, expectClean } = capture();
    logger.info(
      {
        config: { slack: { botToken: BOT_TOKEN, apiUrl: "https://slack.com/api/" }, docket: { password: PASSWORD, username: "firm-bot" } },
        calls: [{ params: { login_token: LOGIN_TOKEN, court: "NY" } }, { note: `used ${BOT_TOKEN}` }],
      },
      "state",
    );
    expectClean();
    expect(records()[0]).toMatchObject({
      config: { slack: { botToken: "[REDACTED]", apiUrl: "https://slack.com/api/" }, docket: { password: "[REDACTED]", username: "firm-bot" } },
      calls: [{ params: { login_token: "[REDACTED]", court: "NY" } }, { note: "used xoxb-[REDACTED]" }],
    });
  });

  it("scrubs error messages, stacks, own properties and the whole cause chain", () => {
    const { logger, records, expectClean } = capture();
    const root = Object.assign(new Error(`socket hang up for https://u:${PASSWORD}@dockets.example.com/`), { code: "ECONNRESET" });
    const mid = new Error(`POST login/ with password=${PASSWORD} failed`, { cause: root });
    const top = Object.assign(new Error(`getdocket failed: ?login_token=${LOGIN_TOKEN}`, { cause: mid }), {
      code: "DOCKET_NETWORK",
      endpoint: "getdocket/",
      params: { login_token: LOGIN_TOKEN },
    });
    logger.error(top); // pino would otherwise copy err.message into msg unscrubbed
    logger.error({ err: top }); // same fallback through the err key
    logger.error({ err: top, ref: "1a2b3c4d" }, "lookup failed");
    logger.error({ failure: top }, "nested error object");
    expectClean();
    const [first, second, third, fourth] = records();
    for (const r of [first, second]) expect(r?.msg).toBe("getdocket failed: ?login_token=[REDACTED]");
    expect(third).toMatchObject({
      msg: "lookup failed",
      ref: "1a2b3c4d",
      err: {
        type: "Error",
        code: "DOCKET_NETWORK",
        endpoint: "getdocket/",
        params: { login_token: "[REDACTED]" },
        cause: {
          message: "POST login/ with password=[REDACTED] failed",
          cause: { message: "socket hang up for https://[REDACTED]@dockets.example.com/", code: "ECONNRESET" },
        },
      },
    });
    expect(String((third?.err as { stack?: unknown }).stack)).toMatch(/^Error: getdocket failed: \?login_token=\[REDACTED\]\n/);
    expect(fourth).toMatchObject({ failure: { message: "getdocket failed: ?login_token=[REDACTED]" } });
  });

  it("scrubs interpolated messages, including a secret split between template and argument", () => {
    const { logger, records, expectClean } = capture();
    logger.info("login with password=%s", PASSWORD);
    logger.info("calling %s", `https://dockets.example.com/api/v1/search/?q=acme&login_token=${LOGIN_TOKEN}`);
    logger.info("params %j and %o", { login_token: LOGIN_TOKEN, court: "NY" }, { headers: { "X-Providertwo-Key": PROVIDER_KEY } });
    logger.info({ court: "NY" }, "token %s for %s; 100%% done", BOT_TOKEN, "U0123ABCD");
    logger.info("count %d of %d", 42, 50.5);
    expectClean();
    expect(records().map((r) => r.msg)).toEqual([
      "login with password=[REDACTED]",
      "calling https://dockets.example.com/api/v1/search/?q=acme&login_token=[REDACTED]",
      'params {"login_token":"[REDACTED]","court":"NY"} and {"headers":{"X-Providertwo-Key":"[REDACTED]"}}',
      "token xoxb-[REDACTED] for U0123ABCD; 100% done",
      "count 42 of 50.5",
    ]);
  });

  it("scrubs base bindings and child-logger bindings", () => {
    const { logger, records, expectClean } = capture({ base: { service: "docketbot", token: BOT_TOKEN } });
    logger.child({ login_token: LOGIN_TOKEN, url: `https://x.example.com/?password=${PASSWORD}` }).child({ matter: "ACME-001" }).info("hello");
    expectClean();
    expect(records()[0]).toMatchObject({
      service: "docketbot",
      token: "[REDACTED]",
      login_token: "[REDACTED]",
      url: "https://x.example.com/?password=[REDACTED]",
      matter: "ACME-001",
      msg: "hello",
    });
  });

  it("scrubs known secret values verbatim when given them", () => {
    const { logger, records, expectClean } = capture({ secrets: [PROVIDER_KEY, undefined] });
    logger.warn({ answer: `providerone rejected key ${PROVIDER_KEY}` }, `provider error: ${PROVIDER_KEY} is invalid`);
    expectClean();
    expect(records()[0]).toMatchObject({ answer: "providerone rejected key [REDACTED]", msg: "provider error: [REDACTED] is invalid" });
  });

  it("keeps ordinary text, numbers and structure intact", () => {
    const { logger, records } = capture();
    const entry = {
      court: "New York Southern District Court",
      docket: "1:23-cv-11195",
      title: "The New York Times Company v. Microsoft Corporation et al",
      link: "https://dockets.example.com/cases/New_York_Southern_District_Court/1--23-cv-11195/",
      entries: 212,
      tracked: true,
      tokens: 1024,
    };
    logger.info({ entry, user: "U0123ABCD" }, "rendered %s (%d entries)", entry.title, entry.entries);
    expect(records()[0]).toMatchObject({ entry, user: "U0123ABCD", msg: `rendered ${entry.title} (212 entries)`, level: 30 });
  });

  it("respects the level", () => {
    const { logger, lines } = capture({ level: "warn" });
    logger.info(`password=${PASSWORD}`);
    logger.debug("nope");
    expect(lines).toEqual([]);
  });
});

describe("correlation ids", () => {
  it("newCorrelationId is 8 random hex characters", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newCorrelationId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}$/);
  });

  it("childLogger binds a ref that the caller can show to the user", () => {
    const { logger, records } = capture();
    const log = childLogger(logger, { handler: "docket_lookup" });
    log.info("step one");
    log.child({ step: 2 }).info("step two");
    expect(log.ref).toMatch(/^[0-9a-f]{8}$/);
    expect(records()).toEqual([
      expect.objectContaining({ handler: "docket_lookup", ref: log.ref, msg: "step one" }),
      expect.objectContaining({ handler: "docket_lookup", ref: log.ref, step: 2, msg: "step two" }),
    ]);
  });

  it("childLogger keeps a ref it is given", () => {
    const { logger, records } = capture();
    const log = childLogger(logger, { ref: "0badc0de" });
    log.info("x");
    expect(log.ref).toBe("0badc0de");
    expect(records()[0]).toMatchObject({ ref: "0badc0de" });
  });
});
