/**
 * "Export usage" on App Home (issue 14 item 4: "admins also get it from App Home"): this month's
 * usage of one matter as the same CSV `/docket usage export` uploads, sent to the admin's DM with
 * docketbot. Checked at the click: an admin, and a matter of a channel they are in now (the
 * button's value is untrusted). The DM is the one Home was opened from (app_home_opened's
 * `channel`, kept in the view's private_metadata), used only once Slack confirms it is the
 * clicker's own DM (issue 22 item 11: a payload's metadata is never proof).
 */
import type { App, BlockAction, ButtonAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { section } from "../../slack/blockkit/blocks.ts";
import { ACTION } from "../../slack/blockkit/ids.ts";
import { buildContext } from "../../slack/context.ts";
import { postMessage } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { pickMonth, uploadUsageCsv } from "../usage/index.ts";
import { dmOfHome } from "../../slack/home-metadata.ts";
import { mattersOfUser } from "../../slack/user-channels.ts";
import type { BudgetsDeps } from "./deps.ts";

/** `dm` if Slack says it is `userId`'s DM with docketbot; else the user's id (Slack posts that to their DM). */
async function ownDm(client: WebClient, dm: string | undefined, userId: string): Promise<string> {
  if (!dm) return userId;
  const info = await client.conversations.info({ channel: dm }).catch(() => undefined);
  const c = info?.channel as { is_im?: boolean; user?: string } | undefined;
  return c?.is_im === true && c.user === userId ? dm : userId;
}

export function registerHomeExport(app: App, deps: BudgetsDeps): void {
  app.action<BlockAction<ButtonAction>>(new RegExp(`^${ACTION.homeUsageExport}:\\d{1,2}$`), async ({ ack, body, action, client }) => {
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id ?? body.user.team_id, userId: body.user.id, channelId: undefined }, ACTION.homeUsageExport);
    const tell = (text: string) => postMessage(client, { channel: ctx.userId, message: { text, blocks: [section(text)] } }).catch((err: unknown) => ctx.log.warn({ err }, "could not tell the admin"));
    const matter = String(action.value ?? "");
    if (!ctx.isAdmin) return void (await tell("Only docketbot admins can export a matter's usage from Home. `/docket usage` in the matter's channel shows it."));
    const allowed = await mattersOfUser(deps, client, ctx).catch((): string[] => []);
    if (!allowed.includes(matter)) return void (await tell("That matter isn't one of your channels' any more, so I exported nothing."));
    const month = pickMonth(undefined, deps.clock.now());
    if (!month.ok) return;
    try {
      // The view's DM is used only once Slack confirms it is the clicker's own (payloads are untrusted).
      const channelId = await ownDm(client, dmOfHome(body.view?.private_metadata), ctx.userId);
      const rows = await uploadUsageCsv(deps, client, { channelId, matters: [matter], month, comment: "exported from Home" });
      ctx.log.info({ rows, month: month.label, matter }, "usage exported from Home");
    } catch (error) {
      ctx.log.error({ err: error }, "could not export usage from Home");
      await tell(userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
