import { describe, expect, it } from "vitest";
import { readSettingsForm } from "../../../src/features/alerts/settings-form.ts";
import { parseCommand } from "../../../src/slack/commands/grammar.ts";

const state = (classes: string[], daily: string | null, weekly: string | null, zone: string | null) => ({
  alert_settings_classes: { classes: { type: "checkboxes", selected_options: classes.map((value) => ({ value })) } },
  alert_settings_daily: { daily: { type: "static_select", selected_option: daily === null ? null : { value: daily } } },
  alert_settings_weekly: { weekly: { type: "static_select", selected_option: weekly === null ? null : { value: weekly } } },
  alert_settings_zone: { zone: { type: "static_select", selected_option: zone === null ? null : { value: zone } } },
});

describe("the settings form", () => {
  it("reads the modal's own choices", () => {
    expect(readSettingsForm(state(["notable", "routine"], "08:00", "1", "America/Chicago"), { timeZone: "America/New_York" })).toEqual({
      postNotable: true, postRoutine: true, dailyAt: "08:00", weeklyOn: 1, timeZone: "America/Chicago",
    });
    expect(readSettingsForm(state([], "off", "off", "UTC"), { timeZone: "America/New_York" })).toEqual({
      postNotable: false, postRoutine: false, dailyAt: undefined, weeklyOn: undefined, timeZone: "UTC",
    });
  });

  it("reads anything forged or missing as off or the current zone, never as an error", () => {
    expect(readSettingsForm(state(["urgent", "x"], "25:00", "7", "Mars/Olympus"), { timeZone: "Europe/London" })).toEqual({
      postNotable: false, postRoutine: false, dailyAt: undefined, weeklyOn: undefined, timeZone: "Europe/London",
    });
    expect(readSettingsForm(undefined, { timeZone: "" })).toMatchObject({ timeZone: "America/New_York", postNotable: false });
    expect(readSettingsForm({ alert_settings_daily: { daily: { selected_option: { value: { toString: 1 } } } } }, { timeZone: "UTC" }).dailyAt).toBeUndefined();
  });
});

describe("the alerts grammar", () => {
  it("alerts, alerts settings, and one line for anything else", () => {
    expect(parseCommand("alerts")).toEqual({ ok: true, command: { kind: "alerts" } });
    expect(parseCommand("ALERTS  Settings")).toEqual({ ok: true, command: { kind: "alerts_settings" } });
    const bad = parseCommand("alerts <!channel> please");
    expect(bad.ok).toBe(false);
    expect(bad.ok ? "" : bad.message).not.toContain("<!channel>");
  });
});
