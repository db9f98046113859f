import { bool, findChannel, readableChannel, required, SlackApiError, str, type MethodHandler, type Params } from "../api-context.ts";
import type { SlackMessage } from "../types.ts";
import { BOT, TEAM, type SlackChannel } from "../workspace.ts";

/**
 * conversations.* (https://docs.slack.dev/reference/methods/conversations.history and siblings).
 * Pagination follows Slack's: `limit`, an opaque `cursor`, `has_more` and
 * `response_metadata.next_cursor`. Message metadata is returned only with include_all_metadata.
 */
const history: MethodHandler = (params, ctx) => {
  const channel = readableChannel(ctx, str(params, "channel"));
  const all = ctx.state.messages(channel.id).reverse(); // newest first
  const inRange = all.filter((m) => within(m.ts, params));
  const page = paginate(inRange, params, 100, 999);
  return {
    messages: page.items.map((m) => withMetadata(m, bool(params, "include_all_metadata"))),
    has_more: page.nextCursor !== undefined,
    pin_count: 0,
    channel_actions_ts: null,
    channel_actions_count: 0,
    response_metadata: { next_cursor: page.nextCursor ?? "" },
  };
};

/** The parent comes first on every page, as Slack returns it; replies oldest first. */
const replies: MethodHandler = (params, ctx) => {
  const channel = readableChannel(ctx, str(params, "channel"));
  const thread = ctx.state.thread(channel.id, required(params, "ts", "thread_not_found"));
  const [parent, ...rest] = thread;
  if (!parent) throw new SlackApiError("thread_not_found");
  const page = paginate(rest.filter((m) => within(m.ts, params)), params, 1000, 1000);
  const withMeta = bool(params, "include_all_metadata");
  return {
    messages: [parent, ...page.items].map((m) => withMetadata(m, withMeta)),
    has_more: page.nextCursor !== undefined,
    response_metadata: { next_cursor: page.nextCursor ?? "" },
  };
};

const info: MethodHandler = (params, ctx) => {
  const channel = findChannel(ctx, str(params, "channel"));
  return { channel: channelObject(channel, bool(params, "include_num_members")) };
};

const members: MethodHandler = (params, ctx) => {
  const channel = findChannel(ctx, str(params, "channel"));
  return { members: [...channel.members], response_metadata: { next_cursor: "" } };
};

/** users.conversations: the conversations a user (default: the bot) is in, by `types`. */
const userConversations: MethodHandler = (params, ctx) => {
  const user = str(params, "user") ?? BOT.userId;
  if (!ctx.state.userRef(user)) throw new SlackApiError("user_not_found");
  const types = (str(params, "types") ?? "public_channel").split(",").map((t) => t.trim());
  const excludeArchived = bool(params, "exclude_archived") ?? false;
  const channels = ctx.state.channels()
    .map((c) => ctx.state.channelRef(c.id) as SlackChannel)
    .filter((c) => c.members.has(user))
    .filter((c) => (c.is_im ? types.includes("im") : types.includes(c.is_private ? "private_channel" : "public_channel")))
    .filter((c) => !(excludeArchived && c.is_archived));
  return { channels: channels.map((c) => channelObject(c, false)), response_metadata: { next_cursor: "" } };
};

export function channelObject(c: SlackChannel, numMembers: boolean | undefined): Record<string, unknown> {
  if (c.is_im) {
    return { id: c.id, created: c.created, is_im: true, is_org_shared: false, user: c.user, is_user_deleted: false, priority: 0, context_team_id: TEAM.id };
  }
  const text = (value: string) => ({ value, creator: value ? c.creator : "", last_set: value ? c.created : 0 });
  return {
    id: c.id, name: c.name, is_channel: true, is_group: false, is_im: false, is_mpim: false, is_private: c.is_private,
    created: c.created, is_archived: c.is_archived, is_general: false, unlinked: 0, name_normalized: c.name,
    is_shared: false, is_org_shared: false, is_ext_shared: false, is_pending_ext_shared: false,
    is_member: c.members.has(BOT.userId), creator: c.creator, context_team_id: TEAM.id,
    topic: text(c.topic), purpose: text(c.purpose), previous_names: [],
    ...(numMembers ? { num_members: c.members.size } : {}),
  };
}

function withMetadata(m: SlackMessage, include: boolean | undefined): SlackMessage {
  if (include || m.metadata === undefined) return m;
  const { metadata: _dropped, ...rest } = m;
  return rest;
}

/** oldest/latest bounds, exclusive unless `inclusive` (conversations.history arguments). */
function within(ts: string, params: Params): boolean {
  const t = Number(ts);
  const oldest = Number(str(params, "oldest") ?? "0");
  const latest = str(params, "latest") === undefined ? Infinity : Number(str(params, "latest"));
  if (bool(params, "inclusive")) return t >= oldest && t <= latest;
  return t > oldest && t < latest;
}

/** Cursors are opaque to apps; here, base64 of "next_ts:<ts of the first item of the next page>". */
function paginate(items: SlackMessage[], params: Params, defaultLimit: number, maxLimit: number): { items: SlackMessage[]; nextCursor?: string } {
  const asked = Number(str(params, "limit") ?? defaultLimit);
  const limit = Number.isFinite(asked) && asked > 0 ? Math.min(asked, maxLimit) : defaultLimit;
  let start = 0;
  const cursor = str(params, "cursor");
  if (cursor) {
    const decoded = Buffer.from(cursor, "base64").toString("utf8");
    const ts = decoded.startsWith("next_ts:") ? decoded.slice("next_ts:".length) : undefined;
    start = items.findIndex((m) => m.ts === ts);
    if (ts === undefined || start < 0) throw new SlackApiError("invalid_cursor");
  }
  const page = items.slice(start, start + limit);
  const next = items[start + limit];
  return next ? { items: page, nextCursor: Buffer.from(`next_ts:${next.ts}`).toString("base64") } : { items: page };
}

export const conversationMethods: Record<string, MethodHandler> = {
  "conversations.history": history,
  "conversations.replies": replies,
  "conversations.info": info,
  "conversations.members": members,
  "users.conversations": userConversations,
};
