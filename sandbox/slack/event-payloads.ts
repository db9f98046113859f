import { randomBytes } from "node:crypto";
import type { SlackIds } from "./ids.ts";
import type { WorkspaceState } from "./state.ts";
import type { SlackMessage } from "./types.ts";
import { VERIFICATION_TOKEN } from "./interaction-payloads.ts";
import { envelopeTeamFields, homeTeam, type PayloadShape } from "./payload-shapes.ts";
import { APP_ID, BOT, TEAM } from "./workspace.ts";

/**
 * Events API bodies (https://docs.slack.dev/apis/events-api/#callback-field): the event_callback
 * envelope, and inner events with the fields Slack fills in, so a test can send `{ type:
 * "app_home_opened", user }` and the bot receives what Slack would send.
 */
export interface EventDeps {
  state: WorkspaceState;
  ids: SlackIds;
  /** link_shared registers its unfurl_id and URLs here, for chat.unfurl. */
  unfurls: Map<string, { channel: string; ts: string; urls: string[] }>;
}

export type SlackEvent = Record<string, unknown> & { type: string };

/** The event_callback wrapper, its team fields in the given shape (payload-shapes.ts). */
export function eventEnvelope(deps: EventDeps, event: SlackEvent, shape: PayloadShape = "plain"): Record<string, unknown> {
  const eventContext = Buffer.from(JSON.stringify({ team: TEAM.id, app: APP_ID, id: randomBytes(4).toString("hex") })).toString("base64");
  const acting = homeTeam(deps.state, typeof event.user === "string" ? event.user : undefined);
  return {
    token: VERIFICATION_TOKEN,
    ...envelopeTeamFields(shape, acting),
    api_app_id: APP_ID,
    event,
    type: "event_callback",
    event_id: deps.ids.next("Ev"),
    event_time: deps.ids.seconds(),
    event_context: `4-${eventContext}`,
  };
}

function channelType(deps: EventDeps, channel: unknown): string {
  const c = typeof channel === "string" ? deps.state.channelRef(channel) : undefined;
  return c?.is_im ? "im" : c?.is_private ? "group" : "channel";
}

/** The `message` event for a stored message (a person's, or the bot's own echoed back). */
export function messageEvent(deps: EventDeps, channel: string, message: SlackMessage): SlackEvent {
  const { reply_count: _rc, reply_users: _ru, reply_users_count: _ruc, latest_reply: _lr, ...rest } = structuredClone(message);
  return { ...rest, channel, event_ts: message.ts, channel_type: channelType(deps, channel) };
}

/** Fills in what Slack always sends for the event types the bot handles. */
export function completeEvent(deps: EventDeps, event: SlackEvent): SlackEvent {
  const out: SlackEvent = { ...event };
  switch (event.type) {
    case "message":
    case "app_mention":
      out.ts ??= deps.ids.ts();
      // The author's workspace: a partner's in a Slack Connect channel.
      out.team ??= homeTeam(deps.state, typeof event.user === "string" ? event.user : undefined).id;
      if (event.type === "message") out.channel_type ??= channelType(deps, event.channel);
      break;
    case "link_shared": {
      out.unfurl_id ??= `${deps.ids.seconds()}.${randomBytes(8).toString("hex")}`;
      out.source ??= "conversations_history";
      out.message_ts ??= deps.ids.ts();
      out.is_bot_user_member ??= deps.state.channelRef(String(event.channel))?.members.has(BOT.userId) ?? false;
      const links = Array.isArray(out.links) ? (out.links as { url: string }[]) : [];
      deps.unfurls.set(String(out.unfurl_id), {
        channel: String(out.channel), ts: String(out.message_ts), urls: links.map((l) => l.url),
      });
      break;
    }
    case "app_home_opened": {
      const user = String(event.user);
      out.channel ??= deps.state.dmWith(user)?.id;
      out.tab ??= "home";
      const home = deps.state.homeView(user);
      if (home && out.tab === "home" && out.view === undefined) out.view = home;
      break;
    }
    default:
      break;
  }
  out.event_ts ??= (out.ts as string | undefined) ?? deps.ids.ts();
  return out;
}

/** The link_shared event Slack sends for a message with links in the app's unfurl domains. */
export function linkSharedEvent(channel: string, message: SlackMessage, domains: readonly string[]): SlackEvent | undefined {
  const urls = [...message.text.matchAll(/<?(https?:\/\/[^\s<>|]+)(?:\|[^>]*)?>?/g)].map((m) => m[1] as string);
  const links = urls
    .map((url) => ({ url, domain: new URL(url).hostname }))
    .filter((l) => domains.some((d) => l.domain === d || l.domain.endsWith(`.${d}`)));
  if (links.length === 0) return undefined;
  return {
    type: "link_shared", channel, user: message.user, message_ts: message.ts, links,
    ...(message.thread_ts && message.thread_ts !== message.ts ? { thread_ts: message.thread_ts } : {}),
  };
}
