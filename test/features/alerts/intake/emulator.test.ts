/**
 * Issue 5, Intake, end to end: the sandbox emulator is the sender (a tracker created with the
 * docket client, pushes triggered on the emulator, basic auth embedded in the push URL as the spec
 * describes), the real bot (src/main.ts) the receiver, over loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StoreError, StoreErrorCode } from "../../../../src/store/errors.ts";
import type { PushRecord } from "../../../../src/store/store.ts";
import { ACME_CHANNEL, FLAGSHIP, startBotHarness, type BotHarness } from "../../../helpers/bot-harness.ts";
import { basic, docketPushBody } from "./helpers.ts";

const USER = "hook";
const PASS = "s3cret-push-pw";
const USER2 = "hook-rotated";
const PASS2 = "n3xt-push-pw";
const LIMIT = 65_536;

let h: BotHarness;
let pushUrl: (user: string, pass: string) => string;

beforeAll(async () => {
  h = await startBotHarness({
    env: { PUSH_USERNAME: USER, PUSH_PASSWORD: PASS, PUSH_USERNAME_2: USER2, PUSH_PASSWORD_2: PASS2, PUSH_MAX_BODY_BYTES: String(LIMIT) },
  });
  const { port } = new URL(h.bot.url);
  pushUrl = (user, pass) => `http://${user}:${pass}@127.0.0.1:${port}/docket/push`;
  await h.linkMatter(ACME_CHANNEL, "ACME-001");
  await h.bot.docket.track(FLAGSHIP, { enable: true, frequency: "realtime" }, { clientMatter: "ACME-001" });
  h.docket.setPushUrl("demo", pushUrl(USER, PASS));
});
afterAll(async () => {
  await h?.close();
});

const stored = async () => (await h.store.pushStats()).stored;

/** The stored push whose body is exactly `body` (ids are 1..n). */
async function pushWithBody(body: string): Promise<PushRecord | undefined> {
  const n = await stored();
  for (let id = n; id >= 1; id--) {
    const p = await h.store.getPush(id);
    if (p?.body === body) return p;
  }
  return undefined;
}

const post = (body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${h.bot.url}/docket/push`, {
    method: "POST",
    headers: { authorization: basic(USER, PASS), "content-type": "application/json", ...headers },
    body,
  });

describe("pushes from the emulator", () => {
  it("stores a real docket push durably and answers 200, routed to the matter's channel", async () => {
    const before = await stored();
    const [attempt] = await h.docket.triggerPush({ ...FLAGSHIP, entries: 1 });
    expect(attempt?.status).toBe(200);
    expect(await stored()).toBe(before + 1);
    const push = await pushWithBody(attempt!.payload);
    expect(push).toMatchObject({ pushType: "docket", clientMatter: "ACME-001", routing: "routed" });
    expect(push?.quarantineReason).toBeUndefined();
  });

  it("answers 401 to missing or wrong credentials and stores nothing", async () => {
    const before = await stored();
    for (const url of [pushUrl(USER, "wrong-password"), pushUrl("intruder", PASS), pushUrl(USER, PASS2), `${h.bot.url}/docket/push`]) {
      h.docket.setPushUrl("demo", url);
      const [attempt] = await h.docket.triggerPush({ ...FLAGSHIP, entries: 1 });
      expect(attempt?.status).toBe(401);
      expect(attempt?.willRetry).toBe(true); // the service will try again: nothing is lost
    }
    expect(await stored()).toBe(before);
  });

  it("accepts the second pair while credentials rotate", async () => {
    h.docket.setPushUrl("demo", pushUrl(USER2, PASS2));
    const [attempt] = await h.docket.triggerPush({ ...FLAGSHIP, entries: 1 });
    expect(attempt?.status).toBe(200);
    expect(await pushWithBody(attempt!.payload)).toBeDefined();
    h.docket.setPushUrl("demo", pushUrl(USER, PASS));
  });

  it("stores a push delivered twice (byte-identical) once; both deliveries get 200", async () => {
    h.docket.faults.setPushFaults({ duplicate: true });
    try {
      const before = await stored();
      const from = h.docket.pushes.length;
      await h.docket.triggerPush({ ...FLAGSHIP, entries: 1 });
      const attempts = h.docket.pushes.slice(from);
      expect(attempts).toHaveLength(2);
      expect(attempts[1]?.duplicate).toBe(true);
      expect(attempts[1]?.payload).toBe(attempts[0]?.payload);
      expect(attempts.map((a) => a.status)).toEqual([200, 200]);
      expect(await stored()).toBe(before + 1);
    } finally {
      h.docket.faults.setPushFaults({ duplicate: false });
    }
  });

  it("answers 503 when the store cannot commit, so the service retries", async () => {
    const original = h.store.storePush;
    h.store.storePush = async () => {
      throw new StoreError(StoreErrorCode.Busy, "storePush", "storePush: database is busy");
    };
    try {
      const before = await stored();
      const [attempt] = await h.docket.triggerPush({ ...FLAGSHIP, entries: 1 });
      expect(attempt?.status).toBe(503);
      expect(attempt?.willRetry).toBe(true);
      h.store.storePush = original;
      expect(await stored()).toBe(before);
    } finally {
      h.store.storePush = original;
    }
  });
});

describe("what the emulator never sends", () => {
  it("answers 415 to a body that is not JSON", async () => {
    const res = await post("court=nysd", { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(415);
  });

  it("answers 413 to a body just over PUSH_MAX_BODY_BYTES", async () => {
    const before = await stored();
    const base = docketPushBody("ACME-001", "big", { pad: "" });
    const over = base.replace('"pad":""', `"pad":"${"x".repeat(LIMIT + 1 - base.length)}"`);
    expect(Buffer.byteLength(over)).toBe(LIMIT + 1);
    expect((await post(over)).status).toBe(413);
    expect(await stored()).toBe(before);
  });

  it("quarantines invalid JSON and schema failures with the reason, answering 200", async () => {
    expect((await post("{not json")).status).toBe(200);
    const schemaFail = JSON.stringify({ push_type: "docket", client_matter: "ACME-001", court: FLAGSHIP.court });
    expect((await post(schemaFail)).status).toBe(200);
    const list = await h.store.listQuarantined({ limit: 10 });
    expect(list.find((p) => p.body === "{not json")?.quarantineReason).toMatch(/^invalid JSON/);
    expect(list.find((p) => p.body === schemaFail)?.quarantineReason).toMatch(/^schema: docket: /);
    // Visible to the matter's admins (scoped listing), never delivered.
    expect((await h.store.listQuarantined({ matters: ["ACME-001"] })).map((p) => p.body)).toContain(schemaFail);
  });

  it("answers 100 concurrent pushes 200 and stores every one", async () => {
    const before = await stored();
    const bodies = Array.from({ length: 100 }, (_, i) => docketPushBody("ACME-001", `e2e-burst-${i}`));
    const answers = await Promise.all(bodies.map((b) => post(b)));
    expect(answers.map((r) => r.status)).toEqual(bodies.map(() => 200));
    expect(await stored()).toBe(before + 100);
  });
});
