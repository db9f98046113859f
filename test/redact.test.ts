import { describe, expect, it } from "vitest";
import { createRedactor, isSecretKey, REDACTED, redactString, redactValue } from "../src/redact.ts";

const TOKEN = "a1b2c3d4e5f6LoginTok";
const PASSWORD = "Hunter2-Correct-Horse";

describe("redactString", () => {
  it.each([
    // query strings (spec: login_token is a query parameter on GET)
    [`https://dockets.example.com/api/v1/getdocket/?login_token=${TOKEN}&court=NY&docket=1:23-cv-1`,
      `https://dockets.example.com/api/v1/getdocket/?login_token=${REDACTED}&court=NY&docket=1:23-cv-1`],
    [`GET /api/v1/search/?q=acme&LOGIN_TOKEN=${TOKEN}`, `GET /api/v1/search/?q=acme&LOGIN_TOKEN=${REDACTED}`],
    [`?providerone_key=sk-one-123&providertwo_key=sk-two-456&key=abc&secret=s3&token=t0k`,
      `?providerone_key=${REDACTED}&providertwo_key=${REDACTED}&key=${REDACTED}&secret=${REDACTED}&token=${REDACTED}`],
    // form bodies (spec: login/ takes username and password as form fields)
    [`username=firm-bot&password=${encodeURIComponent("p@ss w&rd")}&test=true`, `username=firm-bot&password=${REDACTED}&test=true`],
    [`court=NY&login_token=${TOKEN}`, `court=NY&login_token=${REDACTED}`],
    // basic-auth URLs (spec: push URLs embed USER:PASSWORD), including an unescaped @ in the password
    [`push to https://pushuser:${PASSWORD}@bot.example.com/docket/push failed`, `push to https://${REDACTED}@bot.example.com/docket/push failed`],
    [`https://user:p@ss@host.example.com/x`, `https://${REDACTED}@host.example.com/x`],
    // Slack tokens
    ["xoxb-1111-2222-AbCdEf xoxp-3-4-GhIj xapp-1-A01-KlMn xoxe-1-OpQr xoxe.xoxp-1-StUv",
      `xoxb-${REDACTED} xoxp-${REDACTED} xapp-${REDACTED} xoxe-${REDACTED} xoxe.xoxp-${REDACTED}`],
    // headers
    ["Authorization: Basic dXNlcjpwYXNzd29yZA==", `Authorization: Basic ${REDACTED}`],
    ["authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc", `authorization: Bearer ${REDACTED}`],
    ["X-Providerone-Key: sk-live-123\nAccept: application/json", `X-Providerone-Key: ${REDACTED}\nAccept: application/json`],
    ["Cookie: sid=abc; theme=dark", `Cookie: ${REDACTED}`],
    ["sent Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig", `sent Bearer ${REDACTED}`],
    // JSON-ish and inspect output
    [`{"login_token":"${TOKEN}","password": "${PASSWORD}","court":"NY"}`, `{"login_token":"${REDACTED}","password": "${REDACTED}","court":"NY"}`],
    [`{"password":"with \\"escaped\\" quotes"}`, `{"password":"${REDACTED}"}`],
    [`{ password: '${PASSWORD}', user: 'bob' }`, `{ password: '${REDACTED}', user: 'bob' }`],
    [`DOCKET_PASSWORD=${PASSWORD} PORT=3000`, `DOCKET_PASSWORD=${REDACTED} PORT=3000`],
    // capability URLs
    ["https://hooks.slack.com/commands/T1/123/AbCdEf", `https://hooks.slack.com/commands/${REDACTED}`],
  ])("scrubs %s", (input, expected) => {
    expect(redactString(input)).toBe(expected);
  });

  it.each([
    "New York Southern District Court 1:23-cv-11195 The New York Times Company v. Microsoft Corporation et al",
    "copy it from your Slack app's Basic Information page (App Credentials)",
    "https://dockets.example.com/cases/New_York_Southern_District_Court/1--23-cv-11195/docs/12.pdf",
    "https://dockets.example.com/api/v1/search/?q=party%3A(name%3A%22Acme%22)&court=NY&o=-date_filed",
    "usage: 1024 tokens, monkey business, keyword search, password reset requested by U0123ABCD",
    "bearer bonds and a bearer instrument",
    "email me at clerk@example.com",
  ])("leaves ordinary text alone: %s", (text) => {
    expect(redactString(text)).toBe(text);
  });

  it("is idempotent", () => {
    const once = redactString(`https://u:p@h/?login_token=${TOKEN} Authorization: Basic abc xoxb-1-2-3 {"password":"x"}`);
    expect(redactString(once)).toBe(once);
  });

  it("redacts long values whole, leaving no tail", () => {
    const long = "Z".repeat(20_000);
    expect(redactString(`password=${long}&a=1`)).toBe(`password=${REDACTED}&a=1`);
    expect(redactString(`{"token":"${long}"}`)).toBe(`{"token":"${REDACTED}"}`);
  });

  it("handles hostile, repetitive input (linear-time patterns)", () => {
    // Shapes that make backtracking patterns explode; a linear pattern just returns.
    const inputs = [
      'password:"'.repeat(20_000),
      "://a".repeat(20_000),
      "a.".repeat(50_000) + "token",
      "bearer ".repeat(20_000),
      "xoxb".repeat(20_000),
    ];
    for (const input of inputs) expect(typeof redactString(input)).toBe("string");
  });
});

