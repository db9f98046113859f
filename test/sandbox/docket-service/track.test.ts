import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FREQUENCIES } from "../../../sandbox/docket-service/trackers.ts";
import { startHarness, type Harness } from "./harness.ts";
import { CLOSED, FILLER_COUNT, NYT } from "./tiny-corpus.ts";

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness();
  token = await h.login();
});
afterEach(() => h.close());

const track = (form: Record<string, string>) => h.post("track/", { login_token: token, ...form });
const list = (params: Record<string, string> = {}) => h.getJson("track/", { login_token: token, ...params });

describe("POST track/", () => {
  it("starts and stops tracking a case; the listing shows the tracker", async () => {
    expect((await track({ ...NYT, enable: "true", frequency: "daily", client_matter: "acme-1" })).body).toEqual({ success: true });
    const { body } = await list();
    expect(body.success).toBe(true);
    expect(body.dockets).toEqual([
      {
        court: NYT.court,
        docket: NYT.docket,
        title: "The New York Times Company v. Microsoft Corporation et al",
        link: expect.stringContaining("/cases/New_York_Southern_District_Court/1--23-cv-11195/"),
        enabled: true,
        frequency: "daily",
        client_matter: "acme-1",
        datetime_updated: new Date(h.clock.now()).toISOString(),
      },
    ]);
    await h.clock.advance(60_000);
    expect((await track({ ...NYT, enable: "false" })).body).toEqual({ success: true });
    const after = (await list()).body.dockets[0];
    expect(after).toMatchObject({ enabled: false, frequency: "daily", client_matter: "acme-1", datetime_updated: new Date(h.clock.now()).toISOString() });
  });

  it("tracks saved searches, listing q", async () => {
    await track({ q: "filler", enable: "true", frequency: "weekly", client_matter: "" });
    const { body } = await list();
    expect(body.dockets[0]).toMatchObject({ q: "filler", enabled: true, frequency: "weekly", client_matter: "", link: expect.stringContaining("search") });
  });

  it("accepts every documented frequency", async () => {
    for (const frequency of FREQUENCIES) {
      expect((await track({ ...NYT, enable: "true", frequency, client_matter: "" })).body.success, frequency).toBe(true);
    }
  });

  it("validates enable, frequency, client_matter and the identification", async () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ ...NYT, frequency: "daily", client_matter: "" }, /enable/],
      [{ ...NYT, enable: "perhaps", frequency: "daily", client_matter: "" }, /enable/],
      [{ ...NYT, enable: "true", client_matter: "" }, /frequency/],
      [{ ...NYT, enable: "true", frequency: "hourly", client_matter: "" }, /frequency/],
      [{ ...NYT, enable: "true", frequency: "daily" }, /client_matter/],
      [{ court: NYT.court, enable: "true", frequency: "daily", client_matter: "" }, /together/],
      [{ enable: "true", frequency: "daily", client_matter: "" }, /court and docket, or q/],
      [{ ...NYT, q: "x", enable: "true", frequency: "daily", client_matter: "" }, /not both/],
      [{ court: NYT.court, docket: "9:99-cv-1", enable: "true", frequency: "daily", client_matter: "" }, /Could not find docket/],
      [{ ...CLOSED, enable: "false" }, /No tracker/],
    ];
    for (const [form, error] of bad) {
      const { status, body } = await track(form);
      expect(status).toBe(200);
      expect(body.success, JSON.stringify(form)).toBe(false);
      expect(body.error).toMatch(error);
    }
    expect((await list()).body.dockets).toEqual([]);
  });

  it("test_track needs an existing tracker", async () => {
    const { body } = await track({ ...NYT, test_track: "true" });
    expect(body).toMatchObject({ success: false, error: expect.stringMatching(/No tracker/) });
  });

  it("test=true without a push URL says so", async () => {
    const { body } = await track({ test: "true" });
    expect(body).toMatchObject({ success: false, error: expect.stringMatching(/api_push_url/) });
  });
});

describe("GET track/", () => {
  it("pages with offset and limit: default 20, at most 50", async () => {
    for (let i = 0; i < FILLER_COUNT; i++) {
      await track({ court: "California Northern District Court", docket: `3:24-cv-${String(100 + i).padStart(5, "0")}`, enable: "true", frequency: "daily", client_matter: "" });
    }
    expect((await list()).body.dockets).toHaveLength(20);
    const page = await list({ offset: "50", limit: "50" });
    expect(page.body.dockets).toHaveLength(FILLER_COUNT - 50);
    expect(page.body.dockets[0].docket).toBe("3:24-cv-00150");
    expect((await list({ limit: "51" })).body).toMatchObject({ success: false, error: expect.stringMatching(/50/) });
  });

  it("includes empty _api_push_debug_info before any push", async () => {
    expect((await list()).body._api_push_debug_info).toEqual({
      response_code: null,
      request_url: null,
      request_payload: null,
      will_retry: false,
      error_message: null,
    });
  });

  it("keeps each account's trackers apart", async () => {
    await h.close();
    h = await startHarness({ users: [{ username: "a", password: "a" }, { username: "b", password: "b" }] });
    token = await h.login("a", "a");
    await track({ ...NYT, enable: "true", frequency: "daily", client_matter: "" });
    token = await h.login("b", "b");
    expect((await list()).body.dockets).toEqual([]);
  });
});
