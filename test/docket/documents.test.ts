import nock from "nock";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { drive } from "../helpers/fake-clock.ts";
import { HOST, failure, makeClient, nockLogin } from "../helpers/docket-client.ts";

const DOC = "/cases/New_York_Southern_District_Court/1--23-cv-01234/docs/42.pdf";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

beforeEach(() => nock.cleanAll());
afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending).toEqual([]);
});


describe("getDocument", () => {
  it("asks for the cached copy by default and returns the PDF bytes with their size", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query({ login_token: "tok-1", cached: "true" })
      .reply(200, PDF, { "content-type": "application/pdf", "content-disposition": 'attachment; filename="ECF 42 - Order.pdf"' });
    const { data, call } = await client.getDocument({ url: DOC });
    expect(Buffer.from(data.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    expect(data.size).toBe(PDF.length);
    expect(data.filename).toBe("ECF 42 - Order.pdf");
    expect(call).toMatchObject({ feeKind: "none", mayHaveIncurredFees: false });
  });

  it("builds the address from court, docket and number in the site's URL form", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query(true).reply(200, PDF, { "content-type": "application/pdf" });
    const { data } = await client.getDocument({ court: "New York Southern District Court", docket: "1:23-cv-01234", number: 42 });
    expect(data.filename).toBe("42.pdf");
  });

  it("omits cached entirely only when live retrieval is allowed, and says it may cost", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query((q) => !("cached" in q) && q.client_matter === "ACME-001").reply(200, PDF, { "content-type": "application/pdf" });
    const { call } = await client.getDocument({ url: `${HOST}${DOC}` }, { allowLiveRetrieval: true, clientMatter: "ACME-001" });
    expect(call).toMatchObject({ feeKind: "live_document", mayHaveIncurredFees: true });
  });

  it("drops a login_token or cached flag carried in a link", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query({ login_token: "tok-1", cached: "true", keep: "1" }).reply(200, PDF, { "content-type": "application/pdf" });
    await client.getDocument({ url: `${DOC}?login_token=stale&cached=false&keep=1` }, { allowLiveRetrieval: false });
  });

  it.each([
    [412, "not_cached"],
    [403, "sealed"],
    [404, "not_found"],
    [500, "service_error"],
  ] as const)("HTTP %i is %s, with the service's text", async (status, code) => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query(true).reply(status, { success: false, error: "Document not available" });
    const e = await failure(client.getDocument({ url: DOC }));
    expect(e).toMatchObject({ code, status, endpoint: "getdocument", serviceError: "Document not available", attempts: 1 });
  });

  it("retries 502 (heavy load) and then returns the PDF", async () => {
    const { client, clock } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query(true).reply(502, { success: false, error: "Servers under heavy load" });
    nock(HOST).get(DOC).query(true).reply(200, PDF, { "content-type": "application/pdf" });
    const { call } = await drive(clock, client.getDocument({ url: DOC }));
    expect(call.attempts).toBe(2);
  });

  it("renews the token on 401 and retries once", async () => {
    const { client } = makeClient();
    nockLogin("old");
    nockLogin("new");
    nock(HOST).get(DOC).query((q) => q.login_token === "old").reply(401, { success: false, error: "login problem" });
    nock(HOST).get(DOC).query((q) => q.login_token === "new").reply(200, PDF, { "content-type": "application/pdf" });
    await client.getDocument({ url: DOC });
  });

  it("follows a 302 on the same site, re-sending its own parameters", async () => {
    const { client } = makeClient();
    nockLogin();
    const old = "/cases/New_York_Southern_District_Court/1--23-cv-01234/42.pdf";
    nock(HOST).get(old).query({ login_token: "tok-1", cached: "true" }).reply(302, "", { Location: `${DOC}?login_token=tok-1&cached=true` });
    nock(HOST).get(DOC).query({ login_token: "tok-1", cached: "true" }).reply(200, PDF, { "content-type": "application/pdf" });
    const { data, call } = await client.getDocument({ url: old });
    expect(data.size).toBe(PDF.length);
    expect(call.attempts).toBe(1);
  });

  it("refuses a redirect off the service's site (the token would go with it)", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query(true).reply(302, "", { Location: "https://elsewhere.example/steal.pdf" });
    const e = await failure(client.getDocument({ url: DOC }));
    expect(e).toMatchObject({ code: "invalid_response", field: "location" });
  });

  it("treats a JSON success:false on 200 as the failure it is", async () => {
    const { client } = makeClient();
    nockLogin();
    nock(HOST).get(DOC).query(true).reply(200, { success: false, error: "Document is not in the cache" }, { "content-type": "application/json" });
    const e = await failure(client.getDocument({ url: DOC }));
    expect(e.code).toBe("not_cached");
  });
});

describe("timeouts and faults against a real local server", () => {
  let server: Server;
  let base: string;
  let hangFor = Infinity; // how many data requests are left unanswered

  beforeEach(async () => {
    hangFor = Infinity;
    server = createServer((req, res) => {
      if (req.url?.startsWith("/api/v1/login/")) {
        res.setHeader("content-type", "application/json");
        return res.end(JSON.stringify({ success: true, login_token: "local" }));
      }
      if (hangFor-- > 0) return; // never answers
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ success: true, total: 0, results: [] }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("times out a hanging call per its endpoint limit, and retries a free read", async () => {
    const { client, clock } = makeClient({ apiUrl: base, timeoutsMs: { search: 150 } });
    hangFor = 1;
    const result = await drive(clock, client.search({ q: "x" }));
    expect(result.call.attempts).toBe(2);
  });

  it("gives up on a billed call after one timeout (no double fees)", async () => {
    const { client, clock } = makeClient({ apiUrl: base, timeoutsMs: { searchpacer: 150 } });
    const e = await failure(drive(clock, client.searchPacer({ partyName: "Acme" })));
    expect(e).toMatchObject({ code: "timeout", endpoint: "searchpacer", attempts: 1 });
  });

  it("stops at once when the caller aborts mid-flight", async () => {
    const { client } = makeClient({ apiUrl: base });
    const ctrl = new AbortController();
    const call = client.search({ q: "x" }, { signal: ctrl.signal });
    setTimeout(() => ctrl.abort(new Error("user left")), 50);
    expect((await failure(call)).code).toBe("aborted");
  });

  it("reports a refused connection as network, retried even for billed calls (never sent)", async () => {
    const { client, clock } = makeClient({ apiUrl: "http://127.0.0.1:9/api/v1/", retryPolicy: { maxAttempts: 2 } });
    const e = await failure(drive(clock, client.login()));
    expect(e).toMatchObject({ code: "network", attempts: 2 });
  });
});
