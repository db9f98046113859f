/**
 * "Calendared ✓" and Undo on a court date (issue 16, item 3), like issue 12's Docketed ✓: ack at
 * once, decode the click, ask the service (which holds the wall and stores who and when), then
 * re-render every place that shows it: the asker's `/docket deadlines` list (ephemeral: replaced
 * through the response_url) and the date's block in each of the channel's reminders of it
 * (chat.update, so the whole channel sees who calendared it, or that it was undone). A date this channel may not touch changes nothing
 * and gets one sentence, privately.
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { AnyBlock } from "../../slack/blockkit/blocks.ts";
import type { WebClient } from "@slack/web-api";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { addForUser, replaceForUser, updateMessage } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import type { DeadlinesService } from "./deadlines-service.ts";
import { deadlinesMessage } from "./deadlines-command.ts";
import { CALENDARED_ACTION_PATTERN, calendaredValue } from "./views/controls.ts";
import { COURT_DATE_BLOCK, courtDateBlockId, dateItemSection } from "./views/date-item.ts";
import type { DeadlinesDeps } from "./deps.ts";
import { isMemberOrNo } from "../../slack/membership.ts";

export const NOT_THIS_CHANNELS_DATE = "That date isn't one of this channel's matters' current dates, so I changed nothing. `/docket deadlines` lists the ones here.";
export const NOT_A_MEMBER_HERE = "You aren't a member of this channel, so I changed nothing.";
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
      // Issue 22 item 11: the clicker must be a member of the channel the sign-off is stored under.
      if (!(await isMemberOrNo(client, ctx.channelId, ctx.userId))) return void (await addForUser(respond, ctx, NOT_A_MEMBER_HERE));
      const item = await deps.service.setCalendared(actor, value.d, value.on);
      if (!item) {
        ctx.log.info({ courtDate: value.d }, "calendared refused: not this channel's");
        return void (await addForUser(respond, ctx, NOT_THIS_CHANNELS_DATE));
      }
      ctx.log.info({ courtDate: item.date.id, calendared: item.calendared !== undefined }, "court date sign-off");
      // Every channel message that shows this date's state says the new one: the date's reminders
      // posted here, and the clicked message when it is one of the channel's (a reminder). A mark
      // made in the private list reaches the channel too; an Undo never leaves "✓ Calendared".
      const shown = new Set((await deps.store.postedReminders(actor, item.date.id)).flatMap((r) => (r.postedTs ? [r.postedTs] : [])));
      const clicked = body.container.is_ephemeral ? undefined : body.container.message_ts;
      if (clicked) shown.add(clicked);
      const today = await deps.service.today(actor);
      for (const ts of shown) {
        await showDateIn(client, ctx, ts, dateItemSection(item, { siteUrl: deps.siteUrl, today }), courtDateBlockId(item.date.id)).catch((err: unknown) =>
          ctx.log.warn({ err, ts }, "could not show the date's new state in a channel message"),
        );
      }
      if (!clicked) await replaceForUser(respond, ctx, await deadlinesMessage(deps, ctx));
    } catch (error) {
      ctx.log.error({ err: error }, "Calendared ✓ failed");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}

/**
 * Replaces a channel message's block of the date with `section`. The message is read back from
 * Slack, never taken from a click's payload (issue 22 item 11: forged or stale blocks were written
 * back), and changed only if it is one showing this very date.
 */
async function showDateIn(client: WebClient, ctx: RequestContext, ts: string, section: AnyBlock, dateBlock: string): Promise<void> {
  const res = await client.conversations.history({ channel: ctx.channelId!, oldest: ts, latest: ts, inclusive: true, limit: 1 });
  const stored = res.messages?.find((m) => m.ts === ts);
  const blocks = (stored?.blocks ?? []) as AnyBlock[];
  if (!blocks.some((b) => "block_id" in b && b.block_id === dateBlock)) {
    ctx.log.info({ ts }, "calendared stored; the message does not show the date, so it is left alone");
    return;
  }
  const next = blocks.map((b) => ("block_id" in b && b.block_id === dateBlock ? section : b));
  await updateMessage(client, { channel: ctx.channelId!, ts }, { text: stored?.text ?? "Court date", blocks: next });
}
