/** Issue 5, Intake: what an authenticated body is: a valid push, or quarantine with a reason. */
import { describe, expect, it } from "vitest";
import { ENTRY_CHUNK, interpretPush as interpretOrRefuse, interpretPushYielding as yieldingOrRefuse, isRefusal, type PushRefusal, type PushVerdict } from "../../../../src/features/alerts/intake/interpret.ts";

/** The verdict of a body intake does not refuse (refusals: strict-parse.test.ts). */
function notRefused(v: PushVerdict | PushRefusal): PushVerdict {
  if (isRefusal(v)) throw new Error(`refused: ${v.reason}`);
  return v;
}
const interpretPush = (b: Uint8Array) => notRefused(interpretOrRefuse(b));
const interpretPushYielding = async (b: Uint8Array, y?: () => Promise<void>) => notRefused(await yieldingOrRefuse(b, y));
const bytes = (s: string) => Buffer.from(s, "utf8");
const valid = { push_type: "search_results", client_matter: "IP-7", q: "widget", search_results: [] };

describe("interpretPush", () => {
  it("reads each push type and keeps the text exactly", () => {
    const text = ` ${JSON.stringify(valid)}\n`;
    expect(interpretPush(bytes(text))).toEqual({ ok: true, text, pushType: "search_results", clientMatter: "IP-7", target: { q: "widget" } });
    const nc = interpretPush(bytes(JSON.stringify({ push_type: "new_case", client_matter: "", search_results: [] })));
    expect(nc).toMatchObject({ ok: true, pushType: "new_case", clientMatter: "" });
    expect(nc).not.toHaveProperty("target");
    const docket = { push_type: "docket", client_matter: "IP-7", court: "nysd", docket: "1:23-cv-01234", docket_report: [] };
    expect(interpretPush(bytes(JSON.stringify(docket)))).toMatchObject({ ok: true, target: { court: "nysd", docket: "1:23-cv-01234" } });
  });

  it("keeps a byte order mark in the text and parses past it", () => {
    const text = `\uFEFF${JSON.stringify(valid)}`;
    expect(interpretPush(bytes(text))).toMatchObject({ ok: true, text });
  });

  it("quarantines JSON that is not JSON, without quoting the body in the reason", () => {
    const v = interpretPush(bytes("SECRET-LOOKING-TEXT not json"));
    expect(v).toMatchObject({ ok: false, kind: "invalid_json" });
    expect(!v.ok && v.reason).toMatch(/^invalid JSON: /);
    expect(!v.ok && v.reason).not.toContain("SECRET-LOOKING-TEXT");
  });

  it("names the zod issue paths, a few at most", () => {
    const v = interpretPush(bytes(JSON.stringify({ push_type: "docket", client_matter: 5, docket_report: [1, 2, 3, 4] })));
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.kind).toBe("schema");
    expect(v.reason).toMatch(/^schema: client_matter: .*; court: .*; docket: .*; and \d+ more$/);
    expect(v.pushType).toBe("docket");
    expect(v.clientMatter).toBeUndefined(); // not a string: not a matter to list it under
  });

  it("says (root) for a body that is not an object", () => {
    expect(interpretPush(bytes("[1]"))).toMatchObject({ ok: false, kind: "schema", reason: expect.stringMatching(/^schema: \(root\): /) });
  });

  it("refuses a matter longer than the spec's 50 characters, naming the limit (issue 22)", () => {
    const v = interpretOrRefuse(bytes(JSON.stringify({ push_type: "nope", client_matter: "M".repeat(51) })));
    expect(v).toMatchObject({ refused: true, code: "invalid_client_matter", reason: expect.stringMatching(/51 characters long; the limit is 50/) });
  });

  it("quarantines bytes that are not UTF-8, even when they would be a valid push", () => {
    const body = Buffer.concat([bytes('{"push_type":"search_results","client_matter":"IP-7","title":"'), Buffer.from([0xe9]), bytes('"}')]);
    const v = interpretPush(body);
    expect(v).toMatchObject({ ok: false, kind: "invalid_utf8", pushType: "search_results", clientMatter: "IP-7" });
    expect(v.text).toBe('{"push_type":"search_results","client_matter":"IP-7","title":"\uFFFD"}');
    expect(interpretPush(Buffer.from([0xff, 0xfe, 0x00]))).toMatchObject({ ok: false, kind: "invalid_utf8" });
  });
});

describe("interpretPushYielding (issue 12: a big docket push is checked in chunks)", () => {
  const entry = (i: number) => ({ date: "3/4/2026", number: String(i), contents: `ORDER ${i}` });
  const big = (entries: unknown[]) => bytes(JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: "nysd", docket: "1:23-cv-01234", docket_report: entries, parties: [] }));

  it("gives interpretPush's verdict, yielding between chunks of entries", async () => {
    let yields = 0;
    const body = big(Array.from({ length: 2 * ENTRY_CHUNK + 5 }, (_, i) => entry(i)));
    const v = await interpretPushYielding(body, async () => void yields++);
    expect(v).toEqual(interpretPush(body));
    expect(v).toMatchObject({ ok: true, pushType: "docket", clientMatter: "ACME-001" });
    expect(yields).toBe(2);
  });

  it("quarantines a big push with a bad entry, naming its path", async () => {
    const entries: unknown[] = Array.from({ length: ENTRY_CHUNK + 10 }, (_, i) => entry(i));
    entries[1003] = { date: "3/4/2026" }; // no contents
    const v = await interpretPushYielding(big(entries), async () => undefined);
    expect(v).toMatchObject({ ok: false, kind: "schema", pushType: "docket", clientMatter: "ACME-001" });
    expect(!v.ok && v.reason).toMatch(/^schema: docket_report\.1003\.contents: /);
    expect(interpretPush(big(entries)).ok).toBe(false);
  });

  it("checks small pushes and other types in one go, as interpretPush", async () => {
    const small = big([entry(1)]);
    await expect(interpretPushYielding(small)).resolves.toEqual(interpretPush(small));
    await expect(interpretPushYielding(bytes("nope"))).resolves.toMatchObject({ ok: false, kind: "invalid_json" });
  });
});
