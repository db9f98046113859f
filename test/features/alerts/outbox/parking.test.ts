/**
 * No error class blocks a lane forever: a delivery failing with anything but Slack's rate limit,
 * network or 5xx is retried `maxFaults` times, then parked (dead, with its reason); the lane moves
 * on, and the channel and the admins are told which filing and why. Slack's outages still retry
 * without bound.
 */
import { afterEach, describe, expect, it } from "vitest";
import { StoreError, StoreErrorCode } from "../../../../src/store/errors.ts";
import type { SqliteStore } from "../../../../src/store/sqlite/sqlite-store.ts";
import { ACME, IP, docketPush, startRig, type Rig } from "./helpers.ts";

let rig: Rig;
afterEach(async () => {
  await rig?.close();
});

/** The outbox's store, refusing to record any filing whose text says POISON (as PostgreSQL refuses a NUL). */
const refusingPoison = (rigStore: SqliteStore) =>
  new Proxy(rigStore, {
    get(target, prop, receiver) {
      if (prop === "recordFilings") {
        return async (inputs: { summary: string }[]) => {
          if (inputs.some((f) => f.summary.includes("POISON"))) {
            throw new StoreError(StoreErrorCode.Failed, "recordFilings", "recordFilings failed: invalid byte sequence for encoding \"UTF8\": 0x00");
          }
          return target.recordFilings(inputs as never);
        };
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });

describe("faults are bounded: the lane moves on", () => {
  it("a store write the database refuses parks that delivery after maxFaults tries; the next alert posts; channel and admins are told", async () => {
    rig = await startRig({ policy: { maxFaults: 3 }, wrapStore: refusingPoison });
    await rig.link(ACME, "ACME-001");
    const poison = docketPush("ACME-001", 1, "3/4/2026");
    (poison.docket_report[0] as { contents: string }).contents = "ORDER POISON";
    const bad = poison.docket_report[0]!.number;
    await rig.push(poison);
    await rig.push(docketPush("ACME-001", 1, "3/5/2026"));
    await rig.drained();

    const [parked, next] = await rig.store.listDeliveries();
    expect(parked).toMatchObject({ state: "dead", deadReason: "store_failed", attempts: 3, faults: 2 });
    expect(parked!.lastError).toMatch(/recordFilings: recordFilings failed: invalid byte sequence/);
    expect(next).toMatchObject({ state: "sent" });

    const texts = rig.slack.state.messages(ACME).map((m) => m.text);
    expect(texts.find((t) => t.startsWith(":warning:"))).toBe(
      `:warning: An alert could not be posted here: Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234, entry No. ${bad} filed 3/4/2026. ` +
        "Reason: docketbot's database refused to save it.",
    );
    await rig.until(() => rig.slack.state.messages("D0ANN").length >= 1);
    const [dm] = rig.slack.state.messages("D0ANN").map((m) => m.text);
    expect(dm).toContain("could not be posted in <#C0ACME> and is parked");
    expect(dm).toContain(`entry No. ${bad} filed 3/4/2026`);
    expect(dm).toContain("docketbot's database refused to save it");
    expect((await rig.store.outboxStats()).byMatter).toEqual([expect.objectContaining({ pending: 0, dead: 1, sent: 1 })]);
    expect(rig.metrics.counts.get("docketbot_outbox_deliveries_retried_total reason=fault")).toBe(2);
  });

  it("an error of our own (not Slack's, not the store's) is a fault too", async () => {
    let calls = 0;
    rig = await startRig({
      policy: { maxFaults: 2 },
      wrapStore: (s) => new Proxy(s, {
        get(target, prop) {
          if (prop === "recordCaseAlert") return async () => { calls++; throw new TypeError("cannot read properties of undefined"); };
          const v = Reflect.get(target, prop) as unknown;
          return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      }),
    });
    await rig.link(ACME, "ACME-001");
    await rig.push(docketPush("ACME-001"));
    await rig.drained();
    expect(calls).toBe(2);
    expect((await rig.store.listDeliveries())[0]).toMatchObject({ state: "dead", deadReason: "internal_error" });
  });

  it("a Slack code nobody documents as try-again is parked after maxFaults, and the lane goes on", async () => {
    rig = await startRig({ policy: { maxFaults: 2 } });
    await rig.link(ACME, "ACME-001");
    rig.slack.faults.failNext("chat.postMessage", "some_new_refusal", 2);
    await rig.push(docketPush("ACME-001"));
    await rig.push(docketPush("ACME-001"));
    await rig.drained();
    expect((await rig.store.listDeliveries()).map((d) => [d.state, d.deadReason])).toEqual([["dead", "some_new_refusal"], ["sent", undefined]]);
    const warning = rig.slack.state.messages(ACME).map((m) => m.text).find((t) => t.startsWith(":warning:"));
    expect(warning).toMatch(/Reason: Slack answered `some_new_refusal`\.$/);
  });

  it("Slack's outages (5xx, network) are never parked, however long they last", async () => {
    rig = await startRig({ policy: { maxFaults: 2 } });
    await rig.link(IP, "ACME-001");
    rig.slack.faults.failNext("chat.postMessage", 503, 6);
    await rig.push(docketPush("ACME-001"));
    await rig.drained();
    expect((await rig.store.listDeliveries())[0]).toMatchObject({ state: "sent", faults: 0, attempts: 7 });
  });
});
