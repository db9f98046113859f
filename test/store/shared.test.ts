/** The shared rate budget and login token (issue 17 item 3) on both stores. */
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";

describeStores("shared rate budget and token", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("admits at most `limit` starts in any window, and says when the next one is free", async () => {
    const rate = { limit: 3, windowMs: 60_000 };
    const first = await Promise.all([1, 2, 3, 4].map(() => s.store.takeRateSlot("search", rate)));
    expect(first.filter((r) => r.admitted)).toHaveLength(3);
    expect(first.find((r) => !r.admitted)).toEqual({ admitted: false, retryInMs: 60_000 });
    expect(await s.store.takeRateSlot("getdocket", rate)).toEqual({ admitted: true }); // its own budget
    await s.clock.advance(59_999);
    expect(await s.store.takeRateSlot("search", rate)).toEqual({ admitted: false, retryInMs: 1 });
    await s.clock.advance(1);
    expect(await s.store.takeRateSlot("search", rate)).toEqual({ admitted: true });
  });

  it("renews a token once for concurrent callers holding the same stale one", async () => {
    let logins = 0;
    const login = async () => ({ token: `tok-${++logins}`, renewsAt: s.clock.now() + 60_000 });
    expect(await s.store.readSharedToken("docket")).toBeUndefined();
    const got = await Promise.all([1, 2, 3].map(() => s.store.renewSharedToken("docket", undefined, login)));
    expect(new Set(got.map((g) => g.token))).toEqual(new Set(["tok-1"]));
    expect(logins).toBe(1);
    expect(await s.store.readSharedToken("docket")).toMatchObject({ token: "tok-1" });
    // Rejected by the service: one renewal, whoever asks.
    const again = await Promise.all([1, 2].map(() => s.store.renewSharedToken("docket", "tok-1", login)));
    expect(again.map((g) => g.token)).toEqual(["tok-2", "tok-2"]);
    await s.clock.advance(60_000); // past its renewal: renewed even though not rejected
    expect((await s.store.renewSharedToken("docket", "other", login)).token).toBe("tok-3");
  });
});
