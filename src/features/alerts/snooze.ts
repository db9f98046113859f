/**
 * The Snooze menu on a case's root message (issue 12, item 5): mute the case in this channel for 7
 * days, until the next order or until unmuted, or unmute it. Thin: ack, read the menu
 * (alert-controls.ts), ask the snooze service (the wall: the case's thread must be in this channel
 * under one of its matters), then re-render the root with its muted line and tell the thread who
 * did it. A menu naming a case this channel may not touch changes nothing and gets one sentence.
 */
import type { App, BlockAction, StaticSelectAction } from "@slack/bolt";
import { buildContext } from "../../slack/context.ts";
import { addForUser, postMessage, updateMessage } from "../../slack/outbound.ts";
import { slackRefusalText } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { createCaseSnoozeService } from "./case-snooze.ts";
import { FILING_ACTION, snoozeBlockCase, snoozeChoice } from "./views/alert-controls.ts";
import { renderCaseRoot } from "./views/case-root.ts";
import { renderSnoozeNote } from "./views/snooze-note.ts";
import type { AlertsHandlerDeps } from "./deps.ts";

export const NOT_THIS_CHANNELS_CASE = "That case has no alert thread in this channel under its matters, so I changed nothing.";
const STALE_MENU = "That menu is out of date, so I changed nothing. Use the menu on the case's latest alert message.";

export function registerSnooze(app: App, deps: AlertsHandlerDeps): void {
  const service = createCaseSnoozeService(deps);

  app.action<BlockAction<StaticSelectAction>>({ type: "block_actions", action_id: FILING_ACTION.snooze }, async ({ ack, body, action, client, respond }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: body.channel?.id ?? body.container.channel_id }, "action:case_snooze");
    try {
      const ref = snoozeBlockCase(action.block_id);
      const choice = snoozeChoice(action.selected_option?.value);
      if (!ref || !choice) return void (await addForUser(respond, ctx, STALE_MENU));
      const result = await service.apply({ teamId: ctx.teamId, channelId: ctx.channelId, userId: ctx.userId, matters: ctx.matters }, ref, choice);
      if (!result.ok) {
        ctx.log.info({ court: ref.court, docket: ref.docket }, "snooze refused by the wall");
        return void (await addForUser(respond, ctx, NOT_THIS_CHANNELS_CASE));
      }
      const { thread, snooze } = result;
      if (!snooze && !result.changed) return void (await addForUser(respond, ctx, "That case isn't muted in this channel, so there was nothing to unmute."));
      ctx.log.info({ court: thread.court, docket: thread.docket, mode: snooze?.mode ?? "off" }, "case snooze changed");
      const state = snooze ? { mode: snooze.mode, until: snooze.until } : undefined;
      try {
        const root = renderCaseRoot(
          { court: thread.court, docket: thread.docket, title: thread.title, newEntries: thread.newEntries, latestEntryDate: thread.latestEntryDate, clientMatter: thread.clientMatter, snooze: state },
          { siteUrl: deps.siteUrl },
        );
        await updateMessage(client, { channel: thread.channelId, ts: thread.rootTs }, root);
        await postMessage(client, { channel: thread.channelId, threadTs: thread.rootTs, message: renderSnoozeNote({ by: ctx.userId, snooze: state }) });
      } catch (error) {
        ctx.log.warn({ err: error }, "could not show the snooze on the case");
        const why = slackRefusalText(error, { ref: ctx.log.ref }) ?? userMessageFor(error, { ref: ctx.log.ref });
        await addForUser(respond, ctx, `${snooze ? "Muted" : "Unmuted"}, but I couldn't update the case's message. ${why}`);
      }
    } catch (error) {
      ctx.log.error({ err: error }, "snooze failed");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
