/**
 * Big push bodies are parsed in a worker thread (push-parser.ts), small ones in
 * process: both paths must give the very same verdict or refusal (interpret.ts is THE parse), for
 * valid, refused, quarantined and sanitized bodies alike, and a closed parser keeps working. The
 * worker exists only while big bodies come: started by the first, ended when idle. The worker hands
 * the body back as the UTF-8 of the verdict's text (transferred), so verdicts compare through it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { interpretPush, interpretPushYielding } from "../../../../src/features/alerts/intake/interpret.ts";
import { createPushParser, WORKER_ABOVE_BYTES } from "../../../../src/features/alerts/intake/push-parser.ts";
import type { Interpretation } from "../../../../src/features/alerts/intake/storable-verdict.ts";

const logger = pino({ level: "silent" });
/** Every body goes to the worker. */
const viaWorker = createPushParser({ logger, workerAboveBytes: 0 });
/** The production threshold. */
const production = createPushParser({ logger });
afterAll(async () => {
  await Promise.all([viaWorker.close(), production.close()]);
});

const docket = (entries: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    push_type: "docket", client_matter: "ACME-1", court: "New York Southern District Court", docket: "1:23-cv-01234",
    docket_report: Array.from({ length: entries }, (_, i) => ({ number: i + 1, date_filed: "2026-11-02", contents: `ORDER ${i + 1}: the motion is granted in part ${"x".repeat(60)}` })),
    ...extra,
  });
/** A fresh buffer that owns its memory (so it can be transferred), of the given text or bytes. */
const own = (body: string | Uint8Array) => {
  const src = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const out = new Uint8Array(new ArrayBuffer(src.byteLength));
  out.set(src);
  return out;
};

/** The verdict with the body it carries to the store as its text again: what interpretPush gives. */
const asParsed = (v: Interpretation) => {
  if (!("body" in v)) return v;
  const { body, ...rest } = v;
  return { ...rest, text: typeof body === "string" ? body : new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body) };
};

const BODIES: Record<string, string | Uint8Array> = {
  "a valid docket push": docket(3),
  "a valid search push with a byte order mark": `\uFEFF${JSON.stringify({ push_type: "search_results", client_matter: "IP-7", q: "widget", search_results: [] })}`,
  "duplicate keys": '{"push_type":"docket","client_matter":"A","client_matter":"B"}',
  "nesting too deep": `${"[".repeat(80)}${"]".repeat(80)}`,
  "a matter too long": JSON.stringify({ push_type: "docket", client_matter: "M".repeat(51) }),
  "not JSON": "SECRET not json",
  "not UTF-8": new Uint8Array([...new TextEncoder().encode('{"push_type":"search_results","client_matter":"IP-7","title":"'), 0xe9, 0x22, 0x7d]),
  "a schema failure": JSON.stringify({ push_type: "docket", client_matter: 5, docket_report: [1, 2, 3, 4] }),
  "unstorable characters": docket(2, { title: "NUL \u0000 here" }),
  "a big valid docket push (over 1 MB)": docket(20_000),
  "a big docket push with one bad entry": docket(20_000).replace('"number":19999', '"number":"nineteen"'),
};

describe("push parsing in a worker thread", () => {
  for (const [what, body] of Object.entries(BODIES)) {
    it(`gives the in-process verdict for ${what}`, async () => {
      const expected = interpretPush(own(body));
      const sent = own(body);
      const verdict = await viaWorker.interpret(sent);
      expect("body" in verdict && typeof verdict.body).not.toBe("string"); // UTF-8, transferred back
      expect(asParsed(verdict)).toEqual(expected);
      expect(sent.byteLength).toBe(0); // transferred, not copied
      expect(asParsed(await production.interpret(own(body)))).toEqual(await interpretPushYielding(own(body)));
    });
  }

  it("sends only bodies over the threshold to the worker by default", async () => {
    const small = own(docket(3));
    await production.interpret(small);
    expect(small.byteLength).toBeGreaterThan(0);
    const big = own(docket(20_000));
    expect(big.byteLength).toBeGreaterThan(WORKER_ABOVE_BYTES);
    await production.interpret(big);
    expect(big.byteLength).toBe(0);
  });

  it("answers many big bodies at once, each its own verdict", async () => {
    const bodies = [docket(9_000, { client_matter: "A-1" }), docket(9_000, { client_matter: "B-2" }), docket(9_000, { client_matter: "C-3" })];
    const verdicts = await Promise.all(bodies.map((b) => viaWorker.interpret(own(b))));
    expect(verdicts.map((v) => ("clientMatter" in v ? v.clientMatter : undefined))).toEqual(["A-1", "B-2", "C-3"]);
  });

  it("starts no worker until a big body arrives, and ends it once idle", async () => {
    const p = createPushParser({ logger, idleMs: 200 });
    try {
      expect(p.workerRunning()).toBe(false);
      await p.interpret(own(docket(3)));
      expect(p.workerRunning()).toBe(false);
      const first = own(docket(20_000));
      expect(asParsed(await p.interpret(first))).toEqual(interpretPush(own(docket(20_000))));
      expect(first.byteLength).toBe(0);
      expect(p.workerRunning()).toBe(true);
      await new Promise((r) => setTimeout(r, 600));
      expect(p.workerRunning()).toBe(false);
      // A later big body starts a new worker, and the old one's exit fails none of its parses.
      const again = own(docket(20_000, { client_matter: "B-2" }));
      const verdict = await p.interpret(again);
      expect(again.byteLength).toBe(0);
      expect("clientMatter" in verdict && verdict.clientMatter).toBe("B-2");
    } finally {
      await p.close();
    }
  });

  it("keeps its worker while big bodies keep coming", async () => {
    const p = createPushParser({ logger, idleMs: 300 });
    try {
      for (let i = 0; i < 4; i++) {
        await p.interpret(own(docket(20_000)));
        expect(p.workerRunning()).toBe(true);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await p.close();
    }
  });

  it("parses in process once closed", async () => {
    const p = createPushParser({ logger, workerAboveBytes: 0 });
    await p.close();
    const body = own(docket(3));
    expect(asParsed(await p.interpret(body))).toEqual(interpretPush(own(docket(3))));
    expect(body.byteLength).toBeGreaterThan(0);
  });
});
