import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDocketService, type DocketService } from "../../../sandbox/docket-service/server.ts";
import { FakeClock } from "../../helpers/fake-clock.ts";

/** The server on its default, generated corpus: every link it hands out leads somewhere. */
let svc: DocketService;
let token: string;
beforeAll(async () => {
  svc = await startDocketService({ clock: new FakeClock(), seed: 7, corpusSize: 40, autoPush: false });
  const res = await fetch(`${svc.baseUrl}login/`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "username=demo&password=demo",
  });
  token = ((await res.json()) as { login_token: string }).login_token;
});
afterAll(() => svc.close());

describe("generated corpus", () => {
  it("serves search results, their dockets and their documents", async () => {
    const search = (await (await fetch(`${svc.baseUrl}search/?login_token=${token}&q=is:docket&limit=50`)).json()) as any;
    expect(search.success).toBe(true);
    expect(search.results.length).toBeGreaterThan(10);
    let documents = 0;
    for (const r of search.results.slice(0, 15)) {
      const q = new URLSearchParams({ login_token: token, client_matter: "", court: r.court, docket: r.docket, cached: "true" });
      const docket = (await (await fetch(`${svc.baseUrl}getdocket/?${q}`)).json()) as any;
      expect(docket.success, `${r.court} ${r.docket}`).toBe(true);
      expect(docket.info.link).toBe(r.link);
      const withLink = docket.docket_report.find((e: { link?: string }) => e.link);
      if (!withLink) continue;
      const url = new URL(withLink.link);
      url.searchParams.set("login_token", token);
      url.searchParams.set("test", "true");
      const pdf = await fetch(url);
      expect([200, 403], withLink.link).toContain(pdf.status);
      await pdf.arrayBuffer();
      documents++;
    }
    expect(documents).toBeGreaterThan(0);
  });
});
