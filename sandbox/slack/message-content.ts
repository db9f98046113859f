import { SlackApiError, type ApiContext, type Params } from "./api-context.ts";
import { checkBlocks, type Surface } from "./block-check.ts";
import { withGeneratedIds } from "./block-ids.ts";
import { isObject } from "./element-check.ts";
import type { Block, MessageMetadata, SlackMessage } from "./types.ts";
import { APP_ID, BOT, TEAM } from "./workspace.ts";

/** chat.postMessage: "Provide no more than 40,000 characters or risk truncation" (msg_too_long). */
export const TEXT_MAX = 40_000;
const ATTACHMENTS_MAX = 100;

export interface MessageContent {
  text?: string;
  blocks?: Block[];
  attachments?: Record<string, unknown>[];
  metadata?: MessageMetadata;
}

/**
 * Reads and checks a message's text, blocks, attachments and metadata the way chat.postMessage,
 * chat.update, chat.postEphemeral and response_url do. Only fields that were given are returned
 * (chat.update keeps the blocks it is not sent). `requireContent` is chat.postMessage's no_text rule.
 */
export function messageContent(params: Params, opts: { requireContent: boolean; surface?: Surface }): MessageContent {
  const out: MessageContent = {};
  const text = params.text;
  if (text !== undefined && text !== null) {
    out.text = typeof text === "string" ? text : String(text);
    if (out.text.length > TEXT_MAX) throw new SlackApiError("msg_too_long");
  }
  if (params.blocks !== undefined && params.blocks !== "") {
    const check = checkBlocks(params.blocks, opts.surface ?? "message");
    if (check.error === "invalid_blocks") {
      throw new SlackApiError("invalid_blocks", {
        errors: check.problems,
        response_metadata: { messages: check.problems.map((p) => `[ERROR] ${p}`) },
      });
    }
    if (check.error) throw new SlackApiError(check.error);
    out.blocks = withGeneratedIds(params.blocks as Block[]);
  }
  if (params.attachments !== undefined && params.attachments !== "") {
    if (!Array.isArray(params.attachments)) throw new SlackApiError("invalid_attachments");
    if (params.attachments.length > ATTACHMENTS_MAX) throw new SlackApiError("too_many_attachments");
    out.attachments = params.attachments as Record<string, unknown>[];
  }
  if (params.metadata !== undefined && params.metadata !== "") out.metadata = metadataOf(params.metadata);
  const empty = !out.text && (out.blocks?.length ?? 0) === 0 && (out.attachments?.length ?? 0) === 0;
  if (opts.requireContent && empty) throw new SlackApiError("no_text");
  return out;
}

/** Message metadata (https://docs.slack.dev/messaging/message-metadata): event_type + event_payload. */
function metadataOf(raw: unknown): MessageMetadata {
  if (!isObject(raw)) throw new SlackApiError("invalid_metadata_format");
  if (typeof raw.event_type !== "string" || raw.event_type === "" || !isObject(raw.event_payload)) {
    throw new SlackApiError("invalid_metadata_schema");
  }
  return { event_type: raw.event_type, event_payload: raw.event_payload };
}

/** The parent ts of a thread: a reply's ts is taken as its parent's, like Slack does. */
export function threadParent(ctx: ApiContext, channel: string, threadTs: string): string {
  const target = ctx.state.messageRef(channel, threadTs);
  if (!target) throw new SlackApiError("thread_not_found");
  return target.thread_ts ?? target.ts;
}

/** A message as the bot posts it: user, bot_id, app_id and bot_profile set, like Slack does. */
export function botMessage(ctx: ApiContext, content: MessageContent, thread?: { channel: string; ts: string }): SlackMessage {
  const message: SlackMessage = {
    type: "message",
    ts: ctx.ids.ts(),
    team: TEAM.id,
    user: BOT.userId,
    bot_id: BOT.botId,
    app_id: APP_ID,
    bot_profile: { id: BOT.botId, app_id: APP_ID, name: BOT.name, team_id: TEAM.id, deleted: false },
    text: content.text ?? "",
  };
  if (content.blocks) message.blocks = content.blocks;
  if (content.attachments) message.attachments = content.attachments;
  if (content.metadata) message.metadata = content.metadata;
  if (thread) {
    message.thread_ts = thread.ts;
    const parent = ctx.state.messageRef(thread.channel, thread.ts)?.user;
    if (parent) message.parent_user_id = parent;
  }
  return message;
}
