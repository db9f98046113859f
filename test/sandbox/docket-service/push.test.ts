import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryDelayMs } from "../../../sandbox/docket-service/push-retry.ts";
import { startHarness, startReceiver, type Harness } from "./harness.ts";
import { NYT } from "./tiny-corpus.ts";

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let h: Harness;
let rx: Receiver;
let token: string;
const MIN = 60_000;

beforeEach(async () => {
  h = await startHarness();
  rx = await startReceiver();
  h.svc.setPushUrl("demo", rx.url.replace("http://", "http://hook%20user:s3cr%3At@"));
  token = await h.login();
});
afterEach(async () => {
  await h.close();
  await rx.close();
});

const trackNyt = () => h.post("track/", { login_token: token, ...NYT, enable: "true", frequency: "daily", client_matter: "acme-1" });
const debugInfo = async () => (await h.getJson("track/", { login_token: token })).body._api_push_debug_info;

describe("push delivery", () => {
  it("POSTs a docket push with basic auth taken from the URL and only the new entries", async () => {
    await trackNyt();
    const [attempt] = await h.svc.triggerPush({ ...NYT, entries: 2 });
    expect(attempt).toMatchObject({ status: 200, attempt: 0, willRetry: false, push_type: "docket" });
    expect(rx.received).toHaveLength(1);
    const req = rx.received[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/hook");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("hook user:s3cr:t").toString("base64")}`);
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({ push_type: "docket", client_matter: "acme-1", court: NYT.court, docket: NYT.docket, info: { title: expect.any(String) }, parties: expect.any(Array) });
    expect(body.docket_report.map((e: { number: string }) => e.number)).toEqual(["6", "5"]);
    // The entries are on the docket too.
    const docket = await h.getJson("getdocket/", { login_token: token, client_matter: "", ...NYT, cached: "true" });
    expect(docket.body.docket_report[0].number).toBe("6");
  });

  it("retries a failing receiver on the clock (10 min, doubling) until it answers 200", async () => {
    rx.script.push(500, 503);
    await trackNyt();
    const [first] = await h.svc.triggerPush({ ...NYT });
    expect(first).toMatchObject({ status: 500, willRetry: true });
    expect(await debugInfo()).toMatchObject({ response_code: 500, will_retry: true, error_message: expect.stringMatching(/500/) });

    await h.clock.advance(10 * MIN - 1);
    expect(rx.received).toHaveLength(1);
    await h.clock.advance(1);
    await vi.waitFor(() => expect(h.svc.pushes).toHaveLength(2));
    expect(h.svc.pushes[1]).toMatchObject({ attempt: 1, status: 503, willRetry: true });

    await h.clock.advance(20 * MIN - 1);
    expect(rx.received).toHaveLength(2);
    await h.clock.advance(1);
    await vi.waitFor(() => expect(h.svc.pushes).toHaveLength(3));
    expect(h.svc.pushes[2]).toMatchObject({ attempt: 2, status: 200, willRetry: false });
    expect(h.clock.pendingSleepers).toBe(0);
    // Every delivery of one push is byte-identical.
    expect(new Set(rx.received.map((r) => r.body)).size).toBe(1);

    const info = await debugInfo();
    expect(info).toEqual({ response_code: 200, request_url: rx.url, request_payload: rx.received[0]!.body, will_retry: false, error_message: null });
    expect(JSON.stringify(info)).not.toContain("s3cr");
  });

  it("gives up after 10 retries, the delays growing from 10 minutes to a 4-hour cap", async () => {
    rx.script.push(...Array(20).fill(500));
    await trackNyt();
    await h.svc.triggerPush({ ...NYT });
    const delays: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const d = retryDelayMs(n);
      delays.push(d / MIN);
      await h.clock.advance(d - 1);
      expect(h.svc.pushes).toHaveLength(n);
      await h.clock.advance(1);
      await vi.waitFor(() => expect(h.svc.pushes).toHaveLength(n + 1));
    }
    expect(delays).toEqual([10, 20, 40, 80, 160, 240, 240, 240, 240, 240]);
    expect(h.svc.pushes.at(-1)).toMatchObject({ attempt: 10, status: 500, willRetry: false });
    expect(h.clock.pendingSleepers).toBe(0);
    await h.clock.advance(24 * 60 * MIN);
    expect(rx.received).toHaveLength(11);
    token = await h.login(); // a day has passed: the old token expired
    expect(await debugInfo()).toMatchObject({ response_code: 500, will_retry: false });
  });

  it("records an unreachable receiver as a failed attempt with an error message", async () => {
    h.svc.setPushUrl("demo", "http://127.0.0.1:9/nowhere");
    await trackNyt();
    const [a] = await h.svc.triggerPush({ ...NYT });
    expect(a).toMatchObject({ status: null, willRetry: true, error: expect.stringMatching(/failed/) });
  });

  it("pushes saved-search results and new federal cases", async () => {
    await h.post("track/", { login_token: token, q: "filler", enable: "true", frequency: "daily", client_matter: "s1" });
    await h.post("track/", { login_token: token, q: "nature_of_suit:(830)", enable: "true", frequency: "daily", client_matter: "s2" });
    await h.svc.triggerPush({ q: "filler" });
    await h.svc.triggerPush({ newCase: { natureOfSuit: "830", partyName: "John Doe" } });
    const [search, newCase] = rx.received.map((r) => JSON.parse(r.body));
    expect(search).toMatchObject({ push_type: "search_results", client_matter: "s1", q: "filler", title: "filler", link: expect.stringContaining("q=filler") });
    expect(search.search_results.length).toBeGreaterThan(0);
    expect(search.search_results[0]).toMatchObject({ court: expect.any(String), docket: expect.any(String), link: expect.any(String) });
    expect(newCase).toMatchObject({ push_type: "new_case", client_matter: "s2", party_name: "John Doe", nature_of_suit: "830 Patent" });
    expect(newCase.search_results[0]).toMatchObject({ docket: "1:20-cv-00001" });
  });

  it("does not push to stopped trackers", async () => {
    await trackNyt();
    await h.post("track/", { login_token: token, ...NYT, enable: "false" });
    expect(await h.svc.triggerPush({ ...NYT })).toEqual([]);
    expect(rx.received).toHaveLength(0);
  });
});

