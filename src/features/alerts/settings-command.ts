/**
 * Channel alert settings (issue 12, item 3): `/docket alerts settings` opens the modal for admins;
 * its submission is stored (saveAlertSettings) and the channel is told who changed what. Anyone
 * else gets one sentence. The modal carries its channel in private_metadata, and the submission
 * checks again that the submitter is an admin and the channel still has a matter (a submission can
 * be forged or arrive after an unlink).
 */
import type { App } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { ModalView } from "../../slack/blockkit/blocks.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { postMessage, tellUserPrivately } from "../../slack/outbound.ts";
import { slackRefusalText } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { readSettingsForm } from "./settings-form.ts";
import { ALERT_SETTINGS_CALLBACK, renderAlertSettingsModal, settingsMetadata } from "./views/alert-settings-modal.ts";
import { renderAlertSettingsReadOnly, renderAlertSettingsSaved } from "./views/alert-settings-saved.ts";
import type { AlertsHandlerDeps } from "./deps.ts";

export const SETTINGS_NOT_ADMIN = "Only docketbot admins can change this channel's alert settings. Ask one of them to run `/docket alerts settings`.";
export const SETTINGS_NO_MATTER = "This channel isn't linked to a client matter, so it has no alerts to set up. Link one with `/docket matter link ACME-001`.";
const STALE_FORM = "That settings form is out of date, so I saved nothing. Run `/docket alerts settings` again.";

type ViewArg = Parameters<WebClient["views"]["open"]>[0]["view"];

function refusal(ctx: RequestContext): string | undefined {
  if (!ctx.isAdmin) return SETTINGS_NOT_ADMIN;
  if (ctx.matters.length === 0 || !ctx.channelId) return SETTINGS_NO_MATTER;
  return undefined;
}

/** The settings modal of a channel, with what is stored (the caller has checked the user may). */
export async function alertSettingsView(deps: AlertsHandlerDeps, channel: { teamId: string; channelId: string }): Promise<ModalView> {
  const current = await deps.store.getAlertSettings(channel);
  const reminders = await deps.store.getReminderSettings(channel);
  return renderAlertSettingsModal({
    ...current, reminderDays: reminders.daysBefore, channelId: channel.channelId, privateMetadata: settingsMetadata.mustEncode({ c: channel.channelId }),
  });
}

/** The channel's settings, read-only, for a member who may not change them. */
export async function readOnlySettings(deps: Pick<AlertsHandlerDeps, "store" | "admins">, channel: { teamId: string; channelId: string }) {
  const current = await deps.store.getAlertSettings(channel);
  return renderAlertSettingsReadOnly({ ...current, admins: [...deps.admins].sort() });
}

/** Refusal for opening or saving a channel's settings: not an admin, or no matter linked. */
export function settingsRefusal(ctx: RequestContext): string | undefined {
  return refusal(ctx);
}

export function registerAlertSettings(app: App, router: CommandRouter, deps: AlertsHandlerDeps): void {
  router.on("alerts_settings", async ({ ack, ctx, payload, client, respond }) => {
    // Everyone may read the channel's settings (issue 25 item 11); only admins get the form.
    if (!ctx.isAdmin && ctx.matters.length > 0 && ctx.channelId) {
      return void (await ack({ response_type: "ephemeral", ...(await readOnlySettings(deps, { teamId: ctx.teamId, channelId: ctx.channelId })) }));
    }
    const no = refusal(ctx);
    if (no) return void (await ack({ response_type: "ephemeral", text: no }));
    await ack();
    try {
      const view = await alertSettingsView(deps, { teamId: ctx.teamId, channelId: ctx.channelId! });
      await client.views.open({ trigger_id: payload.trigger_id, view: view as unknown as ViewArg });
    } catch (error) {
      ctx.log.warn({ err: error }, "could not open the alert settings modal");
      await respond({ response_type: "ephemeral", text: slackRefusalText(error, { ref: ctx.log.ref }) ?? userMessageFor(error, { ref: ctx.log.ref }) });
    }
  });

  app.view(ALERT_SETTINGS_CALLBACK, async ({ ack, body, view, client }) => {
    // Acknowledged at once: the modal closes; the outcome is told in the channel or privately.
    await ack();
    const meta = settingsMetadata.decode(view.private_metadata);
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: meta?.c }, "view:alert_settings");
    if (!meta) return void (await tellUserPrivately(client, ctx, undefined, STALE_FORM));
    const no = refusal(ctx);
    if (no) return void (await tellUserPrivately(client, ctx, meta.c, no));
    const channel = { teamId: ctx.teamId, channelId: meta.c };
    try {
      const current = await deps.store.getAlertSettings(channel);
      const { reminderDays, ...choice } = readSettingsForm(view.state.values, current);
      const saved = await deps.store.saveAlertSettings({ ...channel, ...choice, updatedBy: ctx.userId, updatedAt: deps.clock.now() });
      // Issue 16: the channel's court-date reminder days, on the same form.
      if (reminderDays !== undefined) await deps.store.saveReminderSettings({ ...channel, daysBefore: reminderDays, updatedBy: ctx.userId });
      ctx.log.info({ settings: choice }, "alert settings saved");
      const message = renderAlertSettingsSaved({ ...saved, by: ctx.userId });
      try {
        await postMessage(client, { channel: meta.c, message });
      } catch (error) {
        ctx.log.info({ err: error }, "could not post the settings change; telling the admin");
        await tellUserPrivately(client, ctx, meta.c, `Saved. ${message.text} ${slackRefusalText(error, { ref: ctx.log.ref }) ?? ""}`.trim());
      }
    } catch (error) {
      ctx.log.error({ err: error }, "could not save alert settings");
      await tellUserPrivately(client, ctx, meta.c, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
