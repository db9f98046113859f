/**
 * Fee reservations: the cap check and the reservation are one step, so fee actions running side
 * by side (one process or two replicas of one database) never take a matter past its cap.
 */
import { afterEach, expect, it } from "vitest";
import type { FeeSpendState, ReserveFeeInput, Store, UsageEntry } from "../../src/store/store.ts";
import { describeStores } from "./contract/stores.ts";
import { TEAM } from "./helpers.ts";

const MONTH = { label: "2026-11", start: Date.UTC(2026, 10, 1), end: Date.UTC(2026, 11, 1) };
const sumPrices = (entries: readonly UsageEntry[]) => entries.reduce((s, e) => s + Math.round((e.price ?? 0) * 1e6), 0) / 1e6;
/** The cap rule: everything counted plus this one's price fits in the cap. */
const fits = (expected: number) => (s: FeeSpendState) =>
  !s.budget || Math.round((s.spent + s.held + expected) * 1e6) <= Math.round(s.budget.monthlyCap * 1e6);

function input(over: Partial<ReserveFeeInput> = {}): ReserveFeeInput {
  const expected = over.expected ?? 0.2;
  return {
    teamId: TEAM, clientMatter: "ACME-1", kind: "pacer", expected, month: MONTH, ttlMs: 600_000,
    ledgerSpend: sumPrices, admits: fits(expected), ...over,
  };
}

const reservedCount = (results: Awaited<ReturnType<Store["reserveFee"]>>[]) => results.filter((r) => "reserved" in r).length;

let stores: Store[] = [];
afterEach(async () => {
  for (const s of stores) await s.close();
  stores = [];
});

describeStores("fee reservations", ({ open, fresh }) => {
  it("50 reserves at once against a $1.00 cap with $0.40 spent: exactly three of $0.20 are held", async () => {
    const o = await open();
    stores.push(o.store);
    await o.store.setBudget({ teamId: "T0001", clientMatter: "ACME-1", monthlyCap: 1, setBy: "U1" });
    await o.store.recordUsage({ teamId: TEAM, clientMatter: "ACME-1", endpoint: "ask_docket", feeKind: "ai", mayHaveIncurredFees: true, price: 0.4, outcome: "ok" });
    const results = await Promise.all(Array.from({ length: 50 }, () => o.store.reserveFee(input())));
    expect(reservedCount(results)).toBe(3);
    const refused = results.find((r) => "refused" in r);
    expect(refused && "refused" in refused ? refused.refused : undefined).toMatchObject({ spent: 0.4, held: 0.6, budget: { monthlyCap: 1 } });
  });

  it("two stores on one database (two replicas): 50 reserves at once never pass the cap", async () => {
    const at = fresh();
    const a = await open({ at });
    const b = await open({ at, clock: a.clock });
    stores.push(a.store, b.store);
    await a.store.setBudget({ teamId: "T0001", clientMatter: "ACME-1", monthlyCap: 1, setBy: "U1" });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a.store : b.store).reserveFee(input())));
    expect(reservedCount(results)).toBe(5);
  });

  it("settled: its ledger rows count instead; released: nothing counts; expired: stops counting", async () => {
    const o = await open();
    stores.push(o.store);
    await o.store.setBudget({ teamId: "T0001", clientMatter: "ACME-1", monthlyCap: 0.4, setBy: "U1" });
    const first = await o.store.reserveFee(input());
    const second = await o.store.reserveFee(input());
    expect("reserved" in first && "reserved" in second).toBe(true);
    expect("refused" in (await o.store.reserveFee(input()))).toBe(true);
    if (!("reserved" in first) || !("reserved" in second)) return;
    // The first's call cost $0.10: its row is written, then it is settled.
    await o.store.recordUsage({ teamId: TEAM, clientMatter: "ACME-1", endpoint: "searchpacer", feeKind: "pacer_search", mayHaveIncurredFees: true, price: 0.1, outcome: "ok", correlationId: "r1" });
    expect(await o.store.settleFee(first.reserved.id, { correlationId: "r1" })).toBe(true);
    expect(await o.store.settleFee(first.reserved.id)).toBe(false);
    expect(await o.store.getFeeReservation(first.reserved.id)).toMatchObject({ status: "settled", correlationId: "r1", settledAt: Date.UTC(2026, 10, 23, 9) });
    // $0.10 spent + $0.20 held: room for nothing more of $0.20, but for $0.10.
    expect("refused" in (await o.store.reserveFee(input()))).toBe(true);
    const small = await o.store.reserveFee(input({ expected: 0.1 }));
    expect(small).toMatchObject({ reserved: { expected: 0.1, status: "held", month: "2026-11" }, state: { spent: 0.1, held: 0.2 } });
    expect(await o.store.releaseFee(second.reserved.id)).toBe(true);
    expect((await o.store.getFeeReservation(second.reserved.id))?.status).toBe("released");
    // A crash never ends the small one: it stops counting when it expires.
    await o.clock.advance(600_000);
    const after = await o.store.reserveFee(input());
    expect(after).toMatchObject({ state: { spent: 0.1, held: 0 } });
    if ("reserved" in small) expect((await o.store.getFeeReservation(small.reserved.id))?.status).toBe("expired");
  });

  it("a matter without a budget always reserves; another month's reservations do not count", async () => {
    const o = await open();
    stores.push(o.store);
    const r = await o.store.reserveFee(input({ clientMatter: "FREE-1" }));
    expect(r).toMatchObject({ reserved: { clientMatter: "FREE-1" }, state: { spent: 0, held: 0, budget: undefined } });
    await o.store.reserveFee(input({ month: { label: "2026-10", start: Date.UTC(2026, 9, 1), end: MONTH.start } }));
    expect(await o.store.reserveFee(input())).toMatchObject({ state: { held: 0 } });
    await expect(o.store.reserveFee(input({ clientMatter: "" }))).rejects.toMatchObject({ code: "store_invalid_input" });
  });
});
