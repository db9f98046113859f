/**
 * "Calendared ✓" and Undo on a court date (issue 16, item 3), like issue 12's Docketed ✓: ack at
 * once, decode the click, ask the service (which holds the wall and stores who and when), then
 * re-render where the click came from: the asker's `/docket deadlines` list (ephemeral: replaced
 * through the response_url) or the date's block in a channel message (a reminder: chat.update, so
 * the whole channel sees who calendared it). A date this channel may not touch changes nothing
 * and gets one sentence, privately.
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { AnyBlock } from "../../slack/blockkit/blocks.ts";
import { buildContext } from "../../slack/context.ts";
import { addForUser, replaceForUser, updateMessage } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import type { DeadlinesService } from "./deadlines-service.ts";
import { deadlinesMessage } from "./deadlines-command.ts";
import { CALENDARED_ACTION_PATTERN, calendaredValue } from "./views/controls.ts";
import { COURT_DATE_BLOCK, courtDateBlockId, dateItemSection } from "./views/date-item.ts";
import type { DeadlinesDeps } from "./deps.ts";

export const NOT_THIS_CHANNELS_DATE = "That date isn't one of this channel's matters' dates, so I changed nothing. `/docket deadlines` lists the ones here.";
export const STALE_DATE_CONTROL = "That control is out of date, so I changed nothing. `/docket deadlines` lists the dates here.";

export function registerCalendared(app: App, deps: DeadlinesDeps & { service: DeadlinesService }): void {
  app.action<BlockAction<ButtonAction>>({ type: "block_actions", action_id: CALENDARED_ACTION_PATTERN }, async ({ ack, body, action, client, respond }) => {
    await ack();
    const channelId = body.channel?.id ?? body.container.channel_id;
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "action:court_date_calendared");
    try {
      const value = calendaredValue.decode(action.value);
      if (!value || !ctx.channelId) return void (await addForUser(respond, ctx, STALE_DATE_CONTROL));
      const actor = { teamId: ctx.teamId, channelId: ctx.channelId, userId: ctx.userId, matters: ctx.matters };
      const item = await deps.service.setCalendared(actor, value.d, value.on);
      if (!item) {
        ctx.log.info({ courtDate: value.d }, "calendared refused: not this channel's");
        return void (await addForUser(respond, ctx, NOT_THIS_CHANNELS_DATE));
      }
      ctx.log.info({ courtDate: item.date.id, calendared: item.calendared !== undefined }, "court date sign-off");
      if (body.container.is_ephemeral || !body.container.message_ts) {
        await replaceForUser(respond, ctx, await deadlinesMessage(deps, ctx));
        return;
      }
      // A channel message (a reminder): only the clicked date's block changes.
      const blocks = (body.message?.blocks ?? []) as AnyBlock[];
      const today = await deps.service.today(actor);
      const next = blocks.map((b) =>
        "block_id" in b && b.block_id === courtDateBlockId(item.date.id) ? dateItemSection(item, { siteUrl: deps.siteUrl, today }) : b,
      );
      if (!next.some((b) => "block_id" in b && typeof b.block_id === "string" && b.block_id.startsWith(COURT_DATE_BLOCK))) return;
      await updateMessage(client, { channel: ctx.channelId, ts: body.container.message_ts }, { text: body.message?.text ?? "Court date", blocks: next });
    } catch (error) {
      ctx.log.error({ err: error }, "Calendared ✓ failed");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
