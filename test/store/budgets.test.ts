import { afterEach, describe, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";
import { TEAM } from "./helpers.ts";

let o: Opened;
afterEach(async () => o?.store.close());

describeStores("budgets per matter (issue 14 item 3)", ({ open }) => {
  it("sets, replaces, lists and clears a matter's cap in exact cents", async () => {
    o = await open();
    await o.store.setBudget({ clientMatter: "ACME-1", monthlyCap: 500, setBy: "U1", teamId: "T1" });
    const replaced = await o.store.setBudget({ clientMatter: "ACME-1", monthlyCap: 250.1, askAbove: 0.05, setBy: "U2", teamId: "T1" });
    expect(replaced).toMatchObject({ clientMatter: "ACME-1", monthlyCap: 250.1, askAbove: 0.05, setBy: "U2" });
    expect(await o.store.budgetsOf(["ACME-1", "OTHER"])).toEqual([replaced]);
    expect(await o.store.clearBudget({ clientMatter: "ACME-1", userId: "U1", teamId: "T1" })).toBe(true);
    expect(await o.store.clearBudget({ clientMatter: "ACME-1", userId: "U1", teamId: "T1" })).toBe(false);
    expect(await o.store.budgetsOf(["ACME-1"])).toEqual([]);
  });

  it("claims each notice level once per matter and month", async () => {
    o = await open();
    const n = { clientMatter: "ACME-1", month: "2026-11", level: 80 };
    expect(await o.store.claimBudgetNotice(n)).toBe(true);
    expect(await o.store.claimBudgetNotice(n)).toBe(false);
    expect(await o.store.claimBudgetNotice({ ...n, level: 100 })).toBe(true);
    expect(await o.store.claimBudgetNotice({ ...n, month: "2026-12" })).toBe(true);
  });

  it("moves a fee action only from the state a click saw: two approvals run it once", async () => {
    o = await open();
    const a = await o.store.createFeeAction({
      teamId: TEAM, clientMatter: "ACME-1", requestedBy: "U1", channelId: "C1", kind: "ask", payload: "{}", expected: 0.09, status: "awaiting_approval",
      expiresAt: o.clock.now() + 60_000,
    });
    expect(await o.store.feeActionsAwaiting(["ACME-1"], 10)).toEqual([a]);
    const [first, second] = await Promise.all([
      o.store.moveFeeAction(a.id, { from: "awaiting_approval", to: "running", by: "UADMIN1" }),
      o.store.moveFeeAction(a.id, { from: "awaiting_approval", to: "running", by: "UADMIN2" }),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(first?.decidedBy).toBe("UADMIN1");
    expect(await o.store.feeActionsAwaiting(["ACME-1"], 10)).toEqual([]);
    expect((await o.store.moveFeeAction(a.id, { from: "running", to: "ran" }))?.decidedBy).toBe("UADMIN1");
    expect((await o.store.getFeeAction(a.id))?.status).toBe("ran");
  });

  it("a waiting action past its expiry moves only to expired, claimed once, and stops waiting", async () => {
    o = await open();
    const base = { teamId: TEAM, clientMatter: "ACME-1", requestedBy: "U1", channelId: "C1", kind: "ask", payload: "{}", expected: 0.09 } as const;
    const soon = await o.store.createFeeAction({ ...base, status: "awaiting_approval", expiresAt: o.clock.now() + 60_000 });
    const later = await o.store.createFeeAction({ ...base, status: "awaiting_confirm", expiresAt: o.clock.now() + 120_000 });
    expect(await o.store.nextFeeActionExpiry()).toBe(soon.expiresAt);
    expect(await o.store.expireFeeActions(10)).toEqual([]);
    await o.clock.advance(60_000);
    // A late approval cannot run it, even before any pass has expired it.
    expect(await o.store.moveFeeAction(soon.id, { from: "awaiting_approval", to: "running", by: "UADMIN" })).toBeUndefined();
    expect(await o.store.feeActionsAwaiting(["ACME-1"], 10)).toEqual([]);
    const [expired, again] = await Promise.all([o.store.expireFeeActions(10), o.store.expireFeeActions(10)]);
    expect([...expired!, ...again!].map((a) => [a.id, a.status])).toEqual([[soon.id, "expired"]]);
    expect(await o.store.nextFeeActionExpiry()).toBe(later.expiresAt);
    expect((await o.store.moveFeeAction(later.id, { from: "awaiting_confirm", to: "running", by: "U1" }))?.status).toBe("running");
    expect(await o.store.nextFeeActionExpiry()).toBeUndefined();
  });

  it("records where the requester's card is, once set through one method, and reads it back wherever the action is read", async () => {
    o = await open();
    const base = { teamId: TEAM, clientMatter: "ACME-1", requestedBy: "U1", channelId: "C1", kind: "ask", payload: "{}", expected: 0.09 } as const;
    const a = await o.store.createFeeAction({ ...base, status: "awaiting_approval", expiresAt: o.clock.now() + 60_000 });
    expect(a.card).toBeUndefined();
    expect(await o.store.setFeeActionCard(a.id, { channel: "C1", ts: "1700000000.000100" })).toBe(true);
    expect((await o.store.getFeeAction(a.id))?.card).toEqual({ channel: "C1", ts: "1700000000.000100" });
    // Replaced, and only a card's own fields are kept.
    const ephemeral = { responseUrl: "https://hooks.slack.com/actions/T1/1/x", until: o.clock.now() + 1_800_000, extra: "dropped" };
    expect(await o.store.setFeeActionCard(a.id, ephemeral)).toBe(true);
    expect((await o.store.feeActionsAwaiting(["ACME-1"], 10))[0]?.card).toEqual({ responseUrl: ephemeral.responseUrl, until: ephemeral.until });
    expect((await o.store.moveFeeAction(a.id, { from: "awaiting_approval", to: "denied", by: "UADMIN" }))?.card).toEqual({ responseUrl: ephemeral.responseUrl, until: ephemeral.until });
    expect(await o.store.setFeeActionCard(a.id + 1000, { channel: "C1", ts: "1.0" })).toBe(false);
    // The expiry pass gets the card with the action it expires.
    const b = await o.store.createFeeAction({ ...base, status: "awaiting_approval", expiresAt: o.clock.now() + 60_000 });
    await o.store.setFeeActionCard(b.id, { channel: "D1", ts: "2.0" });
    await o.clock.advance(60_000);
    expect((await o.store.expireFeeActions(10)).map((x) => x.card)).toEqual([{ channel: "D1", ts: "2.0" }]);
  });
});
