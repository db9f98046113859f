/**
 * Issue 3, Tests: the docket client runs end to end against the emulator over loopback — every
 * endpoint, token expiry mid-session, throttling answered by backoff, each document status, a
 * tracker pushing to a local receiver that first fails then accepts, and a fee ledger that shows
 * no charge for cached and test calls.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDocketClient, type DocketClient } from "../../src/docket/client.ts";
import { DocketPush } from "../../src/docket/schemas/index.ts";
import { startDocketService, type DocketService } from "../../sandbox/docket-service/server.ts";
import { drive, driveUntil, FakeClock } from "../helpers/fake-clock.ts";
import { advanceTime, driveTimers, useFakeTime } from "../helpers/fake-timers.ts";
import { systemClock } from "../../src/clock.ts";
import { failure } from "../helpers/docket-client.ts";

const NYSD = "New York Southern District Court";
const FLAGSHIP = { court: NYSD, docket: "1:23-cv-01234" };

let clock: FakeClock;
let service: DocketService;
let client: DocketClient;

function newClient(overrides: Partial<Parameters<typeof createDocketClient>[0]> = {}) {
  return createDocketClient({
    apiUrl: service.baseUrl,
    siteUrl: service.siteUrl,
    username: "demo",
    password: "demo",
    providerKeys: { providerone: "p1-test-key", providertwo: "p2-test-key" },
    clock,
    random: () => 0,
    logger: pino({ level: "silent" }),
    ...overrides,
  });
}

beforeAll(async () => {
  clock = new FakeClock();
  service = await startDocketService({ clock, seed: 7, autoPush: false });
  client = newClient();
});
afterAll(async () => {
  await service.close();
});

describe("every endpoint", () => {
  it("search finds the flagship case with a total and links in the site's URL form", async () => {
    const { data } = await client.search({ q: '"Acme Widgets" Globex', limit: 10 });
    expect(data.total).toBeGreaterThanOrEqual(1);
    const hit = data.results.find((r) => r.docket === FLAGSHIP.docket);
    expect(hit?.court).toBe(NYSD);
    expect(hit?.link).toContain("/cases/New_York_Southern_District_Court/1--23-cv-01234/");
  });

  it("getDocket (cached) returns a docket that parses, newest entry first, at no charge", async () => {
    const before = service.ledger.total();
    const { data, call } = await client.getDocket(FLAGSHIP, { clientMatter: "ACME-001" });
    expect(data.info.title).toContain("Acme Widgets");
    expect(data.docket_report.length).toBeGreaterThan(20);
    expect(call.mayHaveIncurredFees).toBe(false);
    expect(service.ledger.total()).toBe(before);
    expect(service.ledger.filter({ client_matter: "ACME-001" }).at(-1)?.kind).toBe("docket_cached");
  });

  it("a live pull is charged and reported as such", async () => {
    const { call } = await client.getDocket({ ...FLAGSHIP, live: true, normalize: true }, { clientMatter: "ACME-001" });
    expect(call.mayHaveIncurredFees).toBe(true);
    expect(service.ledger.filter({ endpoint: "getdocket" }).at(-1)?.kind).toMatch(/docket_live|docket_unchanged/);
  });

  it("a 5,000-entry docket comes through and validates", async () => {
    const big = service.corpus.cases.find((c) => c.entries.length >= 5000)!;
    const { data } = await client.getDocket({ court: big.court, docket: big.docket });
    expect(data.docket_report.length).toBe(big.entries.length);
  });

  it("an unknown case is not_found", async () => {
    expect((await failure(client.getDocket({ court: NYSD, docket: "1:99-cv-99999" }))).code).toBe("not_found");
  });

  it("searchPacer is billed; pacerOptions is free", async () => {
    const { data: options, call: optionsCall } = await client.pacerOptions();
    expect(options.case_types.length).toBeGreaterThan(0);
    expect(optionsCall.mayHaveIncurredFees).toBe(false);
    const before = service.ledger.total();
    const { data, call } = await client.searchPacer({ partyName: "Acme", caseType: "Civil" }, { clientMatter: "ACME-001" });
    expect(Array.isArray(data.search_results)).toBe(true);
    expect(call.mayHaveIncurredFees).toBe(true);
    expect(service.ledger.total()).toBeGreaterThan(before);
  });

  it("askDocket answers grounded in the docket, citing entries, with a price", async () => {
    const { data, call } = await client.askDocket({
      ...FLAGSHIP, question: "Has the motion to dismiss been decided?", target: "docket", outputFormat: "two sentences", showRelevant: true,
    });
    const answer = data.from_dockets?.providerone_answer ?? "";
    expect(answer).toMatch(/#\d+/);
    expect(data.from_dockets?.providertwo_answer).toBeTruthy();
    expect(call.price).toBeGreaterThan(0);
    expect(service.ledger.filter({ endpoint: "ask_docket" }).at(-1)?.kind).toBe("ai");
  });

  it("track, listTrackers, untrack", async () => {
    await client.track(FLAGSHIP, { enable: true, frequency: "daily" }, { clientMatter: "ACME-001" });
    await client.track({ q: "widget patent" }, { enable: true, frequency: "weekly" }, { clientMatter: "ACME-001" });
    const { data } = await client.listTrackers({ limit: 50 });
    expect(data.dockets.find((t) => t.docket === FLAGSHIP.docket)).toMatchObject({ enabled: true, frequency: "daily", client_matter: "ACME-001" });
    await client.track(FLAGSHIP, { enable: false });
    const after = await client.listTrackers({ limit: 50 });
    expect(after.data.dockets.find((t) => t.docket === FLAGSHIP.docket)?.enabled).toBe(false);
    expect((await failure(client.track(FLAGSHIP, { enable: true, frequency: "hourly" as "daily" }))).code).toBe("invalid_argument");
  });
});

describe("documents", () => {
  const kase = () => service.corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
  const entryWith = (pred: (d: { cached: boolean; sealed: boolean }) => boolean) =>
    kase().entries.find((e) => e.document && e.number && pred(e.document))!;

  it("a cached document downloads as a PDF at no charge", async () => {
    const entry = entryWith((d) => d.cached && !d.sealed);
    const before = service.ledger.total();
    const { data } = await client.getDocument({ ...FLAGSHIP, number: entry.document!.name });
    expect(Buffer.from(data.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    expect(service.ledger.total()).toBe(before);
  });

  it("an uncached document is not_cached by default (412, no charge); live retrieval costs and then works", async () => {
    const entry = entryWith((d) => !d.cached && !d.sealed);
    const before = service.ledger.total();
    expect((await failure(client.getDocument({ ...FLAGSHIP, number: entry.document!.name }))).code).toBe("not_cached");
    expect(service.ledger.total()).toBe(before);
    const { data, call } = await client.getDocument({ ...FLAGSHIP, number: entry.document!.name }, { allowLiveRetrieval: true });
    expect(data.size).toBeGreaterThan(0);
    expect(call.mayHaveIncurredFees).toBe(true);
    expect(service.ledger.total()).toBeGreaterThan(before);
  });

  it("an old-style document link is redirected (302) and followed on the same site", async () => {
    const entry = entryWith((d) => d.cached && !d.sealed);
    const old = `/cases/New_York_Southern_District_Court/1--23-cv-01234/${entry.document!.name}.pdf`;
    const { data, call } = await client.getDocument({ url: old });
    expect(Buffer.from(data.bytes).subarray(0, 5).toString()).toBe("%PDF-");
    expect(call.attempts).toBe(1);
  });

  it("a sealed document is sealed; an unknown number is not_found", async () => {
    const sealedCase = service.corpus.cases.find((c) => c.entries.some((e) => e.document?.sealed))!;
    const sealed = sealedCase.entries.find((e) => e.document?.sealed)!;
    expect((await failure(client.getDocument({ court: sealedCase.court, docket: sealedCase.docket, number: sealed.document!.name }))).code).toBe("sealed");
    expect((await failure(client.getDocument({ ...FLAGSHIP, number: 99999 }))).code).toBe("not_found");
  });
});

describe("session and limits", () => {
  it("renews an expired token mid-session and carries on", async () => {
    await client.search({ q: "acme" });
    service.expireTokens();
    const { call } = await client.search({ q: "globex" });
    expect(call.attempts).toBe(1);
  });

  it("a token expires after 90 minutes on the emulator's clock, and the client renews before that", async () => {
    const c = newClient();
    await c.search({ q: "acme" });
    await clock.advance(89 * 60_000);
    await c.search({ q: "acme" }); // renewed after 60 minutes, never presented a dead token
    await clock.advance(2 * 60_000);
    await c.search({ q: "acme" });
  });

  it("throttling (429 with Retry-After) is answered by backoff on the clock", async () => {
    const c = newClient({ rateLimits: { search: { limit: 1000 } } });
    service.faults.failNext("search", 429, 2);
    const start = clock.now();
    const { call } = await drive(clock, c.search({ q: "acme" }));
    expect(call.attempts).toBe(3);
    expect(clock.now()).toBeGreaterThan(start);
  });

  it("the emulator's own limit is never hit by the client's limiter", async () => {
    // The client's limiter keeps time with Date.now() and setTimeout (p-queue,
    // src/docket/rate-limiter.ts): fake those, and run a small emulator and the client on the
    // system clock, which reads the same fakes, so all three share one time.
    useFakeTime(clock.now());
    const clock2 = systemClock;
    const service2 = await startDocketService({ clock: clock2, seed: 7, autoPush: false, corpusSize: 20 });
    try {
      const c = createDocketClient({
        apiUrl: service2.baseUrl, siteUrl: service2.siteUrl, username: "demo", password: "demo",
        clock: clock2, random: () => 0, logger: pino({ level: "silent" }),
      });
      await advanceTime(61_000); // a fresh window on both sides
      service2.ledger.clear();
      // A full minute's budget at once, then ten more: those wait for the window to move on.
      await Promise.all(Array.from({ length: 60 }, (_, i) => c.search({ q: `acme ${i}` })));
      const start = clock2.now();
      let waiting = 10;
      const more = Array.from({ length: 10 }, (_, i) => c.search({ q: `more ${i}` }).finally(() => waiting--));
      await driveTimers(Promise.all(more), () => c.queueDepth().search === waiting);
      expect(clock2.now() - start).toBeGreaterThanOrEqual(60_000);
      expect(service2.ledger.count({ kind: "rejected" })).toBe(0);
    } finally {
      vi.useRealTimers();
      await service2.close();
    }
  });

  it("502 bursts are retried; a malformed body is invalid_response", async () => {
    service.faults.failNext("getdocket", 502, 2);
    const { call } = await drive(clock, client.getDocket(FLAGSHIP));
    expect(call.attempts).toBe(3);
    service.faults.malformNext("getdocket", "wrong-shape");
    expect((await failure(client.getDocket(FLAGSHIP))).code).toBe("invalid_response");
  });
});

describe("test mode", () => {
  it("charges nothing, even for live pulls and PACER searches", async () => {
    const c = newClient({ testMode: true });
    service.ledger.clear();
    await c.getDocket({ ...FLAGSHIP, live: true });
    await c.searchPacer({ partyName: "Acme" });
    expect(service.ledger.total()).toBe(0);
    expect(service.ledger.entries.every((e) => e.test)).toBe(true);
  });
});

describe("pushes", () => {
  let receiver: Server;
  let received: { auth: string | undefined; body: string }[];
  let failFirst: number;

  beforeAll(async () => {
    received = [];
    failFirst = 2;
    receiver = createServer(async (req: IncomingMessage, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      received.push({ auth: req.headers.authorization, body });
      res.statusCode = failFirst-- > 0 ? 503 : 200;
      res.end();
    });
    receiver.listen(0, "127.0.0.1");
    await once(receiver, "listening");
    const { port } = receiver.address() as AddressInfo;
    service.setPushUrl("demo", `http://hook:s3cret@127.0.0.1:${port}/docket/push`);
  });
  afterAll(() => receiver.close());

  it("a tracker pushes a docket payload with basic auth; failures are retried from 10 minutes on the clock", async () => {
    await client.track(FLAGSHIP, { enable: true, frequency: "realtime" }, { clientMatter: "ACME-001" });
    await service.triggerPush({ ...FLAGSHIP, entries: 1 });
    expect(received).toHaveLength(1);
    await clock.advance(9 * 60_000);
    expect(received).toHaveLength(1);
    await clock.advance(60_000 + 1000);
    expect(received).toHaveLength(2);
    await driveUntil(clock, () => received.length >= 3);
    expect(received.length).toBe(3);
    const last = received.at(-1)!;
    expect(last.auth).toBe(`Basic ${Buffer.from("hook:s3cret").toString("base64")}`);
    const push = DocketPush.parse(JSON.parse(last.body));
    expect(push).toMatchObject({ push_type: "docket", client_matter: "ACME-001", docket: FLAGSHIP.docket });
    expect(push.docket_report.length).toBe(1);
    const { data } = await client.listTrackers({ limit: 50 });
    expect(data._api_push_debug_info?.response_code).toBe(200);
    expect(JSON.stringify(data._api_push_debug_info)).not.toContain("s3cret");
  });

  it("testPush sends the fixed test payload now", async () => {
    const before = received.length;
    await client.testPush();
    expect(received.length).toBe(before + 1);
  });
});
