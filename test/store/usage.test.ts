import { afterEach, describe, expect, it } from "vitest";
import { utcMonthBounds } from "../../src/store/usage-rules.ts";
import type { UsageEntryInput } from "../../src/store/store.ts";
import { FakeClock } from "../helpers/fake-clock.ts";
import { describeStores, type Opened } from "./contract/stores.ts";

const call = (over: Partial<UsageEntryInput> = {}): UsageEntryInput => ({
  teamId: "T1",
  userId: "U1",
  channelId: "C1",
  clientMatter: "ACME-001",
  endpoint: "getdocket",
  feeKind: "none",
  mayHaveIncurredFees: false,
  outcome: "ok",
  correlationId: "1a2b3c4d",
  ...over,
});

describeStores("usage ledger", ({ open, fresh }) => {
  let s: Opened;
  afterEach(async () => s.store.close());

  it("records every call with the clock's time", async () => {
    s = await open();
    const e = await s.store.recordUsage(call({ price: 0.25, feeKind: "ai", mayHaveIncurredFees: true, endpoint: "ask_docket" }));
    expect(e).toMatchObject({ ...call({ price: 0.25, feeKind: "ai", mayHaveIncurredFees: true, endpoint: "ask_docket" }), at: s.clock.now() });
    expect(e.id).toBeGreaterThan(0);
  });

  it("notes a live document's page count on its call, found by correlation id and endpoint (issue 14 item 4)", async () => {
    s = await open();
    await s.store.recordUsage(call({ endpoint: "getdocument", correlationId: "ref-1" }));
    const later = await s.store.recordUsage(call({ endpoint: "getdocument", correlationId: "ref-1" }));
    expect(await s.store.recordPages({ correlationId: "ref-1", endpoint: "getdocument", pages: 12 })).toBe(true);
    expect(await s.store.recordPages({ correlationId: "ref-unknown", endpoint: "getdocument", pages: 3 })).toBe(false);
    const { start, end } = utcMonthBounds(s.clock.now());
    const entries = await s.store.usageEntries({ matters: ["ACME-001"], start, end, limit: 10 });
    // The newest matching call gets the pages; the earlier one keeps none.
    expect(entries.map((e) => [e.id, e.pages])).toEqual([[entries[0]!.id, undefined], [later.id, 12]]);
  });

  it("month-to-date per matter: calls, fee-bearing calls, priced calls and exact spend", async () => {
    s = await open();
    await s.store.recordUsage(call());
    for (let i = 0; i < 3; i++) await s.store.recordUsage(call({ endpoint: "ask_docket", feeKind: "ai", mayHaveIncurredFees: true, price: 0.1 }));
    await s.store.recordUsage(call({ endpoint: "searchpacer", feeKind: "pacer_search", mayHaveIncurredFees: true }));
    await s.store.recordUsage(call({ outcome: "not_found" }));
    await s.store.recordUsage(call({ clientMatter: "BETA-7", price: 9 }));
    await s.store.recordUsage(call({ clientMatter: "", price: 5 }));

    const since = Date.UTC(2026, 10, 1);
    expect(await s.store.usageMonthToDate(["ACME-001", "NEVER-USED"])).toEqual([
      // 0.1 + 0.1 + 0.1 is 0.30000000000000004 in floats; the ledger sums micro-dollars.
      { clientMatter: "ACME-001", calls: 6, feeBearingCalls: 4, pricedCalls: 3, pricedSpend: 0.3, since },
      { clientMatter: "NEVER-USED", calls: 0, feeBearingCalls: 0, pricedCalls: 0, pricedSpend: 0, since },
    ]);
  });

  it("counts only the current UTC month of the injected clock", async () => {
    // One millisecond before November starts (UTC).
    const clock = new FakeClock(Date.UTC(2026, 9, 31, 23, 59, 59, 999));
    s = await open({ clock });
    await s.store.recordUsage(call({ price: 1 })); // October
    expect((await s.store.usageMonthToDate(["ACME-001"]))[0]).toMatchObject({ calls: 1, pricedSpend: 1, since: Date.UTC(2026, 9, 1) });

    await clock.advance(1); // 2026-11-01T00:00:00.000Z
    expect((await s.store.usageMonthToDate(["ACME-001"]))[0]).toMatchObject({ calls: 0, pricedSpend: 0, since: Date.UTC(2026, 10, 1) });
    await s.store.recordUsage(call({ price: 2 })); // November, at the very first millisecond
    expect((await s.store.usageMonthToDate(["ACME-001"]))[0]).toMatchObject({ calls: 1, pricedSpend: 2 });

    await clock.advance(Date.UTC(2026, 11, 1) - clock.now() - 1); // last millisecond of November
    expect((await s.store.usageMonthToDate(["ACME-001"]))[0]).toMatchObject({ calls: 1 });
    await clock.advance(1); // December
    expect((await s.store.usageMonthToDate(["ACME-001"]))[0]).toMatchObject({ calls: 0, since: Date.UTC(2026, 11, 1) });
  });

  it("a call dated in the next month (a clock that stepped back) is not counted in this one", async () => {
    const at = fresh();
    const december = await open({ at, clock: new FakeClock(Date.UTC(2026, 11, 1)) });
    await december.store.recordUsage(call());
    await december.store.close();
    s = await open({ at, clock: new FakeClock(Date.UTC(2026, 10, 30, 23, 59, 59, 999)) });
    expect((await s.store.usageMonthToDate(["ACME-001"]))[0]).toMatchObject({ calls: 0 });
    await s.store.close();
    s = await open({ at, clock: new FakeClock(Date.UTC(2026, 11, 1)) });
    expect((await s.store.usageMonthToDate(["ACME-001"]))[0]).toMatchObject({ calls: 1 });
  });

  it("utcMonthBounds handles the year end", () => {
    expect(utcMonthBounds(Date.UTC(2026, 11, 31, 23, 59))).toEqual({ start: Date.UTC(2026, 11, 1), end: Date.UTC(2027, 0, 1) });
    expect(utcMonthBounds(Date.UTC(2027, 0, 1))).toEqual({ start: Date.UTC(2027, 0, 1), end: Date.UTC(2027, 1, 1) });
  });
});
