import { bool, findChannel, postableChannel, required, SlackApiError, str, type ApiContext, type MethodHandler } from "../api-context.ts";
import { permalinkTs } from "../ids.ts";
import { botMessage, messageContent, threadParent } from "../message-content.ts";
import type { SlackMessage } from "../types.ts";
import { BOT } from "../workspace.ts";

/**
 * chat.* methods (https://docs.slack.dev/reference/methods/chat.postMessage and siblings), with
 * the responses' shapes and the errors Slack gives for the cases the bot can run into.
 */
const postMessage: MethodHandler = (params, ctx) => {
  const channel = postableChannel(ctx, str(params, "channel"));
  const content = messageContent(params, { requireContent: true });
  const threadTs = str(params, "thread_ts");
  const thread = threadTs ? { channel: channel.id, ts: threadParent(ctx, channel.id, threadTs) } : undefined;
  const message = botMessage(ctx, content, thread);
  // reply_broadcast: the reply is also shown in the channel (and in conversations.history) as a
  // "thread_broadcast"; without thread_ts Slack ignores it.
  if (thread && bool(params, "reply_broadcast") === true) message.subtype = "thread_broadcast";
  ctx.state.addMessage(channel.id, message);
  ctx.echo(channel.id, message);
  return { channel: channel.id, ts: message.ts, message: structuredClone(message) };
};

/** The bot's own message in a conversation, or Slack's error for why it cannot touch it. */
function ownMessage(ctx: ApiContext, channelRef: string | undefined, ts: string, cannot: string): { channel: string; message: SlackMessage } {
  const channel = findChannel(ctx, channelRef);
  const message = ctx.state.messageRef(channel.id, ts);
  if (!message || message.subtype === "tombstone") throw new SlackApiError("message_not_found");
  if (message.bot_id !== BOT.botId) throw new SlackApiError(cannot);
  if (channel.is_archived) throw new SlackApiError("is_archived");
  return { channel: channel.id, message };
}

/** Fields not sent are kept ("to remove previous blocks, include an empty array"). */
const update: MethodHandler = (params, ctx) => {
  const { channel, message } = ownMessage(ctx, str(params, "channel"), required(params, "ts", "message_not_found"), "cant_update_message");
  const content = messageContent(params, { requireContent: false });
  if (content.text === undefined && content.blocks === undefined && content.attachments === undefined) {
    throw new SlackApiError("no_text");
  }
  if (content.text !== undefined) message.text = content.text;
  if (content.blocks !== undefined) {
    if (content.blocks.length > 0) message.blocks = content.blocks;
    else delete message.blocks;
  }
  if (content.attachments !== undefined) message.attachments = content.attachments;
  if (content.metadata !== undefined) message.metadata = content.metadata;
  message.edited = { user: BOT.userId, ts: ctx.ids.ts() };
  ctx.state.changed(channel, message.ts);
  const { text, blocks, attachments, user, bot_id, app_id, type, team } = message;
  return { channel, ts: message.ts, text, message: { type, text, user, bot_id, app_id, team, blocks, attachments } };
};

const remove: MethodHandler = (params, ctx) => {
  const { channel, message } = ownMessage(ctx, str(params, "channel"), required(params, "ts", "message_not_found"), "cant_delete_message");
  ctx.state.deleteMessage(channel, message.ts);
  return { channel, ts: message.ts };
};

const postEphemeral: MethodHandler = (params, ctx) => {
  const channel = postableChannel(ctx, str(params, "channel"));
  const user = required(params, "user", "user_not_found");
  if (!ctx.state.userRef(user)) throw new SlackApiError("user_not_found");
  if (!channel.members.has(user)) throw new SlackApiError("user_not_in_channel");
  const content = messageContent(params, { requireContent: true });
  const threadTs = str(params, "thread_ts");
  const messageTs = ctx.ids.ts();
  ctx.state.addEphemeral({
    message_ts: messageTs, channel: channel.id, user, text: content.text ?? "", source: "chat.postEphemeral",
    ...(content.blocks ? { blocks: content.blocks } : {}),
    ...(threadTs ? { thread_ts: threadTs } : {}),
  });
  return { message_ts: messageTs };
};

const getPermalink: MethodHandler = (params, ctx) => {
  const channel = findChannel(ctx, str(params, "channel"));
  const ts = required(params, "message_ts", "message_not_found");
  const message = ctx.state.messageRef(channel.id, ts);
  if (!message) throw new SlackApiError("message_not_found");
  const base = `${ctx.baseUrl}archives/${channel.id}/${permalinkTs(ts)}`;
  const inThread = message.thread_ts !== undefined && message.thread_ts !== message.ts;
  return { channel: channel.id, permalink: inThread ? `${base}?thread_ts=${message.thread_ts}&cid=${channel.id}` : base };
};

export const chatMethods: Record<string, MethodHandler> = {
  "chat.postMessage": postMessage,
  "chat.update": update,
  "chat.delete": remove,
  "chat.postEphemeral": postEphemeral,
  "chat.getPermalink": getPermalink,
};
