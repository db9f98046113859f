import { describe, expect, it } from "vitest";
import { createAsyncGroupCommitter, type ItemResult } from "../../../src/store/sql/group-commit.ts";

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe("createAsyncGroupCommitter", () => {
  it("hands everything submitted in one macrotask to a single commit, in order", async () => {
    const batches: number[][] = [];
    const gc = createAsyncGroupCommitter<number, number>({
      commit: async (items) => {
        batches.push([...items]);
        return items.map((n) => ({ ok: true, value: n * 10 }));
      },
    });
    const results = await Promise.all([1, 2, 3, 4].map((n) => gc.submit(n)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it("nothing resolves before the commit has run", async () => {
    let committed = false;
    const gc = createAsyncGroupCommitter<number, boolean>({
      commit: async (items) => {
        committed = true;
        return items.map(() => ({ ok: true, value: true }));
      },
    });
    const p = gc.submit(1);
    await Promise.resolve();
    expect(committed).toBe(false);
    expect(gc.queued).toBe(1);
    expect(await p).toBe(true);
    expect(committed).toBe(true);
  });

  it("an item that failed alone rejects alone", async () => {
    const gc = createAsyncGroupCommitter<number, number>({
      commit: async (items) =>
        items.map((n): ItemResult<number> => (n === 2 ? { ok: false, error: new Error("bad 2") } : { ok: true, value: n })),
    });
    const out = await Promise.all([1, 2, 3].map((n) => settle(gc.submit(n))));
    expect(out.map((o) => o.ok)).toEqual([true, false, true]);
  });

  it("a failed transaction rejects every item of the batch, and the next batch still runs", async () => {
    let calls = 0;
    const gc = createAsyncGroupCommitter<number, number>({
      commit: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error("disk I/O error");
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    const out = await Promise.all([1, 2].map((n) => settle(gc.submit(n))));
    expect(out.every((o) => !o.ok && String((o as { error: unknown }).error).includes("disk I/O"))).toBe(true);
    expect(await gc.submit(3)).toBe(3);
  });

  it("a missing result is an error, not a hang", async () => {
    const gc = createAsyncGroupCommitter<number, number>({ commit: async () => [] });
    await expect(gc.submit(1)).rejects.toThrow(/no result/);
  });

  it("flush() commits whatever is queued, then resolves", async () => {
    const batches: number[] = [];
    const gc = createAsyncGroupCommitter<number, number>({
      maxWaitMs: 60_000,
      commit: async (items) => {
        batches.push(items.length);
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    const p = Promise.all([gc.submit(1), gc.submit(2)]);
    await gc.flush();
    expect(batches).toEqual([2]);
    expect(gc.queued).toBe(0);
    expect(await p).toEqual([1, 2]);
  });

  it("splits at maxBatch", async () => {
    const batches: number[] = [];
    const gc = createAsyncGroupCommitter<number, number>({
      maxBatch: 4,
      commit: async (items) => {
        batches.push(items.length);
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    await Promise.all(Array.from({ length: 10 }, (_, i) => gc.submit(i)));
    expect(batches).toEqual([4, 4, 2]);
  });

  it("batches run one after another; what arrives meanwhile is the next batch, in arrival order", async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const gc = createAsyncGroupCommitter<number, number>({
      commit: async (items) => {
        batches.push([...items]);
        if (batches.length === 1) await gate; // the first transaction is slow
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    const first = gc.submit(1);
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4].map((n) => gc.submit(n));
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1]]); // not side by side with the first
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });
});
