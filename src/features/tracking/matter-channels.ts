/**
 * The channels that lose alerts when a matter's subscription ends or slows (issue 13, item 2:
 * "every channel that loses alerts is told in the channel"): every channel of those matters in
 * this workspace. The channel where it happened is told by the command's own announcement; the
 * others get the same news here, saying where it was done.
 */
import type { WebClient } from "@slack/web-api";
import type { RequestContext } from "../../slack/context.ts";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import { postMessage } from "../../slack/outbound.ts";
import type { TrackingDeps } from "./deps.ts";

export async function channelsOfMatters(deps: Pick<TrackingDeps, "store">, ctx: Pick<RequestContext, "teamId">, matters: readonly string[]): Promise<string[]> {
  const all = await Promise.all(matters.map((m) => deps.store.channelsOfMatter(m)));
  return [...new Set(all.flat().filter((l) => l.teamId === ctx.teamId).map((l) => l.channelId))];
}

/** Posts `message` to every other channel of `matters`; a channel that refuses is logged, never fatal. */
export async function tellOtherChannels(
  deps: Pick<TrackingDeps, "store">, client: WebClient, ctx: RequestContext, matters: readonly string[], message: MessagePayload,
): Promise<void> {
  const others = (await channelsOfMatters(deps, ctx, matters)).filter((c) => c !== ctx.channelId);
  for (const channel of others) {
    await postMessage(client, { channel, message }).catch((err: unknown) => ctx.log.warn({ err, channel }, "could not tell a matter's channel about a tracking change"));
  }
}
