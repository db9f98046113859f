import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B } from "./helpers.ts";

const KEY = { ...C_A, court: "S.D.N.Y.", docket: "1:23-cv-01234" };
const DAY = 86_400_000;

describeStores("case snoozes", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("an 'until' snooze is in force until its end, then is none", async () => {
    const until = s.clock.now() + 7 * DAY;
    const snooze = await s.store.snoozeCase({ ...KEY, clientMatter: "ACME-001", mode: "until", until, by: "U1" });
    expect(snooze).toEqual({ ...KEY, clientMatter: "ACME-001", mode: "until", until, by: "U1", at: s.clock.now() });
    expect(await s.store.activeSnooze(KEY)).toEqual(snooze);
    expect(await s.store.activeSnooze(KEY, until - 1)).toEqual(snooze);
    expect(await s.store.activeSnooze(KEY, until)).toBeUndefined();
    await s.clock.advance(7 * DAY);
    expect(await s.store.activeSnooze(KEY)).toBeUndefined();
  });

  it("'next_order' and 'unmuted' snoozes last until lifted", async () => {
    await s.store.snoozeCase({ ...KEY, clientMatter: "ACME-001", mode: "next_order", by: "U1" });
    expect(await s.store.activeSnooze(KEY, s.clock.now() + 365 * DAY)).toMatchObject({ mode: "next_order", until: undefined });
    // Snoozing again replaces the mode; an until given with another mode is not kept.
    await s.store.snoozeCase({ ...KEY, clientMatter: "ACME-001", mode: "unmuted", until: 5, by: "U2" });
    expect(await s.store.activeSnooze(KEY, s.clock.now() + 365 * DAY)).toMatchObject({ mode: "unmuted", until: undefined, by: "U2" });
    expect(await s.store.unsnoozeCase({ ...KEY, by: "U1" })).toBe(true);
    expect(await s.store.unsnoozeCase({ ...KEY, by: "U1" })).toBe(false);
    expect(await s.store.activeSnooze(KEY)).toBeUndefined();
  });

  it("is per channel and per case", async () => {
    await s.store.snoozeCase({ ...KEY, clientMatter: "ACME-001", mode: "unmuted", by: "U1" });
    expect(await s.store.activeSnooze({ ...KEY, ...C_B })).toBeUndefined();
    expect(await s.store.activeSnooze({ ...KEY, docket: "1:24-cv-9" })).toBeUndefined();
  });

  it("refuses an 'until' snooze without its end", async () => {
    const err = await s.store.snoozeCase({ ...KEY, clientMatter: "ACME-001", mode: "until", by: "U1" }).catch((e: unknown) => e);
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.InvalidInput);
    expect(await s.store.activeSnooze(KEY)).toBeUndefined();
  });
});
