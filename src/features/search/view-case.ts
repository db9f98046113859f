/**
 * Every View button that opens a case from a list (ACTION.viewCase, `view_case:<n>`): search and
 * PACER results, alerts, App Home, the search modal. On a message the case view comes back
 * ephemeral with "Share to channel", so the list stays and sharing is a deliberate second step.
 * On a modal or App Home there is no response_url: the search modal's "Show cases in" picks where
 * it goes (destination.ts); other views (Home) get it in the user's DM. A small notice modal says
 * where it went.
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { ACTION, CALLBACK, actionIdPattern, decodeValue, type ButtonValue } from "../../slack/blockkit/ids.ts";
import { renderSearchNotice, SEARCH_BLOCK, SEARCH_ELEMENT } from "./views/search-modal.ts";
import { renderSearchProblem } from "./views/search-results.ts";
import { buildContext } from "../../slack/context.ts";
import { toMrkdwnLine } from "../../slack/blockkit/sanitize.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { caseErrorText, caseRefText, showCase } from "../cases/index.ts";
import { chooseDestination, respondTo } from "./destination.ts";
import { decodeModalState } from "./modal-state.ts";
import type { SearchRuntime } from "./runtime.ts";

const STALE_VIEW = "That button is out of date. Search again, or open the case with `/docket case <court> <docket>`.";

/** `1:23-cv-01234 in S.D.N.Y.`, as mrkdwn. */
const refLine = (v: ButtonValue) => toMrkdwnLine(caseRefText(v), 250);

type ViewArg = Parameters<WebClient["views"]["push"]>[0]["view"];

/** The channel picked in the search modal: the live selection, else the one searched with. */
function pickedChannel(body: BlockAction): string | undefined {
  const view = body.view;
  if (!view || view.callback_id !== CALLBACK.searchModal) return undefined;
  const live = view.state?.values?.[SEARCH_BLOCK.destination]?.[SEARCH_ELEMENT.destination]?.selected_conversation;
  return live ?? decodeModalState(view.private_metadata)?.destination;
}

async function fromView(rt: SearchRuntime, client: WebClient, body: BlockAction, value: ButtonValue | undefined): Promise<void> {
  const { deps } = rt;
  const userId = body.user.id;
  const teamId = body.team?.id ?? body.user.team_id;
  // No channel yet, so nothing read from the database: cheap. The trigger_id lives 3 seconds: push the status
  // modal first, fill it in when done.
  const probe = await buildContext(deps, { teamId, userId, channelId: undefined }, "action:view_case:modal");
  const notice = { trigger_id: body.trigger_id, view: renderSearchNotice(value ? `:hourglass_flowing_sand: Opening ${refLine(value)}…` : STALE_VIEW) as unknown as ViewArg };
  // Over a modal the notice is pushed (Back returns to the results); from App Home it opens.
  const pushed = await (body.view?.type === "home" ? client.views.open(notice) : client.views.push(notice))
    .catch((err: unknown) => (probe.log.info({ err }, "could not push the View status modal"), undefined));
  const say = async (text: string) => {
    const id = pushed?.view?.id;
    if (id) await client.views.update({ view_id: id, view: renderSearchNotice(text) as unknown as ViewArg }).catch(() => undefined);
  };
  if (!value) {
    probe.log.warn("refused a View button value");
    return;
  }
  const dest = await chooseDestination(client, probe.log, userId, pickedChannel(body));
  const ctx = dest.kind === "channel" ? await buildContext(deps, { teamId, userId, channelId: dest.channelId }, "action:view_case:modal") : probe;
  try {
    const shown = await showCase({ deps, ctx, ref: value, respond: respondTo(client, dest, userId), responseType: "ephemeral", share: dest.kind === "channel" });
    if (!shown.ok) return say(caseErrorText(shown.error, ctx, value));
    const where = dest.kind === "channel" ? `<#${dest.channelId}>; only you can see it there` : "your DM with docketbot";
    await say(`${dest.kind === "dm" && dest.why ? `${dest.why} ` : ""}Sent ${refLine(value)} to ${where}.`);
  } catch (error) {
    ctx.log.error({ err: error }, "could not show the case from the modal");
    await say(userMessageFor(error, { ref: ctx.log.ref }));
  }
}

export function registerViewCase(app: App, rt: SearchRuntime): void {
  const { deps } = rt;
  app.action<BlockAction<ButtonAction>>({ type: "block_actions", action_id: actionIdPattern(ACTION.viewCase) }, async ({ ack, body, action, respond, client }) => {
    await ack();
    const value = decodeValue(action.value);
    if (body.container?.type === "view") {
      await fromView(rt, client, body, value);
      return;
    }
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId }, "action:view_case");
    if (!value) {
      ctx.log.warn({ actionId: action.action_id }, "refused a View button value");
      await respond({ response_type: "ephemeral", replace_original: false, ...renderSearchProblem(STALE_VIEW) });
      return;
    }
    try {
      await showCase({ deps, ctx, ref: value, respond, responseType: "ephemeral", replaceOriginal: false, share: true });
    } catch (error) {
      // showCase reports service errors itself; this is Slack refusing the post.
      ctx.log.error({ err: error }, "could not show the case");
    }
  });
}
