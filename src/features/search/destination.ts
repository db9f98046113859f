/**
 * Where a View click from a modal shows the case (render/search-modal.ts explains the choice): in
 * the channel picked in the modal, visible only to the clicker and under that channel's matter,
 * when both the clicker and docketbot are members; otherwise in the clicker's DM with docketbot,
 * outside any matter. Membership is checked before anything is fetched, so a channel the user is
 * not in never lends its matter (ethical walls: its name would show in the case view's footer).
 */
import type { RespondArguments, RespondFn } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import type { RequestContext } from "../../slack/context.ts";

export type Destination = { kind: "channel"; channelId: string } | { kind: "dm"; why?: string };

/** The one membership check lives in slack/membership.ts. */
export { isMember } from "../../slack/membership.ts";
import { isMember } from "../../slack/membership.ts";

export async function chooseDestination(client: WebClient, log: RequestContext["log"], userId: string, picked: string | undefined): Promise<Destination> {
  if (!picked || !/^[CG][A-Z0-9]{2,30}$/.test(picked)) return { kind: "dm" };
  try {
    if (await isMember(client, picked, userId)) return { kind: "channel", channelId: picked };
    return { kind: "dm", why: "You're not a member of that channel, so I sent it to your DM instead." };
  } catch (err) {
    // not_in_channel / channel_not_found: docketbot cannot see or post there.
    log.info({ err, channel: picked }, "cannot check membership of the picked channel");
    return { kind: "dm", why: "docketbot isn't in that channel, so I sent it to your DM instead. Invite docketbot there to see cases in the channel." };
  }
}

/**
 * A RespondFn that posts where a response_url would have, for surfaces that have none (modals).
 * Callers (showCase) await it and ignore its result, so it resolves to nothing in particular.
 */
export function respondTo(client: WebClient, dest: Destination, userId: string): RespondFn {
  const post = async (message: string | RespondArguments): Promise<void> => {
    const m = (typeof message === "string" ? { text: message } : message) as { text?: string; blocks?: unknown[]; delete_original?: boolean };
    if (m.delete_original) return; // nothing to delete: every post here is new
    const content = { text: m.text ?? "", unfurl_links: false, unfurl_media: false, ...(m.blocks ? { blocks: m.blocks as never } : {}) };
    if (dest.kind === "channel") await client.chat.postEphemeral({ channel: dest.channelId, user: userId, ...content });
    else await client.chat.postMessage({ channel: userId, ...content });
  };
  return post as unknown as RespondFn;
}
