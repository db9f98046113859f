/**
 * The case card's "Add to calendar (.ics)" (issue 16 item 5): the case's stored court dates, within
 * the channel's matters (the wall: a channel without the case's matter gets none), as an .ics
 * file uploaded to the clicker's DM with docketbot (Slack's external upload flow through
 * WebClient.filesUploadV2, as documents are), under a short message naming the case. The UIDs are
 * the case's own (scope "case"), so opening a newer file updates the events the older one made.
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import { ACTION, actionIdPattern, decodeValue } from "../../slack/blockkit/ids.ts";
import { buildContext } from "../../slack/context.ts";
import { postMessage } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { caseCalendar } from "./feed.ts";
import { caseFileSentText, renderCaseFileNote } from "./views/case-file.ts";
import type { CalendarDeps } from "./deps.ts";

const STALE = "That button is damaged or out of date, so I did nothing. Open the case again with `/docket case <court> <docket>`.";
const NO_MATTER = "Court dates are kept for the cases of a client matter, and this channel has none, so there is nothing to add to a calendar.";
const NO_DATES = "docketbot has no court dates for this case yet: it reads deadlines and hearings from the docket entries as they arrive.";

export function registerCaseFile(app: App, deps: CalendarDeps): void {
  app.action<BlockAction<ButtonAction>>({ type: "block_actions", action_id: actionIdPattern(ACTION.caseIcs) }, async ({ ack, body, action, respond, client }) => {
    await ack();
    const channelId = body.container?.channel_id ?? body.channel?.id;
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId }, "action:case_ics");
    const tell = (text: string) =>
      respond({ response_type: "ephemeral", replace_original: false, text }).catch((err: unknown) => ctx.log.warn({ err }, "could not tell the user"));
    const ref = decodeValue(action.value);
    if (!ref) return void (await tell(STALE));
    if (ctx.matters.length === 0) return void (await tell(NO_MATTER));
    try {
      const file = await caseCalendar({ store: deps.store, clock: deps.clock, siteUrl: deps.siteUrl }, ref, ctx.matters);
      if (file.count === 0) return void (await tell(NO_DATES));
      const target = { court: ref.court, docket: ref.docket, title: file.caseTitle };
      // Posting to the user id opens the app's DM; the answer names the DM's conversation.
      const root = await postMessage(client, { channel: ctx.userId, message: renderCaseFileNote({ target, dates: file.count, cancelled: file.cancelled, siteUrl: deps.siteUrl }) });
      const slug = ref.docket.replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 40);
      await client.filesUploadV2({
        channel_id: root.channel,
        thread_ts: root.ts,
        content: file.ics,
        filename: `court-dates-${slug}.ics`,
        title: `Court dates, ${ref.docket}`,
      });
      ctx.log.info({ dates: file.count }, "case court dates sent as .ics");
      await tell(caseFileSentText(file));
    } catch (error) {
      ctx.log.error({ err: error }, "could not send the case's court dates");
      await tell(userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
