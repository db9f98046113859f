import nock from "nock";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemClock } from "../../src/clock.ts";
import { drive } from "../helpers/fake-clock.ts";
import { driveTimers, useFakeTime } from "../helpers/fake-timers.ts";
import { API, HOST, KEY_ONE, KEY_TWO, docketBody, failure, makeClient, nockLogin } from "../helpers/docket-client.ts";

beforeEach(() => nock.cleanAll());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending, "every expected request was made").toEqual([]);
});


describe("conventions", () => {
  it("logs in lazily with a form POST and sends the token as a query parameter on GET", async () => {
    const { client } = makeClient();
    const login = nock(HOST)
      .post("/api/v1/login/", "username=ann.lawyer&password=pw-Sup3r%24ecret")
      .matchHeader("content-type", "application/x-www-form-urlencoded")
      .reply(200, { success: true, login_token: "tok-1" });
    const search = nock(HOST)
      .get("/api/v1/search/")
      .query({ q: "acme widget", offset: "0", limit: "20", login_token: "tok-1" })
      .reply(200, { success: true, total: 1, results: [{ court: "New York Southern District Court", docket: "1:23-cv-01234", title: "Acme v. Globex" }] });
    const { data, call } = await client.search({ q: "acme widget" });
    expect(login.isDone() && search.isDone()).toBe(true);
    expect(data.total).toBe(1);
    expect(data.results[0]!.docket).toBe("1:23-cv-01234");
    expect(call).toMatchObject({ endpoint: "search", mayHaveIncurredFees: false, attempts: 1, testMode: false });
  });

  it("sends test on every call in test mode and reports no fees", async () => {
    const { client } = makeClient({ testMode: true });
    nockLogin();
    nock(HOST).get("/api/v1/getdocket/").query((q) => q.test === "true" && q.cached === undefined).reply(200, docketBody());
    const { call } = await client.getDocket({ court: "New York Southern District Court", docket: "1:23-cv-01234", live: true });
    expect(call.mayHaveIncurredFees).toBe(false);
    expect(call.testMode).toBe(true);
  });

  it("rejects a client_matter over 50 characters before sending anything", async () => {
    const { client } = makeClient();
    const e = await failure(client.search({ q: "x" }, { clientMatter: "M".repeat(51) }));
    expect(e.code).toBe("invalid_argument");
    expect(e.field).toBe("clientMatter");
    const ok = nockLogin();
    nock(HOST).get("/api/v1/search/").query((q) => q.client_matter === "M".repeat(50)).reply(200, { success: true, total: 0, results: [] });
    await client.search({ q: "x" }, { clientMatter: "M".repeat(50) });
    expect(ok.isDone()).toBe(true);
  });

  it("validates arguments locally", async () => {
    const { client } = makeClient();
    expect((await failure(client.search({ q: "  " }))).field).toBe("q");
    expect((await failure(client.search({ q: "a", limit: 51 }))).field).toBe("limit");
    expect((await failure(client.searchPacer({}))).field).toBe("filters");
    expect((await failure(client.searchPacer({ partyName: "Acme", dateFiledStart: "03/01/2026" }))).field).toBe("dateFiledStart");
    expect((await failure(client.searchPacer({ partyName: "Acme", dateFiledStart: "2026-03-02", dateFiledEnd: "2026-03-01" }))).field).toBe("dateFiledEnd");
    expect((await failure(client.track({ court: "c", docket: "d" }, { enable: true }))).field).toBe("frequency");
    expect((await failure(client.listTrackers({ limit: 51 }))).field).toBe("limit");
    expect((await failure(client.getDocument({ url: "https://evil.example/cases/x/1/docs/1.pdf" }))).field).toBe("url");
    const noKeys = makeClient({ providerKeys: {} }).client;
    expect((await failure(noKeys.askDocket({ court: "c", docket: "d", question: "q", target: "docket", outputFormat: "text" }))).field).toBe("providers");
  });
});

