import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B } from "./helpers.ts";

const DUE = Date.UTC(2026, 10, 24, 14, 0);
const SINCE = Date.UTC(2026, 10, 23, 14, 0);

describeStores("digest runs", ({ open, fresh }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("a run is created once per (channel, period, due time)", async () => {
    const first = await s.store.claimDigestRun({ ...C_A, period: "daily", dueAt: DUE, since: SINCE });
    expect(first).toEqual({
      created: true,
      run: { ...C_A, id: expect.any(Number), period: "daily", dueAt: DUE, since: SINCE, status: "pending", postedTs: undefined, finishedAt: undefined },
    });
    const again = await s.store.claimDigestRun({ ...C_A, period: "daily", dueAt: DUE, since: SINCE - 5 });
    expect(again).toEqual({ created: false, run: first.run });
    expect((await s.store.claimDigestRun({ ...C_A, period: "weekly", dueAt: DUE, since: SINCE })).created).toBe(true);
    expect((await s.store.claimDigestRun({ ...C_B, period: "daily", dueAt: DUE, since: SINCE })).created).toBe(true);
  });

  it("finishes a run once; the unfinished ones are listed oldest first", async () => {
    const a = (await s.store.claimDigestRun({ ...C_A, period: "daily", dueAt: DUE, since: SINCE })).run;
    const b = (await s.store.claimDigestRun({ ...C_B, period: "daily", dueAt: DUE - 1, since: SINCE })).run;
    expect((await s.store.unfinishedDigestRuns()).map((r) => r.id)).toEqual([b.id, a.id]);
    await s.clock.advance(100);
    const posted = await s.store.finishDigestRun(a.id, { status: "posted", postedTs: "500.5" });
    expect(posted).toEqual({ ...a, status: "posted", postedTs: "500.5", finishedAt: s.clock.now() });
    // A late second finish (a retry racing the first) changes nothing.
    expect(await s.store.finishDigestRun(a.id, { status: "empty" })).toEqual(posted);
    expect(await s.store.finishDigestRun(b.id, { status: "empty" })).toMatchObject({ status: "empty", postedTs: undefined });
    expect(await s.store.unfinishedDigestRuns()).toEqual([]);
    expect(await s.store.finishDigestRun(9999, { status: "empty" })).toBeUndefined();
  });

  it("the last run of a period is the latest due, whatever its status", async () => {
    expect(await s.store.lastDigestRun(C_A, "daily")).toBeUndefined();
    await s.store.claimDigestRun({ ...C_A, period: "daily", dueAt: DUE, since: SINCE });
    await s.store.claimDigestRun({ ...C_A, period: "daily", dueAt: DUE - 86_400_000, since: SINCE - 86_400_000 });
    await s.store.claimDigestRun({ ...C_A, period: "weekly", dueAt: DUE + 1, since: SINCE });
    expect(await s.store.lastDigestRun(C_A, "daily")).toMatchObject({ dueAt: DUE, status: "pending" });
    expect(await s.store.lastDigestRun(C_A, "weekly")).toMatchObject({ dueAt: DUE + 1 });
    expect(await s.store.lastDigestRun(C_B, "daily")).toBeUndefined();
  });

  it("a claimed run is still claimed and unfinished after a restart", async () => {
    const at = fresh();
    const first = await open({ at });
    const { run } = await first.store.claimDigestRun({ ...C_A, period: "daily", dueAt: DUE, since: SINCE });
    await first.store.close();
    const second = await open({ at });
    expect(await second.store.unfinishedDigestRuns()).toEqual([run]);
    expect(await second.store.claimDigestRun({ ...C_A, period: "daily", dueAt: DUE, since: SINCE })).toEqual({ created: false, run });
    await second.store.close();
  });
});
