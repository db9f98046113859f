/**
 * Alert settings from App Home (issue 12, item 3). Home belongs to a user, not a channel, so its
 * "Alert settings" button (admins only) opens a channel picker; submitting it replaces the picker
 * with that channel's settings modal, whose submission settings-command.ts handles as for
 * `/docket alerts settings`. A channel with no matter, or a user who is not an admin, gets the
 * same sentences as the command, on the picker's field.
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { buildContext } from "../../slack/context.ts";
import { tellUserPrivately } from "../../slack/outbound.ts";
import { slackRefusalText } from "../../slack/slack-errors.ts";
import { alertSettingsView, readOnlySettings, settingsRefusal } from "./settings-command.ts";
import { ALERT_SETTINGS_PICK_CALLBACK, PICK_BLOCK, PICK_ELEMENT, renderAlertSettingsPicker } from "./views/alert-settings-picker.ts";
import { ALERT_SETTINGS_HOME_ACTION } from "./views/home-alert-settings.ts";
import type { AlertsHandlerDeps } from "./deps.ts";

type ViewArg = Parameters<WebClient["views"]["open"]>[0]["view"];

export function registerAlertSettingsHome(app: App, deps: AlertsHandlerDeps): void {
  app.action<BlockAction<ButtonAction>>({ type: "block_actions", action_id: ALERT_SETTINGS_HOME_ACTION }, async ({ ack, body, client }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: undefined }, "action:alert_settings_home");
    try {
      await client.views.open({ trigger_id: body.trigger_id, view: renderAlertSettingsPicker() as unknown as ViewArg });
    } catch (error) {
      ctx.log.warn({ err: error }, "could not open the alert settings picker");
      await tellUserPrivately(client, ctx, undefined, slackRefusalText(error, { ref: ctx.log.ref }) ?? `I couldn't open alert settings. Try again. (ref ${ctx.log.ref})`);
    }
  });

  app.view(ALERT_SETTINGS_PICK_CALLBACK, async ({ ack, body, view }) => {
    const picked = view.state.values[PICK_BLOCK]?.[PICK_ELEMENT]?.selected_conversation;
    const channelId = typeof picked === "string" && /^[CG][A-Z0-9]{2,30}$/.test(picked) ? picked : undefined;
    if (!channelId) return void (await ack({ response_action: "errors", errors: { [PICK_BLOCK]: "Choose a channel (not a direct message)." } }));
    // A local store read or two: answered inside the acknowledgement (Slack: 3 seconds).
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "view:alert_settings_pick");
    // A member reads the channel's settings in a modal with nothing to submit (issue 25 item 11).
    if (!ctx.isAdmin && ctx.matters.length > 0) {
      const summary = await readOnlySettings(deps, { teamId: ctx.teamId, channelId });
      const readOnly = { type: "modal", title: { type: "plain_text", text: "Alert settings" }, close: { type: "plain_text", text: "Close" }, blocks: summary.blocks };
      return void (await ack({ response_action: "update", view: readOnly as unknown as ViewArg }));
    }
    const no = settingsRefusal(ctx);
    if (no) return void (await ack({ response_action: "errors", errors: { [PICK_BLOCK]: no } }));
    const next = await alertSettingsView(deps, { teamId: ctx.teamId, channelId });
    await ack({ response_action: "update", view: next as unknown as ViewArg });
  });
}
