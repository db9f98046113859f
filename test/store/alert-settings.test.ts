import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isStoreError, StoreErrorCode } from "../../src/store/errors.ts";
import { DEFAULT_ALERT_SETTINGS } from "../../src/store/filing-records.ts";
import type { AlertSettings } from "../../src/store/store.ts";
import { describeStores, type Opened } from "./contract/stores.ts";
import { C_A, C_B } from "./helpers.ts";

const settings = (extra: Partial<AlertSettings> = {}): AlertSettings & { updatedBy: string } => ({
  ...C_A, postNotable: false, postRoutine: true, timeZone: "Europe/Paris", updatedBy: "U1", ...extra,
});

describeStores("channel alert settings", ({ open }) => {
  let s: Opened;
  beforeEach(async () => {
    s = await open();
  });
  afterEach(async () => s.store.close());

  it("an unconfigured channel reads the defaults", async () => {
    expect(await s.store.getAlertSettings(C_A)).toEqual({ ...C_A, ...DEFAULT_ALERT_SETTINGS });
    expect(await s.store.channelsWithDigests()).toEqual([]);
  });

  it("saves, replaces and reads a channel's settings", async () => {
    const saved = await s.store.saveAlertSettings(settings({ dailyAt: "08:30" }));
    expect(saved).toEqual({ ...settings({ dailyAt: "08:30" }), weeklyOn: undefined, updatedAt: s.clock.now() });
    expect(await s.store.getAlertSettings(C_A)).toEqual(saved);
    await s.clock.advance(10);
    const replaced = await s.store.saveAlertSettings(settings({ postNotable: true, weeklyOn: 1, updatedBy: "U2" }));
    expect(replaced).toMatchObject({ postNotable: true, dailyAt: undefined, weeklyOn: 1, updatedBy: "U2", updatedAt: s.clock.now() });
    expect(await s.store.getAlertSettings(C_B)).toEqual({ ...C_B, ...DEFAULT_ALERT_SETTINGS });
  });

  it("lists only channels with a digest", async () => {
    await s.store.saveAlertSettings(settings());
    await s.store.saveAlertSettings(settings({ ...C_B, weeklyOn: 5 }));
    await s.store.saveAlertSettings(settings({ channelId: "C0C", dailyAt: "07:00" }));
    expect((await s.store.channelsWithDigests()).map((c) => c.channelId)).toEqual(["C0B", "C0C"]);
  });

  it.each([
    ["a bad time", { dailyAt: "24:00" }],
    ["a time without minutes", { dailyAt: "9" }],
    ["a weekday past Saturday", { weeklyOn: 7 }],
    ["a fractional weekday", { weeklyOn: 1.5 }],
    ["an unknown zone", { timeZone: "Mars/Olympus_Mons" }],
  ])("refuses %s", async (_, bad) => {
    const err = await s.store.saveAlertSettings(settings(bad)).catch((e: unknown) => e);
    expect(isStoreError(err) && err.code).toBe(StoreErrorCode.InvalidInput);
    expect(await s.store.getAlertSettings(C_A)).toEqual({ ...C_A, ...DEFAULT_ALERT_SETTINGS });
  });
});
