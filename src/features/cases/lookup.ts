/**
 * The `docket_lookup` message shortcut (issue 4, Shortcuts): find the case a message names and
 * show it to the user alone, with a "Share to channel" button. A message naming no case gets a
 * sentence saying what the shortcut looks for, with an example.
 */
import type { App, MessageShortcut } from "@slack/bolt";
import { otherCasesNotice, renderCaseWorking, renderLookupNotFound, renderNumberlessLink } from "./views/case-messages.ts";
import { CALLBACK } from "../../slack/blockkit/ids.ts";
import { buildContext } from "../../slack/context.ts";
import { caseRefsInMessage, numberlessCaseLinks } from "../../slack/message-refs.ts";
import { responseBody } from "../../slack/outbound.ts";
import { showCase } from "./show-case.ts";
import type { CasesDeps } from "./deps.ts";

export function registerLookupShortcut(app: App, deps: CasesDeps): void {
  app.shortcut<MessageShortcut>({ type: "message_action", callback_id: CALLBACK.lookupShortcut }, async ({ ack, body, respond }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId: body.channel.id }, "shortcut:docket_lookup");
    const [ref, ...others] = caseRefsInMessage(body.message, deps.siteUrl);
    if (!ref) {
      const numberless = numberlessCaseLinks(body.message)[0];
      const answer = numberless ? renderNumberlessLink(numberless) : renderLookupNotFound(deps.siteUrl);
      await respond(responseBody(answer, { response_type: "ephemeral" }));
      return;
    }
    await respond(responseBody(renderCaseWorking(ref), { response_type: "ephemeral" }));
    await showCase({
      deps, ctx, ref, respond, responseType: "ephemeral", replaceOriginal: true, share: true,
      notice: otherCasesNotice(others),
    });
  });
}