describe("createRedactor with known secrets", () => {
  const r = createRedactor({ secrets: ["sk-prov-0123456789", undefined, "short"] });

  it("scrubs literal secret values anywhere in text", () => {
    expect(r.redactString("provider said: invalid key sk-prov-0123456789 (401)")).toBe(`provider said: invalid key ${REDACTED} (401)`);
  });

  it("ignores secrets too short to scrub safely", () => {
    expect(r.redactString("a short sentence")).toBe("a short sentence");
  });

  it("scrubs JSON lines without breaking them", () => {
    const lines = [
      JSON.stringify({ msg: 'say "sk-prov-0123456789"', a: "xtoken=", b: "c" }),
      JSON.stringify({ m: "\nsk-prov-0123456789\t", url: "https://u:p@h/x?login_token=abc", nested: '{"password":"x"}' }),
      JSON.stringify({ password: "x", header: "Authorization: Basic abc\nnext", slack: "xoxb-1-2-3" }),
    ];
    for (const line of lines) {
      const out = r.redactJsonLine(line);
      expect(() => JSON.parse(out)).not.toThrow();
      expect(out).not.toContain("sk-prov-0123456789");
    }
    expect(JSON.parse(r.redactJsonLine(lines[2] ?? ""))).toEqual({
      password: REDACTED,
      header: `Authorization: Basic ${REDACTED}\nnext`,
      slack: `xoxb-${REDACTED}`,
    });
  });
});

describe("isSecretKey", () => {
  it.each(["login_token", "password", "token", "authorization", "Cookie", "X-Providerone-Key", "x-providertwo-key", "providerone_key",
    "providertwo_key", "signing_secret", "bot_token", "app_token", "client_secret", "signingSecret", "botToken", "PUSH_PASSWORD", "set-cookie"])(
    "%s is secret",
    (key) => expect(isSecretKey(key)).toBe(true),
  );
  it.each(["court", "docket", "tokens", "key", "username", "title", "client_matter", "ref"])("%s is not", (key) => expect(isSecretKey(key)).toBe(false));
});

describe("redactValue", () => {
  it("masks secret-named keys at any depth and scrubs every string, without touching the input", () => {
    const input = {
      court: "NY",
      login_token: TOKEN,
      request: {
        url: `https://dockets.example.com/api/v1/getdocket/?login_token=${TOKEN}`,
        headers: { Authorization: "Basic dXNlcjpwYXNz", "X-Providerone-Key": "sk-1", accept: "application/json" },
        body: `username=bob&password=${PASSWORD}`,
      },
      list: [{ password: PASSWORD }, `xoxb-1-2-${TOKEN}`],
      empty: { token: "" , password: null },
    };
    const copy = structuredClone(input);
    expect(redactValue(input)).toEqual({
      court: "NY",
      login_token: REDACTED,
      request: {
        url: `https://dockets.example.com/api/v1/getdocket/?login_token=${REDACTED}`,
        headers: { Authorization: REDACTED, "X-Providerone-Key": REDACTED, accept: "application/json" },
        body: `username=bob&password=${REDACTED}`,
      },
      list: [{ password: REDACTED }, `xoxb-${REDACTED}`],
      empty: { token: "", password: null },
    });
    expect(input).toEqual(copy);
  });

  it("is cycle-safe and keeps shared (non-cyclic) references", () => {
    const shared = { court: "NY" };
    const a: Record<string, unknown> = { shared, again: shared };
    a.self = a;
    expect(redactValue(a)).toEqual({ shared: { court: "NY" }, again: { court: "NY" }, self: "[Circular]" });
  });

  it("turns Errors into plain objects with message, stack, code and cause redacted", () => {
    const cause = Object.assign(new Error(`login failed for password=${PASSWORD}`), { code: "ECONNRESET" });
    const err = Object.assign(new TypeError(`fetch https://u:${PASSWORD}@h/api/v1/login/ failed`, { cause }), {
      code: "E_LOGIN",
      endpoint: "login/",
      password: PASSWORD,
    });
    const out = redactValue(err) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).not.toContain(PASSWORD);
    expect(out).toMatchObject({
      type: "TypeError",
      message: `fetch https://${REDACTED}@h/api/v1/login/ failed`,
      code: "E_LOGIN",
      endpoint: "login/",
      password: REDACTED,
      cause: { type: "Error", message: `login failed for password=${REDACTED}`, code: "ECONNRESET" },
    });
    expect(String(out.stack)).toContain(`TypeError: fetch https://${REDACTED}@h/api/v1/login/ failed`);
  });

  it("handles error cause cycles, Maps, Sets, URLs, Dates and bytes", () => {
    const e1 = new Error("one");
    const e2 = new Error("two", { cause: e1 });
    (e1 as { cause?: unknown }).cause = e2;
    const when = new Date(0);
    const out = redactValue({
      e2,
      map: new Map<string, unknown>([["token", "t"], ["court", "NY"]]),
      set: new Set(["xoxb-1-2-3"]),
      url: new URL(`https://u:p@dockets.example.com/?login_token=${TOKEN}`),
      when,
      bytes: Buffer.from(PASSWORD),
    }) as Record<string, unknown>;
    expect(out).toMatchObject({
      e2: { message: "two", cause: { message: "one", cause: "[Circular]" } },
      map: { token: REDACTED, court: "NY" },
      set: [`xoxb-${REDACTED}`],
      url: `https://${REDACTED}@dockets.example.com/?login_token=${REDACTED}`,
      when,
      bytes: `[Buffer ${PASSWORD.length} bytes]`,
    });
  });

  it("survives getters that throw", () => {
    const tricky = Object.defineProperty({}, "boom", { enumerable: true, get: () => { throw new Error("no"); } });
    expect(redactValue(tricky)).toEqual({ boom: "[Unreadable]" });
  });
});