describe("methods", () => {
  it("searchPacer sends every filter in the service's own formats and is billed", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST)
      .get("/api/v1/searchpacer/")
      .query({
        login_token: "tok-1", client_matter: "ACME-001", party_name: "Acme", nature_of_suit: ["830", "835"], case_type: "Civil",
        date_filed_start: "2026-01-01", date_filed_end: "2026-03-31", page: "2",
      })
      .reply(200, { success: true, page_max: "3", search_results: [{ title: "Acme v. X", court: "Delaware District Court", docket: "1:26-cv-00001", date_filed: "2026-01-02", link: "https://docket.test/cases/x", party_name: "Acme Corp", party_role: "Plaintiff" }] });
    const { data, call } = await client.searchPacer(
      { partyName: "Acme", natureOfSuit: ["830", "835"], caseType: "Civil", dateFiledStart: new Date(Date.UTC(2026, 0, 1)), dateFiledEnd: "2026-03-31", page: 2 },
      { clientMatter: "ACME-001" },
    );
    expect(data.page_max).toBe(3);
    expect(data.search_results[0]!.party_role).toBe("Plaintiff");
    expect(call).toMatchObject({ feeKind: "pacer_search", mayHaveIncurredFees: true });
  });

  it("pacerOptions sends only login_token and a blank client_matter", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/searchpacer/").query({ login_token: "tok-1", client_matter: "" })
      .reply(200, { success: true, courts: ["Delaware District Court"], court_regions: ["DE"], nature_of_suits: ["830"], case_types: ["Civil"] });
    const { data, call } = await client.pacerOptions();
    expect(data.case_types).toEqual(["Civil"]);
    expect(call.mayHaveIncurredFees).toBe(false);
  });

  it("getDocket reads the cached copy by default and pulls live only when asked", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/getdocket/").query({ login_token: "tok-1", client_matter: "", court: "New York Southern District Court", docket: "1:23-cv-01234", cached: "true" }).reply(200, docketBody());
    nock(HOST).get("/api/v1/getdocket/").query({ login_token: "tok-1", client_matter: "", court: "New York Southern District Court", docket: "1:23-cv-01234", use_last_filing_date: "true", normalize: "true" }).reply(200, docketBody());
    const cached = await client.getDocket({ court: "New York Southern District Court", docket: "1:23-cv-01234" });
    expect(cached.call).toMatchObject({ feeKind: "none", mayHaveIncurredFees: false });
    expect(cached.data.docket_report[0]!.number).toBe("42");
    expect(cached.data.docket_report[1]!.exhibits).toEqual([]);
    const live = await client.getDocket({ court: "New York Southern District Court", docket: "1:23-cv-01234", live: true, useLastFilingDate: true, normalize: true });
    expect(live.call).toMatchObject({ feeKind: "live_docket", mayHaveIncurredFees: true });
  });

  it("askDocket sends provider keys as headers, never as parameters, and reports the price", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST)
      .get("/api/v1/VIDA/ask_docket/")
      .matchHeader("x-providerone-key", KEY_ONE)
      .matchHeader("x-providertwo-key", KEY_TWO)
      .query((q) => !JSON.stringify(q).includes(KEY_ONE) && q.question === "Was the motion granted?" && q.target === "both" && q.cached === "true" && q.show_relevant === "true" && q.providerone_model === "big-1" && q.output_format === "short")
      .reply(200, { success: true, question: "Was the motion granted?", price: "0.04", date_cached: "11/20/2026", from_dockets: { providerone_answer: "Yes, entry #42." , relevant: [{ number: "42" }] }, from_documents: { providertwo_answer: "Granted." } });
    const { data, call } = await client.askDocket({ court: "C", docket: "D", question: "Was the motion granted?", target: "both", outputFormat: "short", showRelevant: true, models: { providerone: "big-1" } });
    expect(data.from_dockets?.providerone_answer).toContain("#42");
    expect(call).toMatchObject({ feeKind: "ai", price: 0.04, mayHaveIncurredFees: true });
  });

  it("askDocket asks only the providers requested", async () => {
    const { client } = makeClient();
    nockLogin();
    const scope = nock(HOST, { badheaders: ["x-providerone-key"] })
      .get("/api/v1/VIDA/ask_docket/").query(true).matchHeader("x-providertwo-key", KEY_TWO)
      .reply(200, { success: true, question: "q", price: 0.01, from_dockets: { providertwo_answer: "a" } });
    await client.askDocket({ court: "C", docket: "D", question: "q", target: "docket", outputFormat: "o", providers: ["providertwo"] });
    expect(scope.isDone()).toBe(true);
  });

  it("track, testPush, testTrack and listTrackers use the documented forms", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).post("/api/v1/track/", { login_token: "tok-1", court: "Delaware District Court", docket: "1:26-cv-00001", enable: "true", frequency: "daily", client_matter: "ACME-001" }).reply(200, { success: true });
    nock(HOST).post("/api/v1/track/", { login_token: "tok-1", q: "widget patent", enable: "false", client_matter: "ACME-001" }).reply(200, { success: true });
    nock(HOST).post("/api/v1/track/", { login_token: "tok-1", test: "true" }).reply(200, { success: true });
    nock(HOST).post("/api/v1/track/", { login_token: "tok-1", q: "widget patent", test_track: "true" }).reply(200, { success: true });
    nock(HOST).get("/api/v1/track/").query({ login_token: "tok-1", offset: "50", limit: "50" }).reply(200, {
      success: true,
      dockets: [{ court: "Delaware District Court", docket: "1:26-cv-00001", title: "T", link: "l", enabled: "true", frequency: "daily", client_matter: "ACME-001", datetime_updated: "2026-11-20T10:00:00Z" }],
      _api_push_debug_info: { response_code: 500, request_url: "https://bot.example/docket/push", request_payload: "{}", will_retry: true, error_message: "boom" },
    });
    await client.track({ court: "Delaware District Court", docket: "1:26-cv-00001" }, { enable: true, frequency: "daily" }, { clientMatter: "ACME-001" });
    await client.track({ q: "widget patent" }, { enable: false }, { clientMatter: "ACME-001" });
    await client.testPush();
    await client.testTrack({ q: "widget patent" });
    const { data } = await client.listTrackers({ offset: 50, limit: 50 });
    expect(data.dockets[0]!.enabled).toBe(true);
    expect(data._api_push_debug_info?.will_retry).toBe(true);
  });

  it("login() logs in now and never returns the token", async () => {
    const { client, clock } = makeClient();
    nockLogin("tok-9");
    const out = await client.login();
    expect(JSON.stringify(out)).not.toContain("tok-9");
    expect(out.renewsAt).toBeGreaterThan(clock.now());
  });
});

