/** The feed's token is a credential: scrubbed from log text; PUBLIC_URL is checked like every base URL. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config/index.ts";
import { newFeedToken, TOKEN_PATTERN, tokenHash, feedUrl } from "../../../src/features/calendar/tokens.ts";
import { createRedactor } from "../../../src/redact.ts";

const ENV = { DOCKET_API_URL: "https://dockets.example.com/api/v1/", DOCKET_USERNAME: "u", DOCKET_PASSWORD: "p" };

describe("feed tokens", () => {
  it("are 32 random bytes as 43 base64url characters, stored as their SHA-256", () => {
    const a = newFeedToken();
    const b = newFeedToken();
    expect(a.token).toMatch(TOKEN_PATTERN);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(tokenHash(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newFeedToken((n) => Buffer.alloc(n, 0xff)).token).toBe("_".repeat(42) + "8");
    expect(feedUrl("https://docketbot.example.com/base/", a.token)).toBe(`https://docketbot.example.com/base/calendar/${a.token}.ics`);
  });

  it("never survive into log text", () => {
    const { token } = newFeedToken();
    const line = `GET https://docketbot.example.com/calendar/${token}.ics failed`;
    const r = createRedactor();
    expect(r.redactString(line)).toBe("GET https://docketbot.example.com/calendar/[REDACTED].ics failed");
    expect(r.redactJsonLine(JSON.stringify({ msg: line }))).toBe(JSON.stringify({ msg: "GET https://docketbot.example.com/calendar/[REDACTED].ics failed" }));
  });
});

describe("PUBLIC_URL", () => {
  it("is optional, normalised to end in /, and refused with credentials or a query", () => {
    expect(loadConfig(ENV).http.publicUrl).toBeUndefined();
    expect(loadConfig({ ...ENV, PUBLIC_URL: "https://docketbot.example.com" }).http.publicUrl).toBe("https://docketbot.example.com/");
    expect(() => loadConfig({ ...ENV, PUBLIC_URL: "https://u:p@docketbot.example.com/" })).toThrow(/PUBLIC_URL must not contain a user name or password/);
    expect(() => loadConfig({ ...ENV, PUBLIC_URL: "ftp://docketbot.example.com/?x=1" })).toThrow(/PUBLIC_URL is not an http\(s\) URL/);
  });
});
