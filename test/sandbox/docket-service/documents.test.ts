import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startHarness, type Harness } from "./harness.ts";

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await startHarness();
  token = await h.login();
});
afterEach(() => h.close());

const NYT_DOCS = "cases/New_York_Southern_District_Court/1--23-cv-11195/docs";

async function pdfText(res: Response): Promise<string> {
  return Buffer.from(await res.arrayBuffer()).toString("latin1");
}

describe("document retrieval", () => {
  it("serves a stored document as a valid PDF holding its text, without a fee", async () => {
    const res = await h.site(`${NYT_DOCS}/1.pdf`, { login_token: token, client_matter: "m" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await pdfText(res);
    expect(pdf.startsWith("%PDF-1.4")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf).toContain("The Times brings this action for copyright infringement.");
    expect(pdf).toContain("/Count 69");
    expect(h.svc.ledger.entries).toMatchObject([{ endpoint: "getdocument", kind: "document_cached", fee: 0, client_matter: "m" }]);
  });

  it("follows the links getdocket hands out, exhibits included", async () => {
    const { body } = await h.getJson("getdocket/", {
      login_token: token,
      client_matter: "",
      court: "New York Southern District Court",
      docket: "1:23-cv-11195",
      cached: "true",
    });
    const link = new URL(body.docket_report[0].exhibits[0].link);
    link.searchParams.set("login_token", token);
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect((await pdfText(res)).startsWith("%PDF")).toBe(true);
  });

  it("answers 412 without a charge when cached is present (any value) and the document is not stored", async () => {
    for (const cached of ["true", "false", ""]) {
      const res = await h.site(`${NYT_DOCS}/2.pdf`, { login_token: token, cached });
      expect(res.status).toBe(412);
      expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(/cache/) });
    }
    expect(h.svc.ledger.total()).toBe(0);
  });

  it("retrieves a document live when cached is omitted: fee $0.10/page capped at $3.00, then stored", async () => {
    const live = await h.site(`${NYT_DOCS}/2.pdf`, { login_token: token, client_matter: "m" });
    expect(live.status).toBe(200);
    expect((await pdfText(live)).startsWith("%PDF")).toBe(true);
    const small = await h.site(`${NYT_DOCS}/4.pdf`, { login_token: token, client_matter: "m" });
    expect(small.status).toBe(200);
    expect(h.svc.ledger.filter({ kind: "document_live" }).map((e) => e.fee)).toEqual([3, 0.5]);
    // Now stored: a cached request succeeds and costs nothing.
    const again = await h.site(`${NYT_DOCS}/2.pdf`, { login_token: token, cached: "true" });
    expect(again.status).toBe(200);
    expect(h.svc.ledger.total()).toBe(3.5);
  });

  it("waits for the court on the clock during live retrieval", async () => {
    await h.close();
    h = await startHarness({ latencyMs: { default: 8_000 } });
    token = await h.login();
    const pending = h.site(`${NYT_DOCS}/4.pdf`, { login_token: token });
    await vi.waitFor(() => expect(h.clock.pendingSleepers).toBe(1));
    await h.clock.advance(8_000);
    expect((await pending).status).toBe(200);
  });

  it("answers 403 for a sealed document and 404 for unknown documents and dockets", async () => {
    const sealed = await h.site(`${NYT_DOCS}/3.pdf`, { login_token: token });
    expect(sealed.status).toBe(403);
    expect(await sealed.json()).toMatchObject({ success: false });
    expect((await h.site(`${NYT_DOCS}/99.pdf`, { login_token: token })).status).toBe(404);
    expect((await h.site("cases/Nowhere_Court/1--23-cv-11195/docs/1.pdf", { login_token: token })).status).toBe(404);
    expect(h.svc.ledger.total()).toBe(0);
  });

  it("answers 401 JSON without a valid token", async () => {
    const res = await h.site(`${NYT_DOCS}/1.pdf`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false });
    expect((await h.site(`${NYT_DOCS}/1.pdf`, { login_token: "nope" })).status).toBe(401);
  });

  it("redirects the old link form with 302, keeping the query", async () => {
    const res = await h.site("cases/New_York_Southern_District_Court/1--23-cv-11195/1.pdf", { login_token: token });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/cases/New_York_Southern_District_Court/1--23-cv-11195/docs/1.pdf?login_token=${token}`);
    const followed = await fetch(new URL(location, h.svc.siteUrl));
    expect(followed.status).toBe(200);
  });

  it("serves state-court documents with names and dockets containing slashes", async () => {
    const res = await h.site("cases/New_York_State_Kings_County_Supreme_Court/526241---2019/docs/28082014_OTHER_0.pdf", { login_token: token });
    expect(res.status).toBe(200);
  });

  it("test calls return the PDF with no charge and leave the document unstored", async () => {
    const res = await h.site(`${NYT_DOCS}/2.pdf`, { login_token: token, test: "true" });
    expect(res.status).toBe(200);
    expect(h.svc.ledger.entries).toMatchObject([{ test: true, fee: 0 }]);
    expect((await h.site(`${NYT_DOCS}/2.pdf`, { login_token: token, cached: "true" })).status).toBe(412);
  });
});
