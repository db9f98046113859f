/**
 * What every button of the case view does first: acknowledge at once (Slack's 3-second rule), build
 * the request context from the clicked surface, and validate the button's value, which comes back
 * from Slack as untrusted input (ids.ts decodeValue). Failures reach the clicker as one ephemeral
 * sentence; details go to the log with the correlation id.
 */
import type { App, BlockAction, ButtonAction, RespondFn } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { actionIdPattern, decodeValue, type ActionName, type ButtonValue } from "../../slack/blockkit/ids.ts";
import { renderPartiesNote } from "./views/parties.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { tellUserPrivately } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import type { CasesDeps } from "./deps.ts";

/** Where the clicked button is. */
export type Surface =
  | { kind: "message"; channelId: string; ts: string; threadTs: string | undefined; ephemeral: boolean }
  | { kind: "view"; viewId: string }
  | { kind: "unknown" };

export interface CaseActionArgs {
  value: ButtonValue;
  actionId: string;
  body: BlockAction;
  surface: Surface;
  /** Present for buttons on messages (Slack sends a response_url with them). */
  respond: RespondFn | undefined;
  client: WebClient;
  ctx: RequestContext;
  /** One ephemeral sentence to the clicker (or, on a modal, the modal's only line). */
  tell(text: string): Promise<void>;
}

export const STALE_BUTTON =
  "That button is damaged or out of date, so I did nothing. Open the case again with `/docket case <court> <docket>`.";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

export function surfaceOf(body: BlockAction): Surface {
  const c = (body.container ?? {}) as Record<string, unknown>;
  const viewId = str(c.view_id) ?? str(body.view?.id);
  if (c.type === "view" && viewId) return { kind: "view", viewId };
  const channelId = str(c.channel_id) ?? str(body.channel?.id);
  const ts = str(c.message_ts) ?? str(body.message?.ts);
  if (channelId && ts) {
    const threadTs = str(c.thread_ts) ?? str(body.message?.thread_ts);
    return { kind: "message", channelId, ts, threadTs, ephemeral: c.is_ephemeral === true };
  }
  return { kind: "unknown" };
}

export function onCaseAction(app: App, deps: CasesDeps, base: ActionName, handler: (args: CaseActionArgs) => Promise<void>): void {
  app.action<BlockAction<ButtonAction>>({ type: "block_actions", action_id: actionIdPattern(base) }, async ({ ack, body, action, respond, client }) => {
    await ack();
    const surface = surfaceOf(body);
    const channelId = surface.kind === "message" ? surface.channelId : body.channel?.id;
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId }, `action:${base}`);
    const hasResponseUrl = typeof (body as { response_url?: unknown }).response_url === "string";
    const tell = async (text: string) => {
      try {
        if (surface.kind === "view") await client.views.update({ view_id: surface.viewId, view: renderPartiesNote(text) as never });
        else if (hasResponseUrl) await respond({ response_type: "ephemeral", replace_original: false, text });
        else if (channelId) await tellUserPrivately(client, ctx, channelId, text);
      } catch (err) {
        ctx.log.warn({ err }, "could not tell the user");
      }
    };
    const value = decodeValue(action.value);
    if (!value) {
      ctx.log.warn({ actionId: action.action_id, valueLength: typeof action.value === "string" ? action.value.length : undefined }, "refused a button value");
      await tell(STALE_BUTTON);
      return;
    }
    try {
      await handler({ value, actionId: action.action_id, body, surface, respond: hasResponseUrl ? respond : undefined, client, ctx, tell });
    } catch (error) {
      ctx.log.error({ err: error, actionId: action.action_id }, "case action failed");
      await tell(userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
