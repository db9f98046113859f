/**
 * `/docket deadlines` (issue 16, item 3): the court dates of the channel's matters in the next 30
 * days, shown to the asker with a "Calendared ✓" button on each; `/docket deadlines settings`
 * shows the channel's reminder days and, for admins, `/docket deadlines settings 7 1` sets them
 * (`off` stops reminders). A few local SQLite reads: answered inside the acknowledgement.
 */
import type { CommandRouter } from "../../slack/commands/router.ts";
import type { RequestContext } from "../../slack/context.ts";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import { toSlack } from "../../slack/outbound.ts";
import { DEADLINE_DAYS, type DeadlinesService } from "./deadlines-service.ts";
import { remindersText, renderDeadlines } from "./views/deadlines-list.ts";
import type { DeadlinesDeps } from "./deps.ts";

export const NO_MATTER = "This channel isn't linked to a client matter, so it has no court dates. Link one with `/docket matter link ACME-001`.";
export const NO_CHANNEL = "Run `/docket deadlines` in a channel to see its matters' court dates.";
export const ADMINS_ONLY = "Only docketbot admins can change when this channel is reminded. `/docket deadlines settings` shows the current days.";

export async function deadlinesMessage(deps: DeadlinesDeps & { service: DeadlinesService }, ctx: RequestContext): Promise<MessagePayload> {
  const channel = { teamId: ctx.teamId, channelId: ctx.channelId! };
  const { today, items } = await deps.service.upcoming({ ...channel, matters: ctx.matters });
  const reminders = await deps.store.getReminderSettings(channel);
  return renderDeadlines({ today, days: DEADLINE_DAYS, items, matters: ctx.matters, reminderDays: reminders.daysBefore }, { siteUrl: deps.siteUrl });
}

export function registerDeadlinesCommand(router: CommandRouter, deps: DeadlinesDeps & { service: DeadlinesService; onSettings?: () => void }): void {
  router.on("deadlines", async ({ ack, ctx, command }) => {
    if (!ctx.channelId) return void (await ack({ response_type: "ephemeral", text: NO_CHANNEL }));
    if (ctx.matters.length === 0) return void (await ack({ response_type: "ephemeral", text: NO_MATTER }));
    const channel = { teamId: ctx.teamId, channelId: ctx.channelId };
    if (command.settings) {
      const days = command.settings.days;
      if (days === undefined) {
        const current = await deps.store.getReminderSettings(channel);
        return void (await ack({ response_type: "ephemeral", text: `${remindersText(current.daysBefore)} Admins change it with \`/docket deadlines settings 7 1\` (or \`off\`).` }));
      }
      if (!ctx.isAdmin) return void (await ack({ response_type: "ephemeral", text: ADMINS_ONLY }));
      const saved = await deps.store.saveReminderSettings({ ...channel, daysBefore: days, updatedBy: ctx.userId });
      ctx.log.info({ days: saved.daysBefore }, "reminder days saved");
      deps.onSettings?.();
      return void (await ack({ response_type: "in_channel", text: `<@${ctx.userId}> set this channel's court-date reminders. ${remindersText(saved.daysBefore)}` }));
    }
    await ack({ response_type: "ephemeral", ...toSlack(await deadlinesMessage(deps, ctx)) });
  });
}
