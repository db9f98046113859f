import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startHarness, type Harness } from "./harness.ts";
import { BK, CLOSED, NYT } from "./tiny-corpus.ts";

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness();
  token = await h.login();
});
afterEach(() => h.close());

const get = (params: Record<string, string>) => h.getJson("getdocket/", { login_token: token, client_matter: "acme-1", ...params });

describe("getdocket/", () => {
  it("cached=true returns the stored copy in wire form, newest first, without a fee", async () => {
    const { status, body } = await get({ ...NYT, cached: "true" });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.info).toMatchObject({
      title: "The New York Times Company v. Microsoft Corporation et al",
      date_filed: "12/27/2023",
      judges: ["Hon. Sidney H. Stein", "Ona T. Wang"],
      nature_of_suit: "820 Copyright",
      type: "Civil",
      status: "Open",
      court: NYT.court,
      docket: NYT.docket,
      patents: [],
      link: `${h.svc.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-11195/The_New_York_Times_Company_v._Microsoft_Corporation_et_al/`,
    });
    expect(body.info).not.toHaveProperty("judges_normalized");
    expect(body.info).not.toHaveProperty("date_terminated");
    expect(body.docket_report.map((e: { date: string }) => e.date)).toEqual(["3/1/2024", "2/2/2024", "2/1/2024", "1/4/2024", "12/27/2023"]);
    const [latest, minute] = body.docket_report;
    expect(latest).toEqual({
      date: "3/1/2024",
      entry_date: "3/1/2024",
      number: "4",
      contents: "<span class='description'>MOTION to Dismiss</span> by Microsoft Corporation.",
      link: `${h.svc.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-11195/docs/4.pdf`,
      link_viewer: expect.stringContaining("/The_New_York_Times_Company_v._Microsoft_Corporation_et_al/4/"),
      exhibits: [{ number: "1", description: "Document 4-1", link: `${h.svc.siteUrl}cases/New_York_Southern_District_Court/1--23-cv-11195/docs/4-1.pdf` }],
    });
    expect(minute).not.toHaveProperty("number");
    expect(minute).not.toHaveProperty("link");
    expect(body.parties[0]).toEqual({
      name: "The New York Times Company",
      type: "Plaintiff",
      counsel: [{ name: "Ian B. Crosby", firm: "Susman Godfrey L.L.P.", email: "icrosby@example.com", phone: "(206) 516-3880", lead: true, prose: false }],
    });
    expect(body.related[0]).toMatchObject({ ...CLOSED, title: "Doe v. Roe", link: expect.stringContaining("/cases/Delaware_District_Court/1--20-cv-00001/") });
    expect(body.claims).toEqual([{ type: "Copyright", description: "Infringement" }]);
    expect(h.svc.ledger.entries).toMatchObject([{ endpoint: "getdocket", kind: "docket_cached", fee: 0, client_matter: "acme-1", user: "demo" }]);
  });

  it("a live pull charges a fee, appends new entries on an active case and moves date_cached", async () => {
    const before = (await get({ ...NYT, cached: "true" })).body;
    const { body } = await get({ ...NYT });
    expect(body.docket_report.length).toBeGreaterThan(before.docket_report.length);
    const added = body.docket_report.length - before.docket_report.length;
    expect(body.docket_report[0].number).toBe(String(4 + added));
    const newest = Date.parse(body.docket_report[0].date);
    expect(newest).toBeGreaterThanOrEqual(Date.parse("3/1/2024"));
    expect(newest).toBeLessThanOrEqual(h.clock.now());
    expect(body.info.date_cached).toBe(new Date(h.clock.now()).toISOString());
    const live = h.svc.ledger.filter({ kind: "docket_live" });
    expect(live).toHaveLength(1);
    expect(live[0]!.fee).toBeGreaterThan(0);

    // Deterministic: the same pull in a fresh emulator reveals the same entries.
    const again = await startHarness();
    try {
      const t2 = await again.login();
      const b2 = (await again.getJson("getdocket/", { login_token: t2, client_matter: "", ...NYT })).body;
      expect(b2.docket_report).toEqual(body.docket_report.map((e: object) => ({ ...e })).map(relink(h.svc.siteUrl, again.svc.siteUrl)));
    } finally {
      await again.close();
    }
  });

  it("use_last_filing_date skips the pull (no fee) when the court has nothing new", async () => {
    await get({ ...NYT }); // pulls: nothing pending afterwards
    const { body } = await get({ ...NYT, use_last_filing_date: "true" });
    expect(body.success).toBe(true);
    expect(h.svc.ledger.filter({ endpoint: "getdocket" }).map((e) => e.kind)).toEqual(["docket_live", "docket_unchanged"]);
    expect(h.svc.ledger.filter({ kind: "docket_unchanged" })[0]!.fee).toBe(0);
    // Days later the court has new entries, so use_last_filing_date pulls (and pays).
    await h.clock.advance(10 * 86_400_000);
    token = await h.login(); // the old token expired long ago
    await get({ ...NYT, use_last_filing_date: "true" });
    expect(h.svc.ledger.filter({ endpoint: "getdocket" }).at(-1)!.kind).toBe("docket_live");
  });

  it("a closed case gains no entries on a live pull but is still charged", async () => {
    const { body } = await get({ ...CLOSED });
    expect(body.docket_report).toHaveLength(1);
    expect(body.info.date_terminated).toBe("6/30/2021");
    expect(body.info.patents).toEqual(["9,999,999"]);
    expect(h.svc.ledger.total()).toBeGreaterThan(0);
  });

  it("waits for the court's latency on the clock", async () => {
    await h.close();
    h = await startHarness({ latencyMs: { default: 5_000 } });
    token = await h.login();
    const pending = get({ ...CLOSED });
    await vi.waitFor(() => expect(h.clock.pendingSleepers).toBe(1));
    await h.clock.advance(5_000);
    expect((await pending).body.success).toBe(true);
  });

  it("normalize=true adds normalized judge, party, counsel and firm names", async () => {
    const { body } = await get({ ...NYT, cached: "true", normalize: "true" });
    expect(body.info.judges_normalized).toEqual(["Sidney Stein", "Ona Wang"]);
    expect(body.parties[1].name_normalized).toBe("Microsoft Corp");
    expect(body.parties[0].counsel[0]).toMatchObject({ name_normalized: "Ian Crosby", firm_normalized: "Susman Godfrey LLP" });
  });

  it("sends bankruptcy fields", async () => {
    const { body } = await get({ ...BK, cached: "true" });
    expect(body.info).toMatchObject({ chapter: "11", date_341_meeting: "4/2/2024" });
  });

  it("finds a docket written without leading zeros and court names in any case", async () => {
    const { body } = await get({ court: "new york southern district court", docket: "1:23-cv-11195", cached: "1" });
    expect(body.success).toBe(true);
  });

  it("answers the observed not-found error", async () => {
    const { status, body } = await get({ court: "Florida State, Duval County, Fourth Circuit Court", docket: "2014-CF-003894" });
    expect(status).toBe(200);
    expect(body).toEqual({ success: false, error: "Could not find docket 2014-CF-003894 in court=Florida State, Duval County, Fourth Circuit Court: " });
    expect(h.svc.ledger.entries).toMatchObject([{ kind: "rejected", fee: 0 }]);
  });

  it("requires court, docket and client_matter, and boolean flags", async () => {
    expect((await h.getJson("getdocket/", { login_token: token, ...NYT })).body.error).toMatch(/client_matter/);
    expect((await get({ court: NYT.court })).body.error).toMatch(/docket/);
    expect((await get({ ...NYT, cached: "maybe" })).body).toMatchObject({ success: false, error: expect.stringMatching(/cached/) });
  });

  it("test calls return the stored copy with no charge and no pull", async () => {
    const { body } = await get({ ...NYT, test: "true" });
    expect(body.docket_report).toHaveLength(5);
    expect(h.svc.ledger.entries).toMatchObject([{ test: true, fee: 0, kind: "docket_cached" }]);
  });
});

function relink(from: string, to: string) {
  return (e: object) => JSON.parse(JSON.stringify(e).replaceAll(from, to));
}
