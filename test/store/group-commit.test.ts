import { describe, expect, it } from "vitest";
import { createAsyncGroupCommitter as createGroupCommitter, type ItemResult } from "../../src/store/sql/group-commit.ts";

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe("createGroupCommitter", () => {
  it("hands everything submitted in one macrotask to a single commit, in order", async () => {
    const batches: number[][] = [];
    const gc = createGroupCommitter<number, number>({
      commit: (items) => {
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
    const gc = createGroupCommitter<number, boolean>({
      commit: (items) => {
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
    const gc = createGroupCommitter<number, number>({
      commit: (items) =>
        items.map((n): ItemResult<number> => (n === 2 ? { ok: false, error: new Error("bad 2") } : { ok: true, value: n })),
    });
    const out = await Promise.all([1, 2, 3].map((n) => settle(gc.submit(n))));
    expect(out.map((o) => o.ok)).toEqual([true, false, true]);
  });

  it("a failed transaction rejects every item of the batch, and the next batch still runs", async () => {
    let calls = 0;
    const gc = createGroupCommitter<number, number>({
      commit: (items) => {
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
    const gc = createGroupCommitter<number, number>({ commit: () => [] });
    await expect(gc.submit(1)).rejects.toThrow(/no result/);
  });

  it("flush() commits synchronously whatever is queued", async () => {
    const batches: number[] = [];
    const gc = createGroupCommitter<number, number>({
      maxWaitMs: 60_000,
      commit: (items) => {
        batches.push(items.length);
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    const p = Promise.all([gc.submit(1), gc.submit(2)]);
    gc.flush();
    expect(batches).toEqual([2]);
    expect(gc.queued).toBe(0);
    expect(await p).toEqual([1, 2]);
  });

  it("splits at maxBatch", async () => {
    const batches: number[] = [];
    const gc = createGroupCommitter<number, number>({
      maxBatch: 4,
      commit: (items) => {
        batches.push(items.length);
        return items.map((n) => ({ ok: true, value: n }));
      },
    });
    await Promise.all(Array.from({ length: 10 }, (_, i) => gc.submit(i)));
    expect(batches).toEqual([4, 4, 2]);
  });
});
