/**
 * Whether a user is a member of a channel, as Slack says now (conversations.members; docketbot
 * must be in the channel too). The one membership check: the View destination of a modal
 * (features/search), Assign's assignee and the clicker of an alert's or a date's controls
 * (issue 22 items 10 and 11) all ask it, against the channel the STORED object names.
 */
import type { WebClient } from "@slack/web-api";

const MAX_PAGES = 20;

export async function isMember(client: WebClient, channelId: string, userId: string): Promise<boolean> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.conversations.members({ channel: channelId, limit: 1000, ...(cursor ? { cursor } : {}) });
    if (res.members?.includes(userId)) return true;
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) return false;
  }
  return false;
}

/** As isMember, but a Slack refusal (channel_not_found, not_in_channel) reads as "no". */
export const isMemberOrNo = (client: WebClient, channelId: string, userId: string): Promise<boolean> =>
  isMember(client, channelId, userId).catch(() => false);
