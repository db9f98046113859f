import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness.ts";

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ users: [{ username: "demo", password: "demo" }, { username: "other", password: "pw" }] });
});
afterEach(() => h.close());

describe("login/ and token lifetime", () => {
  it("issues a token for good credentials and refuses bad ones with success:false", async () => {
    const ok = await h.post("login/", { username: "demo", password: "demo" });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, login_token: expect.any(String) });
    const bad = await h.post("login/", { username: "demo", password: "nope" });
    expect(bad.body.success).toBe(false);
    expect(bad.body.error).toMatch(/username or password/i);
    const missing = await h.post("login/", { username: "demo" });
    expect(missing.body.success).toBe(false);
  });

  it("does not count login as a call", async () => {
    await h.login();
    expect(h.svc.ledger.entries).toHaveLength(0);
  });

  it("accepts a token for 90 minutes of clock time, then answers 401 JSON", async () => {
    const token = await h.login();
    await h.clock.advance(90 * 60_000 - 1);
    expect((await h.getJson("track/", { login_token: token })).status).toBe(200);
    await h.clock.advance(1);
    const expired = await h.getJson("track/", { login_token: token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ success: false, error: expect.stringMatching(/expired/) });
  });

  it("answers 401 JSON for a missing or unknown token", async () => {
    const missing = await h.getJson("search/", { q: "times" });
    expect(missing.status).toBe(401);
    expect(missing.body.success).toBe(false);
    const unknown = await h.getJson("search/", { q: "times", login_token: "deadbeef" });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatch(/invalid/i);
  });

  it("expireTokens() ends every session at once", async () => {
    const token = await h.login();
    h.svc.expireTokens();
    expect((await h.getJson("track/", { login_token: token })).status).toBe(401);
    const fresh = await h.login();
    expect((await h.getJson("track/", { login_token: fresh })).status).toBe(200);
  });
});

describe("parameter conventions", () => {
  it("rejects POST bodies that are not form-encoded with 415", async () => {
    const res = await fetch(`${h.svc.baseUrl}login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false });
    const none = await fetch(`${h.svc.baseUrl}track/`, { method: "POST" });
    expect(none.status).toBe(415);
  });

  it("reads GET parameters from the query string only and POST parameters from the form only", async () => {
    const token = await h.login();
    // login_token in a POST's query string is not a form field.
    const res = await fetch(`${h.svc.baseUrl}track/?login_token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ enable: "true", q: "widgets", frequency: "daily", client_matter: "" }).toString(),
    });
    expect(res.status).toBe(401);
    const ok = await h.post("track/", { login_token: token, enable: "true", q: "widgets", frequency: "daily", client_matter: "" });
    expect(ok.body).toEqual({ success: true });
  });

  it("answers 405 for a known endpoint with the wrong method and 404 JSON for unknown paths", async () => {
    const wrong = await fetch(`${h.svc.baseUrl}login/`);
    expect(wrong.status).toBe(405);
    const unknown = await fetch(`${h.svc.baseUrl}nope/`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false });
  });

  it("limits client_matter to 50 characters", async () => {
    const token = await h.login();
    const long = await h.getJson("getdocket/", { login_token: token, court: "Delaware District Court", docket: "1:20-cv-00001", client_matter: "x".repeat(51), cached: "true" });
    expect(long.body).toMatchObject({ success: false, error: expect.stringMatching(/50/) });
  });
});
