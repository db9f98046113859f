/**
 * Alert settings from App Home (issue 12, item 3): admins see the entry, members don't; the button
 * opens a channel picker, a channel without a matter is refused on the field, and a linked one
 * turns into that channel's settings modal, whose submission is stored. The entry's view has its
 * golden and validity checks here too.
 */
import { expectValidMessage } from "../../helpers/blockkit.ts";
import { renderAlertSettingsReadOnly } from "../../../src/features/alerts/views/alert-settings-saved.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderHome } from "../../../src/features/home/views/home.ts";
import { renderAlertSettingsPicker } from "../../../src/features/alerts/views/alert-settings-picker.ts";
import { homeAlertSettingsBlocks } from "../../../src/features/alerts/views/home-alert-settings.ts";
import { expectValidView } from "../../helpers/blockkit.ts";
import { expectGoldens } from "../../helpers/golden.ts";
import { ACME_CHANNEL, ADMIN, IP_CHANNEL, MEMBER, TEAM, startBotHarness, type BotHarness } from "../../helpers/bot-harness.ts";

describe("the Home entry and picker views", () => {
  it("admins change, members view (issue 25 item 11); golden with the picker", async () => {
    expect(JSON.stringify(homeAlertSettingsBlocks({ isAdmin: false }))).toContain("View alert settings");
    expect(JSON.stringify(homeAlertSettingsBlocks({ isAdmin: false }))).toContain("Only docketbot admins can change them.");
    const home = renderHome(
      { recent: [], matters: [], trackers: [], channelsKnown: true, qaEnabled: false, alertSettings: homeAlertSettingsBlocks({ isAdmin: true }) },
      { siteUrl: "https://site.example/" },
    );
    expectValidView(home as never);
    const picker = renderAlertSettingsPicker();
    expectValidView(picker as never);
    await expectGoldens([{ blocks: homeAlertSettingsBlocks({ isAdmin: true }) }, picker], "./views/__goldens__/alert-settings-home");
  });

  it("the read-only settings a member sees: valid, golden, hostile ids defused", async () => {
    const m = renderAlertSettingsReadOnly({ postNotable: true, postRoutine: false, dailyAt: "07:00", timeZone: "America/New_York", admins: ["U0ADMIN", "<!channel>"], updatedBy: "U0ANN" });
    expectValidMessage(m);
    expect(JSON.stringify(m)).not.toContain("<!channel>");
    expect(JSON.stringify(m.blocks)).toContain("Only docketbot admins can change them: <@U0ADMIN>. Last changed by <@U0ANN>.");
    await expectGoldens(m, "./views/__goldens__/alert-settings-read-only");
  });
});

describe("Alert settings from App Home", () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness();
    await h.linkMatter(ACME_CHANNEL, "ACME-001");
  });
  afterAll(async () => {
    await h?.close();
  });
  const homeOf = (user: string) => JSON.stringify(h.slack.state.homeView(user)?.blocks ?? []);
  const topModal = (user: string) => h.slack.state.modals(user).at(-1)?.view;

  it("members may view a channel's settings read-only (issue 25 item 11)", async () => {
    await h.slack.openAppHome(MEMBER);
    await h.slack.waitFor(() => homeOf(MEMBER).includes("View alert settings"), { what: "Home" });
    const home = h.slack.state.homeView(MEMBER)!;
    await h.slack.sendBlockAction({ user: MEMBER, view: home.id, actionId: "alert_settings_home" });
    await h.slack.waitFor(() => topModal(MEMBER)?.callback_id === "alert_settings_pick", { what: "the picker" });
    const next = await h.slack.sendViewSubmission({ user: MEMBER, values: { alert_settings_channel: ACME_CHANNEL } });
    expect(next.body).toMatchObject({ response_action: "update" });
    const view = JSON.stringify(topModal(MEMBER));
    expect(view).toContain("This channel's alert settings");
    expect(view).toContain("Only docketbot admins can change them");
    expect(view).not.toContain('"submit"');
  });

  it("an admin picks a channel: no matter is refused on the field, a linked one opens its settings and saves", async () => {
    await h.slack.openAppHome(ADMIN);
    await h.slack.waitFor(() => homeOf(ADMIN).includes("alert_settings_home"), { what: "the entry" });
    const home = h.slack.state.homeView(ADMIN)!;
    await h.slack.sendBlockAction({ user: ADMIN, view: home.id, actionId: "alert_settings_home" });
    await h.slack.waitFor(() => topModal(ADMIN)?.callback_id === "alert_settings_pick", { what: "the picker" });

    const refused = await h.slack.sendViewSubmission({ user: ADMIN, values: { alert_settings_channel: IP_CHANNEL } });
    expect(refused.body).toMatchObject({ response_action: "errors", errors: { alert_settings_channel: expect.stringContaining("isn't linked to a client matter") } });

    const next = await h.slack.sendViewSubmission({ user: ADMIN, values: { alert_settings_channel: ACME_CHANNEL } });
    expect(next.body).toMatchObject({ response_action: "update" });
    expect(topModal(ADMIN)?.callback_id).toBe("alert_settings_modal");
    await h.slack.sendViewSubmission({ user: ADMIN, values: { alert_settings_classes: ["notable"], alert_settings_daily: "07:00", alert_settings_weekly: "off", alert_settings_zone: "America/Los_Angeles" } });
    await h.slack.waitFor(() => h.slack.callsTo("chat.postMessage").find((c) => c.params.channel === ACME_CHANNEL && String(c.params.text).includes("alert settings")), { what: "the confirmation" });
    expect(await h.store.getAlertSettings({ teamId: TEAM, channelId: ACME_CHANNEL })).toMatchObject({ dailyAt: "07:00", timeZone: "America/Los_Angeles", postRoutine: false });
  });
});
