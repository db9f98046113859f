import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { filing } from "./filing-input.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B } from "./helpers.ts";

describeStores("filings as delivered", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("records filings with every field and reads them back", async () => {
    const [f] = await s.store.recordFilings([filing(12, { deliveryId: 7, messageTs: "100.1" })]);
    expect(f).toEqual({
      ...filing(12, { deliveryId: 7, messageTs: "100.1" }),
      id: expect.any(Number),
      createdAt: s.clock.now(),
      docketedBy: undefined,
      docketedAt: undefined,
      assignee: undefined,
      assignedBy: undefined,
      assignedAt: undefined,
    });
    expect(await s.store.getFiling(f!.id)).toEqual(f);
    const bare = await s.store.recordFilings([
      filing(13, { entryNumber: undefined, entryDate: undefined, link: undefined, caseTitle: undefined }),
    ]);
    expect(bare[0]).toMatchObject({ entryNumber: undefined, entryDate: undefined, link: undefined, caseTitle: undefined, deliveryId: undefined });
  });

  it("is idempotent: a filing recorded again is returned unchanged, not doubled", async () => {
    const first = await s.store.recordFilings([filing(1), filing(2)]);
    await s.clock.advance(60_000);
    const again = await s.store.recordFilings([filing(2, { summary: "changed", shown: "thread" }), filing(3)]);
    expect(again[0]).toEqual(first[1]);
    expect(again[1]!.id).toBeGreaterThan(first[1]!.id);
    expect(await s.store.filingsBetween(C_A, 0, Number.MAX_SAFE_INTEGER, {})).toHaveLength(3);
    // The same entry in another channel, or of another case, is another filing.
    const other = await s.store.recordFilings([filing(1, C_B), filing(1, { docket: "1:24-cv-9" })]);
    expect(new Set([first[0]!.id, ...other.map((f) => f.id)]).size).toBe(3);
    expect(await s.store.recordFilings([])).toEqual([]);
  });

  // A big push's filings for one channel are written in a few statements whatever their number
  // (a statement per filing held a PostgreSQL connection for hundreds of round trips), in order,
  // each returned in its input's place: one named twice, or recorded before, is the same row.
  it("records a delivery's filings in a few statements, in order, repeats and all", async () => {
    const before = await s.store.recordFilings([filing(5)]);
    const inputs = [...Array.from({ length: 300 }, (_, i) => filing(1000 + i)), filing(5), filing(1000)];
    const statementsBefore = s.store.sqlCounts().statements;
    const out = await s.store.recordFilings(inputs);
    expect(s.store.sqlCounts().statements - statementsBefore).toBeLessThanOrEqual(8);
    expect(out.map((f) => f.entryKey)).toEqual(inputs.map((f) => f.entryKey));
    const ids = out.slice(0, 300).map((f) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(out[300]).toEqual(before[0]);
    expect(out[301]).toEqual(out[0]);
    expect(await s.store.filingsBetween(C_A, 0, Number.MAX_SAFE_INTEGER, {})).toHaveLength(301);
  });

  it("refuses a bad matter or level and records nothing of that batch", async () => {
    const bad = [filing(1), filing(2, { clientMatter: "" })];
    const err = await s.store.recordFilings(bad).catch((e: unknown) => e);
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.InvalidInput);
    const err2 = await s.store.recordFilings([filing(1), filing(2, { level: "loud" as never })]).catch((e: unknown) => e);
    expect(isStoreError(err2)).toBe(true);
    expect(await s.store.filingsBetween(C_A, 0, Number.MAX_SAFE_INTEGER, {})).toEqual([]);
  });

  it("attaches a message and lists a message's filings in recording order, within the wall", async () => {
    const fs = await s.store.recordFilings([filing(1), filing(2), filing(3), filing(4, { clientMatter: "BETA-7" })]);
    await s.store.attachFilingMessage([fs[2]!.id, fs[0]!.id, fs[3]!.id], "200.2");
    await s.store.attachFilingMessage([], "300.3");
    const shown = await s.store.filingsOfMessage(C_A, "200.2");
    expect(shown.map((f) => f.entryKey)).toEqual(["1", "3", "4"]);
    expect((await s.store.filingsOfMessage(C_A, "200.2", { matters: ["ACME-001"] })).map((f) => f.entryKey)).toEqual(["1", "3"]);
    expect(await s.store.filingsOfMessage(C_B, "200.2")).toEqual([]);
    expect((await s.store.getFiling(fs[0]!.id))?.messageTs).toBe("200.2");
  });

  it("lists the oldest filing first by the docket (its date, then its number), not by when its push arrived", async () => {
    // Pushes arrive out of order: #65 before #63, #9 (an earlier day) last, an unnumbered minute entry between.
    for (const f of [
      filing(65), filing(63), filing(100, { entryDate: "2026-11-21" }),
      filing(0, { entryKey: "minute", entryNumber: undefined, entryDate: "2026-11-20" }), filing(9, { entryDate: "2026-11-02" }),
    ]) {
      await s.store.recordFilings([f]);
      await s.clock.advance(1000);
    }
    expect((await s.store.undocketed(C_A, {}, 50)).map((f) => f.entryKey)).toEqual(["9", "minute", "63", "65", "100"]);
    expect((await s.store.undocketed(C_A, {}, 2)).map((f) => f.entryKey)).toEqual(["9", "minute"]);
  });

  it("keeps the wall on getFiling", async () => {
    const [f] = await s.store.recordFilings([filing(1)]);
    expect(await s.store.getFiling(f!.id, { matters: ["ACME-001"] })).toBeDefined();
    expect(await s.store.getFiling(f!.id, { matters: ["BETA-7"] })).toBeUndefined();
    expect(await s.store.getFiling(f!.id, { matters: [] })).toBeUndefined();
    expect(await s.store.getFiling(9999)).toBeUndefined();
  });

  it("lists the undocketed urgent and notable filings of a channel, oldest first, within the wall", async () => {
    await s.store.recordFilings([filing(1, { level: "notable", kind: "Motion" })]);
    await s.clock.advance(1000);
    const [, routine, , other] = await s.store.recordFilings([
      filing(2),
      filing(3, { level: "routine", kind: "Notice of appearance" }),
      filing(4, { shown: "muted" }),
      filing(5, { clientMatter: "BETA-7" }),
    ]);
    await s.store.recordFilings([filing(6, C_B)]);
    await s.clock.advance(1000);
    const [docketed] = await s.store.recordFilings([filing(7)]);
    await s.store.setDocketed(docketed!.id, { userId: "U1", docketed: true });

    const keys = async (scope: { matters?: string[] }, limit = 50) =>
      (await s.store.undocketed(C_A, scope, limit)).map((f) => f.entryKey);
    expect(await keys({})).toEqual(["1", "2", "4", "5"]);
    expect(await keys({ matters: ["ACME-001"] })).toEqual(["1", "2", "4"]);
    expect(await keys({ matters: [] })).toEqual([]);
    expect(await keys({}, 2)).toEqual(["1", "2"]);
    expect(routine!.level).toBe("routine");
    expect(other!.clientMatter).toBe("BETA-7");
    await s.store.setDocketed(docketed!.id, { userId: "U1", docketed: false });
    expect(await keys({ matters: ["ACME-001"] })).toEqual(["1", "2", "4", "7"]);
    const err = await s.store.undocketed(C_A, {}, -1).catch((e: unknown) => e);
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.InvalidInput);
  });

  it("lists a channel's filings created in [since, until), oldest first, within the wall", async () => {
    const t0 = s.clock.now();
    await s.store.recordFilings([filing(1)]);
    await s.clock.advance(1000);
    await s.store.recordFilings([filing(2), filing(3, { clientMatter: "BETA-7", level: "routine" }), filing(4, C_B)]);
    await s.clock.advance(1000);
    await s.store.recordFilings([filing(5)]);
    const keys = async (since: number, until: number, matters?: string[]) =>
      (await s.store.filingsBetween(C_A, since, until, { matters })).map((f) => f.entryKey);
    expect(await keys(t0, t0 + 2000)).toEqual(["1", "2", "3"]);
    expect(await keys(t0 + 1000, t0 + 2001)).toEqual(["2", "3", "5"]);
    expect(await keys(t0, t0 + 5000, ["ACME-001"])).toEqual(["1", "2", "5"]);
    expect(await keys(t0, t0 + 5000, [])).toEqual([]);
    expect(await keys(t0 + 2001, t0 + 5000)).toEqual([]);
  });
});
