/**
 * "Ask a follow-up" (issue 14 item 1): the button under each answer opens the Ask modal prefilled
 * with the thread's case, and its submission answers in that thread with the earlier turns as
 * context, exactly like a mention there. The button's value names the case and the thread; both
 * are checked again at submission against the thread's stored binding (modal-follow-up.ts).
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import { ACTION, decodeValue } from "../../slack/blockkit/ids.ts";
import { buildContext } from "../../slack/context.ts";
import { slackSideRefusal } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { openAskModal } from "./modal.ts";
import type { QaRuntime } from "./runtime.ts";
import { QA_DISABLED } from "./views/question.ts";

const STALE = "That button is out of date. Mention @docketbot in the thread to ask a follow-up.";

export function registerFollowUpButton(app: App, rt: QaRuntime): void {
  const { deps } = rt;
  app.action<BlockAction<ButtonAction>>({ action_id: ACTION.askFollowUp }, async ({ ack, body, action, client, respond }) => {
    await ack();
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "action:ask_follow_up");
    const value = decodeValue(action.value);
    if (!value?.thread || !channelId || !deps.qaEnabled) {
      await respond({ response_type: "ephemeral", replace_original: false, text: value?.thread && channelId ? QA_DISABLED : STALE });
      return;
    }
    const binding = await deps.store.getThread({ teamId: ctx.teamId, channelId, threadTs: value.thread });
    await openAskModal(rt, client, ctx, body.trigger_id, {
      channelId, case: { court: value.court, docket: value.docket }, threadTs: value.thread, target: binding?.target, followUp: true,
    }).catch(async (err: unknown) => {
      ctx.log[slackSideRefusal(err) ? "info" : "error"]({ err }, "could not open the Ask modal for a follow-up");
      await respond({ response_type: "ephemeral", replace_original: false, text: userMessageFor(err, { ref: ctx.log.ref }) });
    });
  });
}
