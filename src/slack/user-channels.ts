/**
 * The channels a user is in, for App Home ("the matters of channels they are in"). We ask Slack
 * (users.conversations with the user's id; bot scopes channels:read and groups:read) rather than
 * infer channels from where the user has used the bot: membership is the truth the wall needs. A
 * user who leaves a matter's channel stops seeing that matter on Home at once, and a user who has
 * never typed a command in their team's channel still sees its matter. With a bot token Slack
 * lists only conversations the bot can see, which is every channel that can carry a matter (the
 * bot must be in a channel to post its alerts). Direct messages are not asked for (that would need
 * im:read), so a matter linked to a DM does not appear on Home.
 */
import type { WebClient } from "@slack/web-api";
import type { Store } from "../store/store.ts";

/** What mattersOfUser reads in the store: the matters of channels. */
export type UserMattersStore = Pick<Store, "mattersOfChannels">;

/** Slack's page size for users.conversations is at most 1,000; 200 is its recommended size. */
const PAGE = 200;
/** 2,000 channels: enough for any one person; past it Home shows what it has. */
const MAX_PAGES = 10;

export async function channelsOfUser(client: WebClient, userId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.users.conversations({
      user: userId,
      types: "public_channel,private_channel",
      exclude_archived: true,
      limit: PAGE,
      ...(cursor ? { cursor } : {}),
    });
    for (const c of res.channels ?? []) if (c.id) ids.push(c.id);
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) break;
  }
  return ids;
}

/**
 * The matters a user may bill where no matter is linked (a DM, an unlinked channel; issue 14 item
 * 5): the matters of the channels they are in, sorted. Empty when Slack cannot say.
 */
export async function mattersOfUser(
  deps: { store: UserMattersStore },
  client: WebClient,
  user: { teamId: string; userId: string },
): Promise<string[]> {
  const channels = await channelsOfUser(client, user.userId);
  if (channels.length === 0) return [];
  const links = await deps.store.mattersOfChannels(user.teamId, channels);
  return [...new Set(links.map((l) => l.clientMatter))].sort();
}