const court = "New York Southern District Court";

describe("errors", () => {
  it.each([
    [400, "invalid_argument"], [401, "auth_failed"], [404, "not_found"], [500, "service_error"], [422, "invalid_argument"], [418, "service_error"],
  ] as const)("HTTP %i on a JSON endpoint is %s and not retried", async (status, code) => {
    const { client } = makeClient();
    nockLogin("tok-1", status === 401 ? 2 : 1);
    nock(HOST).get("/api/v1/getdocket/").query(true).times(status === 401 ? 2 : 1).reply(status, { success: false, error: "nope" });
    const e = await failure(client.getDocket({ court, docket: "1" }));
    expect(e).toMatchObject({ code, endpoint: "getdocket", status, serviceError: "nope" });
  });

  it("success:false texts are classified: not found, rejected token, anything else", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/getdocket/").query(true).reply(200, { success: false, error: "Could not find docket 2014-CF-003894 in court=Florida State, Duval County, Fourth Circuit Court: " });
    nock(HOST).get("/api/v1/search/").query(true).reply(200, { success: false, error: "Search engine hiccup" });
    expect((await failure(client.getDocket({ court, docket: "2014-CF-003894" }))).code).toBe("not_found");
    const other = await failure(client.search({ q: "x" }));
    expect(other).toMatchObject({ code: "service_error", serviceError: "Search engine hiccup", status: 200 });
  });

  it("a wrong login is auth_failed and is not retried", async () => {
    const { client } = makeClient();
    nock(HOST).post("/api/v1/login/").reply(200, { success: false, error: "Invalid username or password" });
    const e = await failure(client.search({ q: "x" }));
    expect(e).toMatchObject({ code: "auth_failed", endpoint: "login" });
  });

  it("a body that is not JSON, or of the wrong shape, is invalid_response naming the field", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).reply(200, "<html>oops</html>");
    nock(HOST).get("/api/v1/getdocket/").query(true).reply(200, docketBody({ docket_report: [{ date: "1/1/2026", contents: 5 }] }));
    expect(await failure(client.search({ q: "x" }))).toMatchObject({ code: "invalid_response", field: "(root)" });
    const e = await failure(client.getDocket({ court, docket: "1" }));
    expect(e).toMatchObject({ code: "invalid_response", field: "docket_report.0.contents" });
    expect(e.message).toContain("docket_report.0.contents");
  });
});

