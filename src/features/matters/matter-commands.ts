/**
 * `/docket matter`, `matter link <cm>`, `matter unlink <cm>` (issue 4, "Channels are linked to
 * client matters by admins"). Linking releases the matter's held alerts in the same store
 * transaction and says how many were waiting (issue 5 relies on that sentence); link and unlink
 * are announced to the channel, since they change what everyone there sees and is billed to.
 */
import { readMatterDatesNow } from "../deadlines/index.ts";
import { adminOnlyText, renderLinked, renderMatters, renderUnlinked } from "./views/matters.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { addForUser, announce, ephemeral, replaceForUser } from "../../slack/outbound.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import type { App, BlockAction, ButtonAction, RespondFn } from "@slack/bolt";
import { ACTION, actionIdPattern } from "../../slack/blockkit/ids.ts";
import { decodeLinkMatter, renderConfirmLink } from "./views/link-confirm.ts";
import type { MattersDeps } from "./deps.ts";

/** Links (the store audits it in the same transaction) and announces, or says it was already linked. */
async function linkNow(deps: MattersDeps, ctx: RequestContext, respond: RespondFn, clientMatter: string): Promise<void> {
  if (!ctx.channelId) return;
  try {
    const result = await deps.store.linkMatter({ teamId: ctx.teamId, channelId: ctx.channelId, clientMatter, linkedBy: ctx.userId });
    ctx.log.info({ matter: clientMatter, linked: result.linked, released: result.released }, "matter linked");
    // Issue 23 item 1: the dates of the cases the matter already tracks are read at once (stored copies, no fee).
    const cases = result.linked ? (await deps.store.subscriptionsOf(ctx.teamId, [clientMatter])).flatMap((s) => ("q" in s.target ? [] : [s.target])) : [];
    const dates = cases.length > 0 ? await readMatterDatesNow(deps, ctx, clientMatter, cases) : undefined;
    const others = ctx.matters.filter((m) => m !== clientMatter).length;
    const message = renderLinked({ matter: clientMatter, userId: ctx.userId, linked: result.linked, releasedPushes: result.released.pushes, dates, others });
    if (result.linked) await announce(respond, ctx, message, { dropOriginal: false });
    else await addForUser(respond, ctx, message);
  } catch (error) {
    ctx.log.error({ err: error, matter: clientMatter }, "could not link the matter");
    await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
  }
}

export function registerMatterCommands(app: App, router: CommandRouter, deps: MattersDeps): void {
  const admins = [...deps.admins].sort();

  router.on("matter", async ({ ack, ctx }) => {
    // One local SQLite read: instant, so the answer goes in the ack (which must happen, whatever).
    try {
      const links = ctx.channelId ? await deps.store.mattersOfChannel({ teamId: ctx.teamId, channelId: ctx.channelId }) : [];
      await ack(ephemeral(renderMatters({ links, isAdmin: ctx.isAdmin })));
    } catch (error) {
      ctx.log.error({ err: error }, "could not read the channel's matters");
      await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref })));
    }
  });

  router.on("matter_link", async ({ command, ack, respond, ctx }) => {
    if (!ctx.isAdmin) return void (await ack(ephemeral(adminOnlyText(admins))));
    if (!ctx.channelId) return void (await ack(ephemeral("Run this in the channel you want to link.")));
    // A second matter shows its alerts to every member here: the admin is asked first (issue 13, item 3).
    if (ctx.matters.length > 0 && !ctx.matters.includes(command.clientMatter)) {
      try {
        const [subs, links] = await Promise.all([deps.store.subscriptionsOf(ctx.teamId, [command.clientMatter]), deps.store.channelsOfMatter(command.clientMatter)]);
        const otherChannels = links.filter((l) => l.teamId === ctx.teamId && l.channelId !== ctx.channelId).length;
        return void (await ack(ephemeral(renderConfirmLink({ matter: command.clientMatter, existing: ctx.matters, subscriptions: subs.length, otherChannels }))));
      } catch (error) {
        ctx.log.error({ err: error }, "could not prepare the link question");
        return void (await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref }))));
      }
    }
    await ack();
    await linkNow(deps, ctx, respond, command.clientMatter);
  });

  app.action<BlockAction<ButtonAction>>(actionIdPattern(ACTION.linkMatter), async ({ ack, body, action, respond }) => {
    await ack();
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "action:link_matter");
    // Whoever clicks must be an admin now (an ephemeral is the asker's, but a value is never proof).
    // A refused click leaves the card as it was and gets a sentence (issue 22 item 8).
    if (!ctx.isAdmin) return void (await addForUser(respond, ctx, adminOnlyText(admins)));
    const matter = decodeLinkMatter(action.value);
    if (!matter || !ctx.channelId) return void (await addForUser(respond, ctx, "That button is out of date. Run `/docket matter link` again."));
    await respond({ delete_original: true }).catch((err: unknown) => ctx.log.debug({ err }, "could not remove the question"));
    await linkNow(deps, ctx, respond, matter);
  });

  router.on("matter_unlink", async ({ command, ack, respond, ctx }) => {
    if (!ctx.isAdmin) return void (await ack(ephemeral(adminOnlyText(admins))));
    if (!ctx.channelId) return void (await ack(ephemeral("Run this in the channel you want to unlink.")));
    await ack();
    try {
      const result = await deps.store.unlinkMatter({ teamId: ctx.teamId, channelId: ctx.channelId, clientMatter: command.clientMatter, unlinkedBy: ctx.userId });
      const others = result.unlinked ? (await deps.store.channelsOfMatter(command.clientMatter)).length : 0;
      ctx.log.info({ matter: command.clientMatter, ...result, otherChannels: others }, "matter unlinked");
      const message = renderUnlinked({ matter: command.clientMatter, userId: ctx.userId, unlinked: result.unlinked, cancelledDeliveries: result.cancelledDeliveries, otherChannels: others });
      if (result.unlinked) await announce(respond, ctx, message, { dropOriginal: false });
      else await addForUser(respond, ctx, message);
    } catch (error) {
      ctx.log.error({ err: error, matter: command.clientMatter }, "could not unlink the matter");
      await addForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
