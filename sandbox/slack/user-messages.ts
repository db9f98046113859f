import { randomUUID } from "node:crypto";
import type { ApiContext } from "./api-context.ts";
import { withGeneratedIds } from "./block-ids.ts";
import { threadParent } from "./message-content.ts";
import type { SlackMessage } from "./types.ts";
import { homeTeam } from "./payload-shapes.ts";

export interface UserMessageInput {
  user: string;
  channel: string;
  text: string;
  /** Reply in this thread (a reply's ts counts as its parent's). */
  threadTs?: string;
  /**
   * The rich_text section elements Slack's client derives from what was typed (text, user, link...).
   * Default: the whole text as one text element.
   */
  richText?: Record<string, unknown>[];
}

/**
 * A person's message, stored as Slack stores one typed in the composer: with client_msg_id and the
 * rich_text block Slack derives from the text. The person must be in the (unarchived) channel;
 * anything else is a mistake in the test, so it throws.
 */
export function addUserMessage(ctx: ApiContext, input: UserMessageInput): SlackMessage {
  const channel = ctx.state.channelRef(input.channel);
  if (!channel) throw new Error(`The Slack stand-in has no channel ${input.channel}`);
  if (!ctx.state.userRef(input.user)) throw new Error(`The Slack stand-in has no user ${input.user}`);
  if (channel.is_archived) throw new Error(`${input.channel} is archived`);
  if (!channel.members.has(input.user)) throw new Error(`${input.user} is not in ${input.channel}`);
  const message: SlackMessage = {
    type: "message",
    ts: ctx.ids.ts(),
    // The author's workspace (a Slack Connect partner's own), as Slack stores a message.
    team: homeTeam(ctx.state, input.user).id,
    user: input.user,
    text: input.text,
    client_msg_id: randomUUID(),
    blocks: withGeneratedIds([
      { type: "rich_text", elements: [{ type: "rich_text_section", elements: input.richText ?? [{ type: "text", text: input.text }] }] },
    ]),
  };
  if (input.threadTs) {
    const parentTs = threadParent(ctx, channel.id, input.threadTs);
    message.thread_ts = parentTs;
    const parentUser = ctx.state.messageRef(channel.id, parentTs)?.user;
    if (parentUser) message.parent_user_id = parentUser;
  }
  ctx.state.addMessage(channel.id, message);
  return message;
}