describe("token renewal", () => {
  it("ten parallel calls make one login", async () => {
    const { client } = makeClient();
    const login = nockLogin("tok-1", 1);
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === "tok-1").times(10).reply(200, { success: true, total: 0, results: [] });
    await Promise.all(Array.from({ length: 10 }, (_, i) => client.search({ q: `q${i}` })));
    expect(login.isDone()).toBe(true);
  });

  it("an expired token is renewed once for many concurrent calls, which then succeed", async () => {
    const { client } = makeClient();
    nockLogin("old", 1);
    nock(HOST).get("/api/v1/search/").query((q) => q.q === "warm").reply(200, { success: true, total: 0, results: [] });
    await client.search({ q: "warm" });
    nockLogin("new", 1);
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === "old").times(10).reply(401, { success: false, error: "login_token expired" });
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === "new").times(10).reply(200, { success: true, total: 0, results: [] });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => client.search({ q: `q${i}` })));
    expect(results.every((r) => r.call.attempts === 1)).toBe(true);
  });

  it("a token rejected with success:false text is renewed too", async () => {
    const { client } = makeClient();
    nockLogin("old", 1);
    nockLogin("new", 1);
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === "old").reply(200, { success: false, error: "Invalid login token" });
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === "new").reply(200, { success: true, total: 0, results: [] });
    await client.search({ q: "x" });
  });

  it("renews after an hour without being told", async () => {
    const { client, clock } = makeClient();
    nockLogin("first", 1);
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === "first").reply(200, { success: true, total: 0, results: [] });
    await client.search({ q: "x" });
    await clock.advance(61 * 60_000);
    nockLogin("second", 1);
    nock(HOST).get("/api/v1/search/").query((q) => q.login_token === "second").reply(200, { success: true, total: 0, results: [] });
    await client.search({ q: "x" });
  });
});

describe("retries", () => {
  it("retries 502/503/504 with backoff on the injected clock", async () => {
    const { client, clock } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).reply(502, { success: false, error: "Servers under heavy load" });
    nock(HOST).get("/api/v1/search/").query(true).reply(503, "Service Unavailable");
    nock(HOST).get("/api/v1/search/").query(true).reply(504, "");
    nock(HOST).get("/api/v1/search/").query(true).reply(200, { success: true, total: 0, results: [] });
    const start = clock.now();
    const { call } = await drive(clock, client.search({ q: "x" }));
    expect(call.attempts).toBe(4);
    // random() = 0: each wait is the base delay of 500 ms.
    expect(clock.now() - start).toBe(1500);
  });

  it("honours Retry-After on 429 and then succeeds", async () => {
    const { client, clock } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/getdocket/").query(true).reply(429, { success: false, error: "slow down" }, { "Retry-After": "7" });
    nock(HOST).get("/api/v1/getdocket/").query(true).reply(200, docketBody());
    const start = clock.now();
    const { call } = await drive(clock, client.getDocket({ court, docket: "1" }));
    expect(call.attempts).toBe(2);
    expect(clock.now() - start).toBe(7000);
  });

  it("gives up with throttled when Retry-After passes the time budget", async () => {
    const { client, clock } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).reply(429, { success: false, error: "slow down" }, { "Retry-After": "3600" });
    const e = await failure(drive(clock, client.search({ q: "x" })));
    expect(e).toMatchObject({ code: "throttled", status: 429, retryAfterMs: 3_600_000, attempts: 1 });
  });

  it("is bounded in attempts and reports them", async () => {
    const { client, clock } = makeClient({ retryPolicy: { maxAttempts: 3 } });
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).times(3).reply(502, {});
    const e = await failure(drive(clock, client.search({ q: "x" })));
    expect(e).toMatchObject({ code: "unavailable", attempts: 3 });
  });

  it("does not retry a billed PACER search after an ambiguous failure, but does after 502", async () => {
    const { client, clock } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/searchpacer/").query(true).reply(502, {});
    nock(HOST).get("/api/v1/searchpacer/").query(true).replyWithError("socket hang up");
    const e = await failure(drive(clock, client.searchPacer({ partyName: "Acme" })));
    expect(e).toMatchObject({ code: "network", attempts: 2 });
  });

  it("retries network failures for free reads", async () => {
    const { client, clock } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).replyWithError("socket hang up");
    nock(HOST).get("/api/v1/search/").query(true).reply(200, { success: true, total: 0, results: [] });
    const { call } = await drive(clock, client.search({ q: "x" }));
    expect(call.attempts).toBe(2);
  });
});

