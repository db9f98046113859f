import type { Clock } from "../../src/clock.ts";
import type { SlackIds } from "./ids.ts";
import type { WorkspaceState } from "./state.ts";
import type { Triggers } from "./triggers.ts";
import type { SlackMessage } from "./types.ts";
import { BOT, type SlackChannel } from "./workspace.ts";

/**
 * What every Web API method handler gets, and the error it throws. Slack answers application errors
 * with HTTP 200 and `{ ok: false, error }` (https://docs.slack.dev/apis/web-api/#responses), plus
 * sometimes more fields (e.g. `errors` and `response_metadata.messages` for invalid_blocks).
 */
export class SlackApiError extends Error {
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(code: string, extra: Record<string, unknown> = {}) {
    super(code);
    this.code = code;
    this.extra = extra;
  }
}

export type Params = Record<string, unknown>;

export interface ApiContext {
  state: WorkspaceState;
  ids: SlackIds;
  clock: Clock;
  /** `http://127.0.0.1:PORT/` */
  baseUrl: string;
  triggers: Triggers;
  /** Unfurl ids handed out with link_shared events, for chat.unfurl. */
  unfurls: Map<string, { channel: string; ts: string; urls: string[] }>;
  /** Tells the bot about a message it posted (Slack echoes an app's own messages as events). */
  echo(channel: string, message: SlackMessage): void;
}

export type MethodHandler = (params: Params, ctx: ApiContext) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** A string param; numbers and booleans from JSON bodies count as their string form. */
export function str(params: Params, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === null || v === "") return undefined;
  return typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;
}

/** A required string param; missing means `code` if given, else Slack's generic invalid_arguments. */
export function required(params: Params, name: string, code?: string): string {
  const v = str(params, name);
  if (v !== undefined) return v;
  if (code) throw new SlackApiError(code);
  throw new SlackApiError("invalid_arguments", {
    response_metadata: { messages: [`[ERROR] missing required field: ${name}`] },
  });
}

export function bool(params: Params, name: string): boolean | undefined {
  const v = params[name];
  if (v === undefined) return undefined;
  return v === true || v === "true" || v === "1" || v === 1;
}

/** A conversation by ID, by "#name" or "name", or by user ID (meaning the bot's DM with them). */
export function findChannel(ctx: ApiContext, ref: string | undefined): SlackChannel {
  if (!ref) throw new SlackApiError("channel_not_found");
  const byId = ctx.state.channelRef(ref);
  if (byId) return byId;
  if (ref.startsWith("U") || ref.startsWith("W")) {
    const dm = ctx.state.dmWith(ref);
    if (dm) return dm;
  }
  const name = ref.replace(/^#/, "");
  const byName = ctx.state.channels().find((c) => !c.is_im && c.name === name);
  if (byName) return ctx.state.channelRef(byName.id) as SlackChannel;
  throw new SlackApiError("channel_not_found");
}

/** Where the bot can post: the channel exists, is not archived, and the bot is in it. */
export function postableChannel(ctx: ApiContext, ref: string | undefined): SlackChannel {
  const channel = findChannel(ctx, ref);
  if (channel.is_archived) throw new SlackApiError("is_archived");
  if (!channel.members.has(BOT.userId)) throw new SlackApiError("not_in_channel");
  return channel;
}

/** What the bot can read: conversations.history and replies need membership too. */
export function readableChannel(ctx: ApiContext, ref: string | undefined): SlackChannel {
  const channel = findChannel(ctx, ref);
  if (!channel.members.has(BOT.userId)) throw new SlackApiError("not_in_channel");
  return channel;
}
