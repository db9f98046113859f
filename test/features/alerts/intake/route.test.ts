/**
 * Issue 5, Intake: the push route over real HTTP with a real SQLite store. Auth (401), media type
 * (415), size (413), quarantine, dedupe, "200 only after a durable commit", 503 on store failure,
 * group commit under concurrency, shutdown drain, and what the logs do and do not say.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { StoreError, StoreErrorCode } from "../../../../src/store/errors.ts";
import type { Store, StorePushInput, StorePushResult } from "../../../../src/store/store.ts";
import {
  AUTH, basic, deferred, docketPushBody, LIMIT, PASS, PASS2, PATH, startRouteRig, USER, USER2, type RouteRig,
} from "./helpers.ts";

let rig: RouteRig;
beforeAll(async () => {
  rig = await startRouteRig();
});
afterAll(async () => {
  await rig.close();
});

let seq = 0;
const unique = () => docketPushBody("ACME-001", `route-${++seq}`);
const stats = () => rig.store.pushStats();

describe("authentication", () => {
  it("stores a push with the configured credentials and answers 200 after the commit", async () => {
    const body = unique();
    const before = (await stats()).stored;
    const res = await rig.post(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect((await stats()).stored).toBe(before + 1);
    const event = rig.stored.at(-1)!;
    expect(event).toMatchObject({ duplicate: false, routing: "held", deliveries: 0, pushType: "docket", clientMatter: "ACME-001" });
    const kept = await rig.store.getPush(event.id);
    expect(kept?.body).toBe(body); // exactly as received
    expect(kept).toMatchObject({ pushType: "docket", clientMatter: "ACME-001", routing: "held" });
  });

  it("accepts the rotation pair, and the scheme in any case", async () => {
    expect((await rig.post(unique(), { auth: basic(USER2, PASS2) })).status).toBe(200);
    expect((await rig.post(unique(), { auth: AUTH.replace("Basic", "bAsIc") })).status).toBe(200);
  });

  it.each([
    ["missing", null],
    ["a wrong password", basic(USER, "wrong")],
    ["a wrong user", basic("someone", PASS)],
    ["one pair's user with the other's password", basic(USER, PASS2)],
    ["a password that only starts right", basic(USER, PASS.slice(0, -1))],
    ["a bearer token", `Bearer ${PASS}`],
    ["garbage base64", "Basic !!!not-base64!!!"],
    ["no colon", `Basic ${Buffer.from(USER + PASS).toString("base64")}`],
  ])("answers 401 with a Basic challenge and stores nothing for %s credentials", async (_name, auth) => {
    const before = await stats();
    const res = await rig.post(unique(), { auth });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Basic realm="docketbot"');
    expect(await stats()).toEqual(before);
  });

  it("never logs the credentials", () => {
    expect(rig.logs.text()).not.toContain(PASS);
    expect(rig.logs.text()).not.toContain(PASS2);
    expect(rig.logs.text()).not.toContain(AUTH.slice(6));
  });
});

describe("media type and size", () => {
  it.each([["text/plain"], ["application/x-www-form-urlencoded"], ["application/json-patch+json"], [null]])(
    "answers 415 to content type %s and stores nothing",
    async (type) => {
      const before = await stats();
      const res = await rig.post(unique(), { contentType: type });
      expect(res.status).toBe(415);
      expect(await stats()).toEqual(before);
    },
  );

  it("refuses a compressed body (415)", async () => {
    const res = await rig.post(gzipSync(unique()), { headers: { "content-encoding": "gzip" } });
    expect(res.status).toBe(415);
  });

  it.each([["application/json; charset=utf-8"], ["Application/JSON"], ["application/json;charset=ISO-8859-1"]])(
    "accepts %s",
    async (type) => {
      expect((await rig.post(unique(), { contentType: type })).status).toBe(200);
    },
  );

  it("answers 413 to a body one byte over the limit and 200 to one exactly at it", async () => {
    const pad = (n: number) => {
      const base = docketPushBody("ACME-001", `size-${++seq}`, { pad: "" });
      return base.replace('"pad":""', `"pad":"${"x".repeat(n - base.length)}"`);
    };
    const before = await stats();
    const over = await rig.post(pad(LIMIT + 1));
    expect(over.status).toBe(413);
    expect(await stats()).toEqual(before);
    const exact = pad(LIMIT);
    expect(Buffer.byteLength(exact)).toBe(LIMIT);
    expect((await rig.post(exact)).status).toBe(200);
  });

  it("counts the bytes of a body sent without a length and stops at the limit", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${rig.url}${PATH}`, { method: "POST", headers: { authorization: AUTH, "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      // chunked: no Content-Length, so only counting can find the body too large
      for (let i = 0; i < 8; i++) req.write("x".repeat(1024));
      req.end();
    });
    expect(status).toBe(413);
  });

  it("answers 405 to other methods on the push path, and leaves other paths alone", async () => {
    const get = await fetch(`${rig.url}${PATH}`, { headers: { authorization: AUTH } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await fetch(`${rig.url}/elsewhere`, { method: "POST" })).status).toBe(404);
  });
});

describe("quarantine: authenticated but not a valid push", () => {
  const quarantined = async (id: number) => {
    const list = await rig.store.listQuarantined({ limit: 50 });
    return list.find((p) => p.id === id);
  };

  it("keeps invalid JSON with the reason, answers 200, logs a warning", async () => {
    const res = await rig.post('{"push_type": "docket", oops');
    expect(res.status).toBe(200);
    const event = rig.stored.at(-1)!;
    expect(event.routing).toBe("quarantined");
    const kept = await quarantined(event.id);
    expect(kept?.body).toBe('{"push_type": "docket", oops');
    expect(kept?.quarantineReason).toMatch(/^invalid JSON: /);
    const warn = rig.logs.lines().find((l) => l.msg.startsWith("push quarantined") && l.push?.id === event.id);
    expect(warn?.level).toBe(40);
    expect(warn?.push?.reason).toBe(kept?.quarantineReason);
  });

  it("keeps a schema failure with the zod issue path, under its matter", async () => {
    const body = JSON.stringify({ push_type: "docket", client_matter: "ACME-002", court: "x", docket_report: [{ number: {} }] });
    expect((await rig.post(body)).status).toBe(200);
    const event = rig.stored.at(-1)!;
    const kept = await rig.store.listQuarantined({ matters: ["ACME-002"] });
    expect(kept.map((p) => p.id)).toEqual([event.id]);
    expect(kept[0]?.quarantineReason).toMatch(/^schema: docket: .*docket_report\.0\.number/);
    expect(kept[0]).toMatchObject({ pushType: "docket", clientMatter: "ACME-002" });
  });

  it("keeps an unknown push_type, naming the discriminator", async () => {
    expect((await rig.post(JSON.stringify({ push_type: "mystery", client_matter: "ACME-001" }))).status).toBe(200);
    expect((await quarantined(rig.stored.at(-1)!.id))?.quarantineReason).toMatch(/^schema: push_type: /);
  });

  it("keeps a body that is not UTF-8 (not a 400: it is authenticated)", async () => {
    const bytes = Buffer.concat([Buffer.from('{"push_type":"docket","client_matter":"ACME-001","court":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","docket":"1"}')]);
    const res = await rig.post(bytes);
    expect(res.status).toBe(200);
    const kept = await quarantined(rig.stored.at(-1)!.id);
    expect(kept?.quarantineReason).toMatch(/not valid UTF-8/);
    expect(kept?.body).toContain("\uFFFD");
    expect(kept?.clientMatter).toBe("ACME-001");
  });

  it("counts quarantines by reason", async () => {
    const text = await rig.metrics.render();
    expect(text).toMatch(/^docketbot_pushes_quarantined_total\{reason="invalid_json"\} 1$/m);
    expect(text).toMatch(/^docketbot_pushes_quarantined_total\{reason="schema"\} 2$/m);
    expect(text).toMatch(/^docketbot_pushes_quarantined_total\{reason="invalid_utf8"\} 1$/m);
  });
});

describe("duplicates", () => {
  it("stores the same body once, answers 200 both times, and logs the duplicate", async () => {
    const body = unique();
    const announced = rig.stored.length;
    expect((await rig.post(body)).status).toBe(200);
    const before = await stats();
    const again = await rig.post(body);
    expect(again.status).toBe(200);
    expect(await stats()).toEqual(before);
    expect(rig.stored.length).toBe(announced + 1); // only the first is announced to the outbox
    const id = rig.stored.at(-1)!.id;
    const dup = rig.logs.lines().find((l) => l.msg.startsWith("push duplicate") && l.push?.id === id);
    expect(dup?.push).toMatchObject({ duplicate: true, type: "docket", matter: "ACME-001", bytes: Buffer.byteLength(body) });
  });
});

describe("logging", () => {
  it("logs id, type, matter, bytes and routing at info, never the body's text", async () => {
    const marker = "UNIQUE-MARKER-7f3a9c";
    const body = docketPushBody("ACME-001", marker);
    expect((await rig.post(body)).status).toBe(200);
    const id = rig.stored.at(-1)!.id;
    const line = rig.logs.lines().find((l) => l.msg === "push stored" && l.push?.id === id);
    expect(line?.level).toBe(30);
    expect(line?.push).toEqual({ id, type: "docket", matter: "ACME-001", bytes: Buffer.byteLength(body), duplicate: false, routing: "held", deliveries: 0 });
    expect(typeof line?.ref).toBe("string"); // the request's correlation id
    expect(rig.logs.text()).not.toContain(marker);
  });

  it("writes one line per stored push (it stands for the access line); refused pushes keep the access line", async () => {
    expect((await rig.post(docketPushBody("ACME-001", "one-line"))).status).toBe(200);
    const id = rig.stored.at(-1)!.id;
    const line = rig.logs.lines().find((l) => l.msg === "push stored" && l.push?.id === id);
    expect(line).toMatchObject({ method: "POST", path: PATH, status: 200 });
    expect(typeof line?.ms).toBe("number");
    const access = (ref: unknown) => rig.logs.lines().filter((l) => l.msg === "http request" && l.ref === ref);
    expect(access(line?.ref)).toEqual([]);

    const res = await fetch(`${rig.url}${PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
    const refused = rig.logs.lines().filter((l) => l.msg === "http request" && l.status === 401);
    expect(refused.length).toBeGreaterThan(0);
  });
});

describe("concurrency", () => {
  it("answers 100 concurrent pushes 200 and stores all of them, committed in shared transactions", async () => {
    // A file database, so each COMMIT is a real fsync (WAL, synchronous=FULL) as in production;
    // and the sender in its own process, as the service is: a sender sharing our event loop can
    // only ever have one request ready at a time.
    const dir = mkdtempSync(join(tmpdir(), "docketbot-intake-"));
    const disk = await startRouteRig({ databasePath: join(dir, "docketbot.db") });
    try {
      const statuses = await sendConcurrently(`${disk.url}${PATH}`, AUTH, 100);
      expect(statuses).toEqual(Array.from({ length: 100 }, () => 200));
      expect((await disk.store.pushStats()).stored).toBe(100);
      const batches = disk.transactions.filter((t) => t.label === "storePush");
      expect(batches.reduce((n, t) => n + t.items, 0)).toBe(100);
      expect(batches.length).toBeLessThan(100);
    } finally {
      await disk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** POSTs `n` distinct docket pushes at once from a child process; resolves with their statuses. */
