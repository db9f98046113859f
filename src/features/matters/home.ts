/**
 * App Home (issue 4): on `app_home_opened`, publish the user's recent cases, the client matters of
 * the channels they are in, those matters' trackers and quick help. Events are acknowledged by
 * Bolt before this runs. The store parts are instant; the trackers need the service, so when it
 * is slow the tab is published at once with a loading line and again when they arrive. Admins
 * also get alerts' own "Alert settings" entry (issue 12, item 3), composed like tracking's section.
 *
 * The wall: the user sees matters of channels they are a member of now (user-channels.ts), the
 * trackers of those matters only, and recent cases viewed outside any matter or under one of them.
 */
import type { App } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { wallAllows } from "../../court/matter-wall.ts";
import { renderHome, type HomeModel } from "./views/home.ts";
import type { TrackerRow } from "../tracking/views/tracker-list.ts";
import { homeTrackerBlocks } from "../tracking/views/home-trackers.ts";
import { homeAlertSettingsBlocks } from "../alerts/views/home-alert-settings.ts";
import { buildContext, callOptions, type RequestContext } from "../../slack/context.ts";
import type { SlackDeps } from "../../slack/deps.ts";
import { listAllTrackers, rowsForMatters } from "../tracking/trackers.ts";
import { channelsOfUser } from "./user-channels.ts";
import { budgetLines } from "../budgets/budget-lines.ts";
import { homeMetadata } from "../budgets/home-export.ts";
import { homeBudgetBlocks } from "../budgets/views/home-budgets.ts";
import { homeCourtDates } from "../deadlines/index.ts";

/** How long the trackers may take before the tab is shown without them first. */
export const HOME_FAST_MS = 1_500;
/** Recent cases read before the wall's filter (the store keeps 50 per user). */
const RECENT_READ = 50;
const RECENT_SHOWN = 8;

type ViewArg = Parameters<WebClient["views"]["publish"]>[0]["view"];

async function matterChannels(deps: SlackDeps, client: WebClient, ctx: RequestContext): Promise<{ known: boolean; byMatter: Map<string, string[]> }> {
  const byMatter = new Map<string, string[]>();
  let channelIds: string[];
  try {
    channelIds = await channelsOfUser(client, ctx.userId);
  } catch (err) {
    ctx.log.warn({ err }, "could not read the user's channels for Home");
    return { known: false, byMatter };
  }
  if (channelIds.length === 0) return { known: true, byMatter };
  for (const link of await deps.store.mattersOfChannels(ctx.teamId, channelIds)) {
    byMatter.set(link.clientMatter, [...(byMatter.get(link.clientMatter) ?? []), link.channelId]);
  }
  return { known: true, byMatter };
}

export async function publishHome(deps: SlackDeps, client: WebClient, ctx: RequestContext, dmChannel?: string): Promise<void> {
  const { known, byMatter } = await matterChannels(deps, client, ctx);
  const matters = [...byMatter.keys()].sort();
  // Home is the user's own place and has no matter links of its own: what they looked up outside
  // every matter shows here (the wall's blank rule), a matter's cases only while one of their
  // channels carries that matter.
  const visible = (tag: string) => wallAllows([], tag) || wallAllows(matters, tag);
  const recent = (await deps.store.recentCases({ teamId: ctx.teamId, userId: ctx.userId }, RECENT_READ))
    .filter((c) => visible(c.clientMatter ?? ""))
    .slice(0, RECENT_SHOWN);
  const base: Omit<HomeModel, "trackers"> = {
    recent,
    matters: matters.map((clientMatter) => ({ clientMatter, channelIds: byMatter.get(clientMatter) ?? [] })),
    channelsKnown: known,
    qaEnabled: deps.qaEnabled,
    alertSettings: homeAlertSettingsBlocks({ isAdmin: ctx.isAdmin }),
    courtDates: await homeCourtDates(deps, matters),
    budgets: homeBudgetBlocks({ lines: (await budgetLines(deps, matters)).lines, isAdmin: ctx.isAdmin }),
    privateMetadata: homeMetadata(dmChannel),
  };
  const publish = (trackers: TrackerRow[] | "loading" | "unavailable") =>
    client.views.publish({
      user_id: ctx.userId,
      view: renderHome({ ...base, trackers: homeTrackerBlocks(trackers, { siteUrl: deps.siteUrl, hasMatters: matters.length > 0 }) }, { siteUrl: deps.siteUrl }) as unknown as ViewArg,
    });

  const trackers: Promise<TrackerRow[] | "unavailable"> =
    matters.length === 0
      ? Promise.resolve([])
      : listAllTrackers(deps.docket, callOptions(ctx, "")).then(
          // Subscriptions of these matters only (issue 13): another matter following the same case never shows.
          async (listing) => rowsForMatters(listing.trackers, matters, await deps.store.subscriptionsOf(ctx.teamId, matters)),
          (err: unknown) => {
            ctx.log.warn({ err }, "could not list trackers for Home");
            return "unavailable" as const;
          },
        );
  const timer = new AbortController();
  const slow = deps.clock.sleep(HOME_FAST_MS, timer.signal).then(() => "loading" as const, () => "loading" as const);
  const first = await Promise.race([trackers, slow]);
  timer.abort();
  if (first === "loading") await publish("loading");
  await publish(await trackers);
}

export function registerHome(app: App, deps: SlackDeps): void {
  app.event("app_home_opened", async ({ event, body, context, client }) => {
    if (event.tab !== undefined && event.tab !== "home") return;
    const ctx = await buildContext(deps, { teamId: context.teamId ?? body.team_id, userId: event.user, channelId: undefined }, "event:app_home_opened");
    await publishHome(deps, client, ctx, event.channel).catch((err: unknown) => ctx.log.error({ err }, "could not publish Home"));
  });
}
