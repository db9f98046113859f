/** claimOnce (issue 17 item 3) on both stores: first caller wins within the TTL, then the key is free again. */
import { afterEach, beforeEach, expect, it } from "vitest";
import { describeStores, type Opened } from "./contract/stores.ts";

describeStores("once keys", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("is true once per key and scope within the TTL", async () => {
    const k = { scope: "qa-message", key: "C1:1700000000.000100" };
    const first = await Promise.all([s.store.claimOnce(k, 60_000), s.store.claimOnce(k, 60_000), s.store.claimOnce(k, 60_000)]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await s.store.claimOnce({ ...k, scope: "admin-dm" }, 60_000)).toBe(true);
    await s.clock.advance(59_999);
    expect(await s.store.claimOnce(k, 60_000)).toBe(false);
    await s.clock.advance(1);
    expect(await s.store.claimOnce(k, 60_000)).toBe(true);
    await s.store.forgetOnce(k);
    expect(await s.store.claimOnce(k, 60_000)).toBe(true);
  });
});