describe("track/ test pushes", () => {
  it("test=true sends fixed fake data, the same bytes every time, and changes no tracker", async () => {
    expect((await h.post("track/", { login_token: token, test: "true" })).body).toEqual({ success: true });
    await h.post("track/", { login_token: token, test: "true", court: "ignored" });
    expect(rx.received).toHaveLength(2);
    expect(rx.received[0]!.body).toBe(rx.received[1]!.body);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({ push_type: "docket", client_matter: "TEST" });
    expect((await h.getJson("track/", { login_token: token })).body.dockets).toEqual([]);
    expect(h.svc.ledger.entries.filter((e) => e.test)).toHaveLength(2);
  });

  it("test=true reports a receiver that does not answer 200, and does not retry", async () => {
    rx.script.push(401);
    const { body } = await h.post("track/", { login_token: token, test: "true" });
    expect(body).toMatchObject({ success: false, error: expect.stringMatching(/401/) });
    expect(h.clock.pendingSleepers).toBe(0);
    expect(await debugInfo()).toMatchObject({ response_code: 401, will_retry: false });
  });

  it("test_track sends the tracker's current results without editing it", async () => {
    await trackNyt();
    const before = (await h.getJson("track/", { login_token: token })).body.dockets;
    await h.clock.advance(MIN);
    expect((await h.post("track/", { login_token: token, ...NYT, test_track: "true" })).body).toEqual({ success: true });
    const push = JSON.parse(rx.received[0]!.body);
    expect(push).toMatchObject({ push_type: "docket", client_matter: "acme-1" });
    expect(push.docket_report.map((e: { number?: string }) => e.number ?? null)).toEqual(["4", null, "3", "2", "1"]);
    expect((await h.getJson("track/", { login_token: token })).body.dockets).toEqual(before);
  });
});

describe("push scheduler", () => {
  it("checks enabled trackers at their frequency on the clock, scaled by timeScale", async () => {
    await h.close();
    h = await startHarness({ autoPush: true, timeScale: 60 });
    h.svc.setPushUrl("demo", rx.url);
    token = await h.login();
    await trackNyt(); // daily / 60 = every 24 minutes
    await h.clock.advance(24 * MIN - 1);
    expect(rx.received).toHaveLength(0);
    await h.clock.advance(1);
    await vi.waitFor(() => expect(rx.received).toHaveLength(1));
    expect(JSON.parse(rx.received[0]!.body).docket_report).toHaveLength(1);
    await h.clock.advance(24 * MIN);
    await vi.waitFor(() => expect(rx.received).toHaveLength(2));

    await h.post("track/", { login_token: token, ...NYT, enable: "false" });
    expect(h.clock.pendingSleepers).toBe(0);
    await h.clock.advance(7 * 24 * 60 * MIN);
    expect(rx.received).toHaveLength(2);
  });

  it("pushes entries found by a live getdocket pull at the tracker's next check", async () => {
    await h.close();
    h = await startHarness({ autoPush: true });
    h.svc.setPushUrl("demo", rx.url);
    token = await h.login();
    await h.post("track/", { login_token: token, ...NYT, enable: "true", frequency: "realtime", client_matter: "" });
    await h.getJson("getdocket/", { login_token: token, client_matter: "", ...NYT }); // live pull reveals entries
    await h.clock.advance(5 * MIN);
    await vi.waitFor(() => expect(rx.received).toHaveLength(1));
    expect(JSON.parse(rx.received[0]!.body).docket_report.length).toBeGreaterThan(1);
  });
});

describe("push faults", () => {
  it("duplicates deliveries byte for byte", async () => {
    h.svc.faults.setPushFaults({ duplicate: true });
    await trackNyt();
    await h.svc.triggerPush({ ...NYT });
    expect(rx.received).toHaveLength(2);
    expect(rx.received[0]!.body).toBe(rx.received[1]!.body);
    expect(h.svc.pushes.map((p) => p.duplicate)).toEqual([false, true]);
  });

  it("delivers pushes out of order", async () => {
    h.svc.faults.setPushFaults({ outOfOrder: true });
    await trackNyt();
    expect(await h.svc.triggerPush({ ...NYT })).toEqual([]); // held back
    await h.svc.triggerPush({ ...NYT });
    const numbers = rx.received.map((r) => JSON.parse(r.body).docket_report[0].number);
    expect(numbers).toEqual(["6", "5"]);
    h.svc.faults.setPushFaults({ outOfOrder: false });
    await h.svc.triggerPush({ ...NYT });
    expect(rx.received).toHaveLength(3);
  });

  it("flushHeldPushes delivers a held push", async () => {
    h.svc.faults.setPushFaults({ outOfOrder: true });
    await trackNyt();
    await h.svc.triggerPush({ ...NYT });
    expect(rx.received).toHaveLength(0);
    await h.svc.flushHeldPushes();
    expect(rx.received).toHaveLength(1);
  });
});
