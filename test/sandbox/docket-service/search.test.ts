import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startHarness, type Harness } from "./harness.ts";
import { FILLER_COUNT } from "./tiny-corpus.ts";

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness({ latencyMs: { searchpacer: 45_000 } });
  token = await h.login();
});
afterEach(() => h.close());

describe("search/", () => {
  it("returns total and result items with site links", async () => {
    const { status, body } = await h.getJson("search/", { login_token: token, q: "new york times" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, total: 1 });
    expect(body.results[0]).toEqual({
      court: "New York Southern District Court",
      docket: "1:23-cv-11195",
      title: "The New York Times Company v. Microsoft Corporation et al",
      link: `${h.svc.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-11195/The_New_York_Times_Company_v._Microsoft_Corporation_et_al/`,
      date_filed: "12/27/2023",
      result_type: "docket",
      date_cached: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it("turns / into --- in docket links", async () => {
    const { body } = await h.getJson("search/", { login_token: token, q: "smith jones" });
    expect(body.results[0].link).toContain("/cases/New_York_State_Kings_County_Supreme_Court/526241---2019/Smith_v._Jones/");
  });

  it("pages by offset and limit; every page is a call", async () => {
    const p1 = await h.getJson("search/", { login_token: token, q: "filler", limit: "50" });
    const p2 = await h.getJson("search/", { login_token: token, q: "filler", limit: "50", offset: "50" });
    expect(p1.body.total).toBe(FILLER_COUNT);
    expect(p1.body.results).toHaveLength(50);
    expect(p2.body.results).toHaveLength(FILLER_COUNT - 50);
    expect(h.svc.ledger.count({ endpoint: "search" })).toBe(2);
    expect(h.svc.ledger.total()).toBe(0);
  });

  it("rejects limit above 50, bad offsets, unknown sort orders and a missing q", async () => {
    const cases: Record<string, string>[] = [{ q: "x", limit: "51" }, { q: "x", offset: "-1" }, { q: "x", o: "sideways" }, {}];
    for (const params of cases) {
      const { status, body } = await h.getJson("search/", { login_token: token, ...params });
      expect(status).toBe(200);
      expect(body.success).toBe(false);
      expect(body.error).toEqual(expect.any(String));
    }
  });

  it("accepts the documented sort orders", async () => {
    const { body } = await h.getJson("search/", { login_token: token, q: "filler", o: "date_filed", limit: "2" });
    expect(body.success).toBe(true);
  });
});

describe("searchpacer/", () => {
  it("answers options discovery when only login_token and client_matter are sent, free", async () => {
    const { body } = await h.getJson("searchpacer/", { login_token: token, client_matter: "" });
    expect(body).toMatchObject({ success: true, courts: expect.any(Array), court_regions: expect.any(Array), nature_of_suits: expect.any(Array) });
    expect(body.case_types).toEqual(["Appellate", "Bankruptcy", "Civil", "Criminal", "Multi-District Litigation"]);
    expect(h.svc.ledger.total()).toBe(0);
  });

  it("requires client_matter (blank allowed)", async () => {
    const { body } = await h.getJson("searchpacer/", { login_token: token, party_name: "Filler" });
    expect(body).toMatchObject({ success: false, error: expect.stringMatching(/client_matter/) });
  });

  it("takes its latency on the clock, pages 50 at a time and charges $0.10 + $0.10 per page", async () => {
    const pending = h.getJson("searchpacer/", { login_token: token, client_matter: "m1", party_name: "Filler Holdings" });
    await vi.waitFor(() => expect(h.clock.pendingSleepers).toBe(1));
    await h.clock.advance(45_000);
    const p1 = await pending;
    expect(p1.body.success).toBe(true);
    expect(p1.body.page_max).toBe(2);
    expect(p1.body.search_results).toHaveLength(50);
    expect(p1.body.search_results[0]).toMatchObject({
      court: "California Northern District Court",
      date_filed: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      party_name: "Filler Holdings LLC",
      party_role: "Plaintiff",
      link: expect.stringContaining(h.svc.siteUrl),
    });

    const p2p = h.getJson("searchpacer/", { login_token: token, client_matter: "m1", party_name: "Filler Holdings", page: "2" });
    await vi.waitFor(() => expect(h.clock.pendingSleepers).toBe(1));
    await h.clock.advance(45_000);
    const p2 = await p2p;
    expect(p2.body.search_results).toHaveLength(FILLER_COUNT - 50);
    expect(h.svc.ledger.filter({ endpoint: "searchpacer" }).map((e) => [e.kind, e.fee])).toEqual([
      ["pacer_search", 0.2],
      ["pacer_page", 0.1],
    ]);
    expect(h.svc.ledger.total({ client_matter: "m1" })).toBe(0.3);
  });

  it("sends page_max only when more than 50 cases match", async () => {
    const pending = h.getJson("searchpacer/", { login_token: token, client_matter: "", nature_of_suit: "830" });
    await vi.waitFor(() => expect(h.clock.pendingSleepers).toBe(1));
    await h.clock.advance(45_000);
    const { body } = await pending;
    expect(body.success).toBe(true);
    expect(body).not.toHaveProperty("page_max");
    expect(body.search_results.map((r: { docket: string }) => r.docket)).toEqual(["1:20-cv-00001"]);
    expect(body.search_results[0]).toMatchObject({ nature_of_suit: expect.any(String), date_terminated: "2021-06-30" });
  });

  it("validates filters without charging", async () => {
    const bad: Record<string, string>[] = [
      { date_filed_start: "01/02/2024" },
      { case_type: "Parking" },
      { party_name: "x", page: "0" },
      { nature_of_suit: "999" },
      { first_name: "Ann" },
      { page: "2" },
    ];
    for (const params of bad) {
      const { body } = await h.getJson("searchpacer/", { login_token: token, client_matter: "", ...params });
      expect(body.success, JSON.stringify(params)).toBe(false);
    }
    expect(h.svc.ledger.total()).toBe(0);
    expect(h.svc.ledger.count({ kind: "rejected" })).toBe(bad.length);
  });

  it("test calls return sample data at no charge and without the court's latency", async () => {
    const { body } = await h.getJson("searchpacer/", { login_token: token, client_matter: "", party_name: "Filler", test: "true" });
    expect(body.success).toBe(true);
    expect(h.svc.ledger.entries.every((e) => e.test && e.fee === 0)).toBe(true);
  });
});
