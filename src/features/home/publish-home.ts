/**
 * App Home (issue 4): on `app_home_opened`, publish the user's recent cases, the client matters of
 * the channels they are in, and the sections features registered (slack/home-sections.ts), in
 * their order. Events are acknowledged by Bolt before this runs. A section with a `loading` form
 * (tracking's, which needs the service) does not hold the tab up: when it is slower than
 * HOME_FAST_MS the tab is published at once with its loading form and again when it is done.
 *
 * The wall: the user sees matters of channels they are a member of now (slack/user-channels.ts),
 * sections get those matters only, and recent cases viewed outside any matter or under one of them.
 */
import type { App } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { wallAllows } from "../../court/matter-wall.ts";
import type { Block } from "../../slack/blockkit/blocks.ts";
import { buildContext, type RequestContext } from "../../slack/context.ts";
import { homeMetadata } from "../../slack/home-metadata.ts";
import type { HomeSectionContext } from "../../slack/home-sections.ts";
import { channelsOfUser } from "../../slack/user-channels.ts";
import { renderHomeTab, type HomeFrame } from "./views/home.ts";
import type { HomeDeps } from "./deps.ts";

/** How long a slow section may take before the tab is shown without it first. */
export const HOME_FAST_MS = 1_500;
/** Recent cases read before the wall's filter (the store keeps 50 per user). */
const RECENT_READ = 50;
const RECENT_SHOWN = 8;

type ViewArg = Parameters<WebClient["views"]["publish"]>[0]["view"];

async function matterChannels(deps: HomeDeps, client: WebClient, ctx: RequestContext): Promise<{ known: boolean; byMatter: Map<string, string[]> }> {
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

export async function publishHome(deps: HomeDeps, client: WebClient, ctx: RequestContext, dmChannel?: string): Promise<void> {
  const { known, byMatter } = await matterChannels(deps, client, ctx);
  const matters = [...byMatter.keys()].sort();
  // Home is the user's own place and has no matter links of its own: what they looked up outside
  // every matter shows here (the wall's blank rule), a matter's cases only while one of their
  // channels carries that matter.
  const visible = (tag: string) => wallAllows([], tag) || wallAllows(matters, tag);
  const recent = (await deps.store.recentCases({ teamId: ctx.teamId, userId: ctx.userId }, RECENT_READ))
    .filter((c) => visible(c.clientMatter ?? ""))
    .slice(0, RECENT_SHOWN);
  const frame: HomeFrame = {
    recent,
    matters: matters.map((clientMatter) => ({ clientMatter, channelIds: byMatter.get(clientMatter) ?? [] })),
    channelsKnown: known,
    qaEnabled: deps.qaEnabled,
    privateMetadata: homeMetadata(dmChannel),
  };
  const sctx: HomeSectionContext = { request: ctx, matters, client };
  const sections = deps.sections.list();
  // Quick sections (store reads) first, in order; then the slow ones, which may be shown loading.
  const shown = new Map<string, readonly Block[]>();
  for (const s of sections) if (!s.loading) shown.set(s.id, await s.render(sctx));
  const slow = sections.filter((s) => s.loading);
  const publish = (blocksOf: (id: string) => readonly Block[]) =>
    client.views.publish({
      user_id: ctx.userId,
      view: renderHomeTab({ ...frame, sections: sections.map((s) => blocksOf(s.id)) }, { siteUrl: deps.siteUrl }) as unknown as ViewArg,
    });

  const done = Promise.all(slow.map(async (s) => shown.set(s.id, await s.render(sctx))));
  const timer = new AbortController();
  const late = deps.clock.sleep(HOME_FAST_MS, timer.signal).then(() => "loading" as const, () => "loading" as const);
  const first = await Promise.race([done, late]);
  timer.abort();
  if (first === "loading") {
    const loading = new Map(slow.map((s) => [s.id, s.loading?.(sctx) ?? []]));
    await publish((id) => shown.get(id) ?? loading.get(id) ?? []);
  }
  await done;
  await publish((id) => shown.get(id) ?? []);
}

export function registerHome(app: App, deps: HomeDeps): void {
  app.event("app_home_opened", async ({ event, body, context, client }) => {
    if (event.tab !== undefined && event.tab !== "home") return;
    const ctx = await buildContext(deps, { teamId: context.teamId ?? body.team_id, userId: event.user, channelId: undefined }, "event:app_home_opened");
    await publishHome(deps, client, ctx, event.channel).catch((err: unknown) => ctx.log.error({ err }, "could not publish Home"));
  });
}