async function sendConcurrently(url: string, authorization: string, n: number): Promise<number[]> {
  const script = `
    const bodies = Array.from({ length: ${n} }, (_, i) => ${JSON.stringify(docketPushBody("ACME-001", "BURST"))}.replace("BURST", "burst-" + i));
    Promise.all(bodies.map((body) => fetch(process.env.PUSH_URL, {
      method: "POST", headers: { authorization: process.env.PUSH_AUTH, "content-type": "application/json" }, body,
    }).then((r) => r.status, () => 0))).then((s) => process.stdout.write(JSON.stringify(s)));`;
  const child = spawn(process.execPath, ["-e", script], { env: { PUSH_URL: url, PUSH_AUTH: authorization }, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const [code] = await once(child, "exit");
  expect(code).toBe(0);
  return JSON.parse(out) as number[];
}

/** A store whose storePush the test controls. */
function controlledStore(behaviour: (input: StorePushInput) => Promise<StorePushResult>): Store {
  return { storePush: behaviour } as unknown as Store;
}

describe("the store decides the answer", () => {
  let other: RouteRig | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it("answers 503 when the store fails, so the service retries", async () => {
    other = await startRouteRig({
      store: controlledStore(async () => {
        throw new StoreError(StoreErrorCode.Busy, "storePush", "storePush: database is busy");
      }),
    });
    const res = await other.post(unique());
    expect(res.status).toBe(503);
    expect(other.stored).toEqual([]);
    const line = other.logs.lines().find((l) => l.msg.startsWith("push not stored"));
    expect(line).toMatchObject({ level: 50, code: "store_busy" });
    expect(await other.metrics.render()).toMatch(/^docketbot_pushes_rejected_total\{reason="unavailable"\} 1$/m);
  });

  it("answers only once storePush has resolved", async () => {
    const commit = deferred<StorePushResult>();
    other = await startRouteRig({ store: controlledStore(() => commit.promise) });
    let answered = false;
    const res = other.post(unique()).then((r) => ((answered = true), r));
    await waitFor(() => other!.intake.inFlight === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    commit.resolve({ id: 1, duplicate: false, routing: "routed", deliveries: 2, channels: [{ teamId: "T1", channelId: "C1" }, { teamId: "T1", channelId: "C2" }] });
    expect((await res).status).toBe(200);
    expect(other.stored).toEqual([expect.objectContaining({ id: 1, routing: "routed", deliveries: 2 })]);
  });

  it("hands the store what the push names, from the one parse, quarantined or not", async () => {
    const inputs: StorePushInput[] = [];
    other = await startRouteRig({ store: controlledStore(async (input) => (inputs.push(input), { id: inputs.length, duplicate: false, routing: "routed", deliveries: 1, channels: [{ teamId: "T1", channelId: "C1" }] })) });
    expect((await other.post(unique())).status).toBe(200);
    const search = JSON.stringify({ push_type: "search_results", client_matter: "ACME-001", q: "widget patent", search_results: [] });
    expect((await other.post(search)).status).toBe(200);
    expect((await other.post(JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: "nysd", docket: "1:23-cv-1", docket_report: 7 }))).status).toBe(200);
    expect((await other.post("not json, not a case")).status).toBe(200);
    expect(inputs.map((i) => i.target)).toEqual([
      { court: "New York Southern District Court", docket: "1:23-cv-01234" }, { q: "widget patent" }, { court: "nysd", docket: "1:23-cv-1" }, null,
    ]);
    expect(inputs[2]!.quarantineReason).toMatch(/^schema: docket_report/);
  });

  it("drains at shutdown: pushes in flight are answered 200, new ones 503", async () => {
    const commit = deferred<StorePushResult>();
    other = await startRouteRig({ store: controlledStore(() => commit.promise) });
    const first = other.post(unique());
    await waitFor(() => other!.intake.inFlight === 1);
    let drained: boolean | undefined;
    const draining = other.intake.drain(5000).then((d) => (drained = d));
    const late = await other.post(unique());
    expect(late.status).toBe(503);
    expect(late.headers.get("connection")).toBe("close");
    expect(drained).toBeUndefined();
    commit.resolve({ id: 7, duplicate: false, routing: "held", deliveries: 0, channels: [] });
    expect((await first).status).toBe(200);
    await draining;
    expect(drained).toBe(true);
    expect(other.intake.inFlight).toBe(0);
  });

  it("a subscriber that throws or rejects changes nothing for the sender", async () => {
    let calls = 0;
    other = await startRouteRig({
      onStored: (e) => {
        calls += 1;
        if (e.id % 2 === 0) throw new Error("subscriber bug");
        return Promise.reject(new Error("async subscriber bug"));
      },
    });
    expect((await other.post(unique())).status).toBe(200);
    expect((await other.post(unique())).status).toBe(200);
    expect(calls).toBe(2);
    await waitFor(() => other!.logs.lines().filter((l) => l.msg === "onStored subscriber failed").length === 2);
    expect((await other.store.pushStats()).stored).toBe(2);
  });
});

async function waitFor(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error("waitFor: condition never held");
    await new Promise((r) => setTimeout(r, 5));
  }
}
