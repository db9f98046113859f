import { createHolidayCalendar } from "../../../../src/holidays.ts";
/**
 * Issue 22, item 1: ONE strict parse of a push body, shared by routing, storing, dedupe and
 * rendering. Over real HTTP into each store (SQLite always, PostgreSQL with TEST_DATABASE_URL):
 * duplicate keys and bad matters are refused 422 with the problem named; text a store or Slack
 * cannot hold is replaced at intake, noted on the push, and what is stored is what renders; and a
 * fixed-seed fuzz over hostile bodies never gets a 5xx.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANITIZED_KEY } from "../../../../src/court/storable-text.ts";
import { planPush } from "../../../../src/features/alerts/outbox/push-plan.ts";
import { InvalidPushError } from "../../../../src/features/alerts/outbox/plan.ts";
import { describeStores } from "../../../store/contract/stores.ts";
import { docketPushBody, startRouteRig, type RouteRig } from "./helpers.ts";

const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const PLAN = { siteUrl: "https://www.docketalarm.com/", maxMessages: 5, holidays: createHolidayCalendar() };

describeStores("push intake's one strict parse", (kind) => {
  let rig: RouteRig;
  beforeAll(async () => {
    const { store } = await kind.open();
    rig = await startRouteRig({ store, maxBodyBytes: 1 << 20 });
  });
  afterAll(async () => {
    await rig.close();
    await rig.store.close();
  });
  const stored = async () => (await rig.store.pushStats()).stored;

  it("refuses a body with a duplicate key, naming it, and stores nothing", async () => {
    const before = await stored();
    // Routing (SQLite's json_extract) read the first docket, rendering (JSON.parse) the last.
    const body = docketPushBody("ACME-001", 1).replace('"docket":"1:23-cv-01234"', '"docket":"1:23-cv-01234","docket":"1:99-cv-09999"');
    const res = await rig.post(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ ok: false, code: "duplicate_keys", error: expect.stringContaining(": docket") });
    expect(await stored()).toBe(before);
  });

  it("finds duplicates anywhere in the tree, and spelled with escapes", async () => {
    const nested = docketPushBody("ACME-001", 2).replace('"number":"2"', '"number":"2","number":"3"');
    const r1 = await rig.post(nested);
    expect(r1.status).toBe(422);
    expect(((await r1.json()) as { error: string }).error).toContain("docket_report.0.number");
    const escaped = docketPushBody("ACME-001", 4).replace('"client_matter":"ACME-001"', '"client_matter":"ACME-001","client_m\\u0061tter":"OTHER-9"');
    const r2 = await rig.post(escaped);
    expect(r2.status).toBe(422);
    expect(((await r2.json()) as { error: string }).error).toContain("client_matter");
  });

  it.each([
    ["a NUL", "ACME\u0000001", /NUL character \(U\+0000\) at character 5/],
    ["a control character", "ACME\u0007", /control character \(U\+0007\)/],
    ["a lone surrogate", "ACME\ud800", /lone surrogate/],
    ["51 characters", "M".repeat(51), /51 characters long; the limit is 50/],
  ])("answers a client_matter with %s 422 naming the problem, never a 503", async (_what, matter, why) => {
    const res = await rig.post(docketPushBody(matter, 5));
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { code: string; error: string };
    expect(answer.code).toBe("invalid_client_matter");
    expect(answer.error).toMatch(why);
  });

  it("makes NULs, lone surrogates and controls storable, notes where, and stores what renders", async () => {
    const body = docketPushBody("ACME-001", 6, {
      info: { title: "Acme\u0000 v. Globex\ud800" },
      docket_report: [{ number: "6", date: "3/3/2026", contents: "ORDER\u0000 granting\u0007 the motion \ud83d\ude00" }],
    });
    const res = await rig.post(body);
    expect(res.status).toBe(200);
    const push = (await rig.store.getPush(rig.stored.at(-1)!.id))!;
    expect(push.body).not.toMatch(UNSTORABLE);
    const value = JSON.parse(push.body) as Record<string, any>;
    expect(value.info.title).toBe("Acme\ufffd v. Globex\ufffd");
    expect(value.docket_report[0].contents).toBe("ORDER\ufffd granting\ufffd the motion \ud83d\ude00"); // a real pair is kept
    expect(value[SANITIZED_KEY]).toEqual({ fields: ["info.title", "docket_report.0.contents"], count: 2 });
    const plan = await planPush(push.body, PLAN);
    expect(JSON.stringify(plan)).not.toMatch(/\\u0000|\\u0007|\\ud800/);
    expect(JSON.stringify(plan)).toContain("granting\ufffd");
  });

  it("fuzz (fixed seed): no hostile body gets a 5xx; stored text is storable and routes and renders as one value", async () => {
    const hostile = fc.oneof(
      fc.string({ unit: "binary", maxLength: 20 }),
      fc.constantFrom("\u0000", "\ud800", "\udfff", "\u0007\u001f", "\u202e", "<!channel>", "\\", '"', "\u2028", "\ufeff", "x".repeat(60)),
    );
    const entry = fc.record({ number: fc.oneof(hostile, fc.nat().map(String)), date: fc.constantFrom("3/3/2026", "", "not a date"), contents: hostile });
    const push = fc.record({
      push_type: fc.constantFrom("docket", "search_results", "new_case", "nope"),
      client_matter: fc.oneof(fc.constantFrom("ACME-001", "", "M".repeat(50)), hostile),
      court: hostile,
      docket: hostile,
      info: fc.record({ title: hostile }),
      docket_report: fc.array(entry, { maxLength: 4 }),
    });
    // Text-level damage JSON.stringify cannot make: duplicated keys, raw NUL bytes, cuts, nesting.
    const damage = fc.constantFrom<((s: string) => string)[]>(
      (s) => s,
      (s) => s.replace('"court":', '"court":"dup","court":'),
      (s) => s.replace(/"number":("[^"]*"|\d+)/, '"number":$1,"number":"9"'),
      (s) => s.replace(',"docket":', ',"\\u0064ocket":"x","docket":'),
      (s) => s.slice(0, Math.floor(s.length / 2)),
      (s) => `${s.slice(0, 10)}\u0000${s.slice(10)}`,
      (s) => `{"push_type":"docket","client_matter":"ACME-001","x":${"[".repeat(200)}${"]".repeat(200)}}`,
    );
    await fc.assert(
      fc.asyncProperty(push, damage, async (p, harm) => {
        const res = await rig.post(harm(JSON.stringify(p)));
        expect(res.status).toBeLessThan(500);
        if (res.status !== 200) {
          expect(res.status).toBe(422);
          expect(((await res.json()) as { error: string }).error).toBeTruthy();
          return;
        }
        const kept = (await rig.store.getPush(rig.stored.at(-1)?.id ?? -1))!;
        if (kept.routing === "quarantined") return;
        expect(kept.body).not.toMatch(UNSTORABLE);
        const value = JSON.parse(kept.body) as Record<string, unknown>;
        // Routing's column and the body the renderer reads name one matter.
        expect(kept.clientMatter ?? "").toBe(value.client_matter);
        try {
          const plan = await planPush(kept.body, PLAN);
          expect(JSON.stringify(plan)).not.toMatch(/\\u000[0-8bce]|\\u001|\\ud[89a-f]/i);
          if (plan.kind === "thread") expect(plan.docket).toBe(value.docket);
        } catch (e) {
          if (!(e instanceof InvalidPushError)) throw e;
        }
      }),
      { seed: 22, numRuns: 120 },
    );
  });
});
