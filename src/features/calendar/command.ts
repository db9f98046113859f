/**
 * `/docket calendar` and its buttons (issue 16 item 5), for docketbot admins only (a feed URL
 * publishes a matter's dates outside Slack): list the channel's matters' feeds, make a URL
 * (replacing the old one) or revoke one. Every click checks again that the clicker is an admin
 * and that the channel still has the matter; the token is shown once, to the admin, and never
 * logged.
 */
import type { App, BlockAction, ButtonAction, RespondFn } from "@slack/bolt";
import { wallAllows } from "../../court/matter-wall.ts";
import { ACTION, actionIdPattern } from "../../slack/blockkit/ids.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { addForUser, ephemeral, replaceForUser } from "../../slack/outbound.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { feedUrl, newFeedToken } from "./tokens.ts";
import { decodeFeedMatter, renderFeeds, type FeedsModel } from "./views/feeds.ts";
import type { CalendarDeps } from "./deps.ts";

const ADMINS_ONLY = "Only docketbot admins can make or revoke calendar feeds: a feed URL lets anyone who has it read the matter's court dates. Ask an admin to run `/docket calendar` here.";
const NO_MATTER = "This channel isn't linked to a client matter, so it has no calendar feed. An admin links one with `/docket matter link ACME-001`.";
const NO_PUBLIC_URL = "Calendar feeds need docketbot's public address: ask whoever runs docketbot to set PUBLIC_URL (for example https://docketbot.example.com/).";
const STALE = "That button is out of date: this channel no longer has that matter. Run `/docket calendar` again.";

async function rows(deps: CalendarDeps, ctx: RequestContext): Promise<FeedsModel["rows"]> {
  const feeds = await deps.store.calendarFeedsOf(ctx.teamId, ctx.matters);
  return ctx.matters.map((matter) => {
    const feed = feeds.find((f) => f.clientMatter === matter);
    return { matter, feed: feed ? { createdBy: feed.createdBy, createdAt: feed.createdAt } : undefined };
  });
}

type Change = (ctx: RequestContext, matter: string, publicUrl: string) => Promise<Pick<FeedsModel, "made" | "revoked">>;

export function registerCalendarCommand(app: App, router: CommandRouter, deps: CalendarDeps): void {
  router.on("calendar", async ({ ack, ctx }) => {
    if (!ctx.isAdmin) return void (await ack(ephemeral(ADMINS_ONLY)));
    if (!ctx.channelId || ctx.matters.length === 0) return void (await ack(ephemeral(NO_MATTER)));
    if (!deps.publicUrl) return void (await ack(ephemeral(NO_PUBLIC_URL)));
    try {
      // One local SQLite read: the answer goes in the ack.
      await ack(ephemeral(renderFeeds({ rows: await rows(deps, ctx) })));
    } catch (error) {
      ctx.log.error({ err: error }, "could not read the calendar feeds");
      await ack(ephemeral(userMessageFor(error, { ref: ctx.log.ref })));
    }
  });

  const onClick = (base: (typeof ACTION)["calendarCreate" | "calendarRevoke"], change: Change) =>
    app.action<BlockAction<ButtonAction>>(actionIdPattern(base), async ({ ack, body, action, respond }) => {
      await ack();
      const channelId = body.channel?.id ?? body.container?.channel_id;
      const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, `action:${base}`);
      await clicked(deps, ctx, respond, decodeFeedMatter(action.value), change);
    });

  onClick(ACTION.calendarCreate, async (ctx, matter, publicUrl) => {
    const { token, hash } = newFeedToken();
    const { feed, replaced } = await deps.store.createCalendarFeed({ teamId: ctx.teamId, clientMatter: matter, tokenHash: hash, userId: ctx.userId });
    ctx.log.info({ matter, feed: feed.id, replaced: replaced?.id }, "calendar feed made");
    return { made: { matter, url: feedUrl(publicUrl, token), replaced: replaced !== undefined } };
  });

  onClick(ACTION.calendarRevoke, async (ctx, matter) => {
    const revoked = await deps.store.revokeCalendarFeed({ teamId: ctx.teamId, clientMatter: matter, userId: ctx.userId });
    ctx.log.info({ matter, feed: revoked?.id }, revoked ? "calendar feed revoked" : "no calendar feed to revoke");
    return { revoked: { matter } };
  });
}

async function clicked(deps: CalendarDeps, ctx: RequestContext, respond: RespondFn, matter: string | undefined, change: Change): Promise<void> {
  // Whoever clicks must be an admin now, in a channel that still has the matter (a value is never
  // proof). A refused click leaves the card as it was and gets a sentence (issue 22 item 8).
  if (!ctx.isAdmin) return void (await addForUser(respond, ctx, ADMINS_ONLY));
  if (!deps.publicUrl) return void (await addForUser(respond, ctx, NO_PUBLIC_URL));
  if (!matter || !wallAllows(ctx.matters, matter)) return void (await addForUser(respond, ctx, STALE));
  try {
    const result = await change(ctx, matter, deps.publicUrl);
    await replaceForUser(respond, ctx, renderFeeds({ rows: await rows(deps, ctx), ...result }));
  } catch (error) {
    ctx.log.error({ err: error, matter }, "could not change the calendar feed");
    await replaceForUser(respond, ctx, userMessageFor(error, { ref: ctx.log.ref }));
  }
}