describe("rate limits", () => {
  // The limiters keep time with Date.now() and setTimeout (p-queue, src/docket/rate-limiter.ts), so
  // these tests fake global time and give the client the system clock, which reads the same fakes.
  beforeEach(() => useFakeTime());
  afterEach(() => vi.useRealTimers());

  it("never sends more than the endpoint's budget in a window, on the injected clock", async () => {
    const clock = systemClock;
    const { client } = makeClient({ clock, rateLimits: { search: { limit: 5, windowMs: 60_000 } } });
    nockLogin();
    const sentAt: number[] = [];
    nock(HOST).get("/api/v1/search/").query(true).times(12).reply(200, () => {
      sentAt.push(clock.now());
      return { success: true, total: 0, results: [] };
    });
    const start = clock.now();
    let waiting = 12;
    const calls = Array.from({ length: 12 }, (_, i) => client.search({ q: `q${i}` }).finally(() => waiting--));
    await driveTimers(Promise.all(calls), () => client.queueDepth().search === waiting);
    expect(sentAt.map((t) => t - start)).toEqual([0, 0, 0, 0, 0, 60_000, 60_000, 60_000, 60_000, 60_000, 120_000, 120_000]);
  });

  it("fails fast with queue_full when too many callers wait", async () => {
    const { client } = makeClient({ clock: systemClock, rateLimits: { search: { limit: 1, windowMs: 60_000, maxQueue: 1 } } });
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).times(2).reply(200, { success: true, total: 0, results: [] });
    let waiting = 2;
    const a = client.search({ q: "a" }).finally(() => waiting--);
    const b = client.search({ q: "b" }).finally(() => waiting--);
    const c = await failure(client.search({ q: "c" }));
    expect(c.code).toBe("queue_full");
    await driveTimers(Promise.all([a, b]), () => client.queueDepth().search === waiting);
  });

  it("cancels a queued call through its AbortSignal", async () => {
    const { client } = makeClient({ rateLimits: { search: { limit: 1, windowMs: 60_000 } } });
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).reply(200, { success: true, total: 0, results: [] });
    await client.search({ q: "a" });
    const ctrl = new AbortController();
    const waiting = client.search({ q: "b" }, { signal: ctrl.signal });
    ctrl.abort();
    expect((await failure(waiting)).code).toBe("aborted");
    expect(await failure(client.search({ q: "c" }, { signal: AbortSignal.abort() }))).toMatchObject({ code: "aborted" });
  });
});

describe("observer", () => {
  it("reports every call, failed or not, with its outcome", async () => {
    const { client, events } = makeClient();
    nockLogin();
    nock(HOST).get("/api/v1/search/").query(true).reply(200, { success: true, total: 0, results: [] });
    nock(HOST).get("/api/v1/getdocket/").query(true).reply(404, { success: false, error: "no" });
    await client.search({ q: "x" }, { clientMatter: "ACME-1", tags: { user: "U1" } });
    await failure(client.getDocket({ court: "c", docket: "d" }));
    expect(events).toMatchObject([
      { endpoint: "search", outcome: "ok", clientMatter: "ACME-1", tags: { user: "U1" } },
      { endpoint: "getdocket", outcome: "not_found", status: 404 },
    ]);
  });

  it("exposes the limiter queue depth", () => {
    const { client } = makeClient();
    expect(client.queueDepth().getdocket).toBe(0);
    expect(client.siteUrl).toBe(`${HOST}/`);
    expect(API.startsWith(client.siteUrl)).toBe(true);
  });
});
