/**
 * Issue 16, item 4: the channel alert settings modal also sets the channel's court-date reminder
 * days; the submission reads only days the modal could have offered.
 */
import { describe, expect, it } from "vitest";
import { readSettingsForm } from "../../../../src/features/alerts/settings-form.ts";
import { renderAlertSettingsModal, SETTINGS_BLOCK, SETTINGS_ELEMENT, settingsMetadata } from "../../../../src/features/alerts/views/alert-settings-modal.ts";
import { expectValidView } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const metadata = settingsMetadata.mustEncode({ c: "C0ACME" });
const modal = (reminderDays: readonly number[] | undefined) =>
  renderAlertSettingsModal({ postNotable: true, postRoutine: false, timeZone: "America/New_York", reminderDays, privateMetadata: metadata, channelId: "C0ACME" });
const reminders = (values: unknown[]) => ({ [SETTINGS_BLOCK.reminders]: { [SETTINGS_ELEMENT.reminders]: { selected_options: values.map((value) => ({ value })) } } });

describe("court-date reminders in the alert settings", () => {
  it("offers the days with the channel's checked, keeping a day set by command", () => {
    const view = modal([10, 1]);
    expectValidView(view as never);
    const json = JSON.stringify(view);
    expect(json).toContain("Court-date reminders");
    expect(json).toContain('"initial_options":[{"text":{"type":"plain_text","text":"10 days before","emoji":true},"value":"10"},{"text":{"type":"plain_text","text":"1 day before","emoji":true},"value":"1"}]');
    expect(JSON.stringify(modal(undefined))).not.toContain("Court-date reminders");
  });

  it("reads the checked days, largest first; forged values are dropped; no input means unchanged", () => {
    expect(readSettingsForm(reminders(["1", "7", "7"]), { timeZone: "UTC" }).reminderDays).toEqual([7, 1]);
    expect(readSettingsForm(reminders(["-1", "999", "x", 3, null]), { timeZone: "UTC" }).reminderDays).toEqual([]);
    expect(readSettingsForm(reminders([]), { timeZone: "UTC" }).reminderDays).toEqual([]);
    expect(readSettingsForm({}, { timeZone: "UTC" }).reminderDays).toBeUndefined();
  });

  it("golden: 7 and 1 days", async () => {
    const view = modal([7, 1]);
    expectValidView(view as never);
    await expectGoldens(view, "./__goldens__/alert-settings-modal-reminders");
  });
});
