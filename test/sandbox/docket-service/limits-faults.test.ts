import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.ts";
import { NYT } from "./tiny-corpus.ts";

let h: Harness;
let token: string;
afterEach(() => h.close());

describe("rate limits", () => {
  beforeEach(async () => {
    h = await startHarness({ rateLimits: { search: 3 } });
    token = await h.login();
  });

  it("answers 429 with Retry-After past the per-minute rate, per user and endpoint, on a sliding window", async () => {
    const search = () => h.get("search/", { login_token: token, q: "filler" });
    for (let i = 0; i < 3; i++) {
      expect((await search()).status).toBe(200);
      await h.clock.advance(10_000);
    }
    const throttled = await search();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("30"); // the first call leaves the window at t=60s
    expect(await throttled.json()).toMatchObject({ success: false, error: expect.stringMatching(/rate/i) });
    // Other endpoints are counted separately.
    expect((await h.get("track/", { login_token: token })).status).toBe(200);
    await h.clock.advance(30_000);
    expect((await search()).status).toBe(200);
    expect(h.svc.ledger.count({ kind: "rejected" })).toBe(1);
    expect(h.svc.ledger.total()).toBe(0);
  });

  it("uses the spec's best-practice rates by default", async () => {
    await h.close();
    h = await startHarness();
    token = await h.login();
    for (let i = 0; i < 60; i++) expect((await h.get("search/", { login_token: token, q: "x" })).status).toBe(200);
    expect((await h.get("search/", { login_token: token, q: "x" })).status).toBe(429);
  });
});

describe("faults", () => {
  beforeEach(async () => {
    h = await startHarness();
    token = await h.login();
  });

  it("failNext answers a burst of 502s, then recovers", async () => {
    h.svc.faults.failNext("getdocket", 502, 2);
    const call = () => h.get("getdocket/", { login_token: token, client_matter: "", ...NYT, cached: "true" });
    for (let i = 0; i < 2; i++) {
      const r = await call();
      expect(r.status).toBe(502);
      expect(await r.json()).toMatchObject({ success: false });
    }
    expect((await call()).status).toBe(200);
    expect(h.svc.ledger.count()).toBe(1);
  });

  it("failNext can answer a load balancer's HTML page and target any endpoint", async () => {
    h.svc.faults.failNext("*", 503, 1, { body: "html" });
    const r = await h.get("track/", { login_token: token });
    expect(r.status).toBe(503);
    expect(r.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("delayNext makes the answer slow in real time, so client timeouts fire", async () => {
    h.svc.faults.delayNext("search", 1_000);
    const timedOut = await fetch(`${h.svc.baseUrl}search/?login_token=${token}&q=x`, { signal: AbortSignal.timeout(50) }).catch((e: Error) => e);
    expect(timedOut).toBeInstanceOf(Error);
    h.svc.faults.delayNext("search", 100);
    const started = performance.now();
    const slow = await h.get("search/", { login_token: token, q: "x" });
    expect(slow.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });

  it("malformNext sends invalid JSON or a body of the wrong shape", async () => {
    h.svc.faults.malformNext("search", "invalid-json");
    const bad = await h.get("search/", { login_token: token, q: "filler" });
    expect(bad.status).toBe(200);
    await expect(bad.json()).rejects.toThrow();

    h.svc.faults.malformNext("search", "wrong-shape");
    const shape = (await h.getJson("search/", { login_token: token, q: "filler" })).body;
    expect(shape.success).toBe(true);
    expect(Array.isArray(shape.results)).toBe(false);
    expect(typeof shape.total).toBe("string");

    expect(Array.isArray((await h.getJson("search/", { login_token: token, q: "filler" })).body.results)).toBe(true);
  });

  it("malformNext on getdocument sends something that is not a PDF", async () => {
    h.svc.faults.malformNext("getdocument");
    const res = await h.site("cases/New_York_Southern_District_Court/1--23-cv-11195/docs/1.pdf", { login_token: token });
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await res.arrayBuffer()).toString("latin1").startsWith("%PDF")).toBe(false);
  });

  it("reset clears pending faults", async () => {
    h.svc.faults.failNext("search", 502, 5);
    h.svc.faults.reset();
    expect((await h.get("search/", { login_token: token, q: "x" })).status).toBe(200);
  });
});
