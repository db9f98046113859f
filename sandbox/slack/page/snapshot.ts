import type { SlackStateView } from "../state.ts";
import type { EphemeralMessage, SlackMessage } from "../types.ts";
import { BOT } from "../workspace.ts";

/**
 * What one person sees of the workspace, shaped for the page: the conversations they are in, a
 * conversation's history, a thread, and their own ephemeral messages. Messages keep Slack's shapes
 * (the page renders them as Slack's client would); nothing here is escaped, because the page only
 * ever puts text into the DOM as text.
 */
export interface PageChannel {
  id: string;
  /** `litigation-acme`; for the DM, the app's name (the person on the other side). */
  label: string;
  name: string;
  is_im: boolean;
  is_private: boolean;
  is_archived: boolean;
  purpose: string;
  topic: string;
  member_count: number;
}

export interface PageHistory {
  channel: PageChannel;
  /** Top-level messages, oldest first, with reply_count and friends on thread parents. */
  messages: SlackMessage[];
  /** This person's ephemeral messages outside threads, oldest first. */
  ephemerals: EphemeralMessage[];
}

export interface PageThread {
  channel: PageChannel;
  /** The parent first, then the replies, oldest first. */
  messages: SlackMessage[];
  ephemerals: EphemeralMessage[];
}

export class PageAccessError extends Error {
  readonly code: "channel_not_found" | "not_in_channel" | "thread_not_found";
  constructor(code: PageAccessError["code"]) {
    super(code);
    this.code = code;
  }
}

export function visibleChannels(state: SlackStateView, user: string): PageChannel[] {
  return state
    .channels()
    .filter((c) => c.members.includes(user))
    .map((c) => ({
      id: c.id, name: c.name, label: c.is_im ? BOT.name : c.name, is_im: c.is_im, is_private: c.is_private,
      is_archived: c.is_archived, purpose: c.purpose, topic: c.topic, member_count: c.members.length,
    }))
    // Channels first (by name), then DMs, as in Slack's sidebar.
    .sort((a, b) => Number(a.is_im) - Number(b.is_im) || a.label.localeCompare(b.label));
}

/** The conversation, if this person is in it (Slack shows nothing else). */
export function visibleChannel(state: SlackStateView, user: string, id: string): PageChannel {
  const channel = visibleChannels(state, user).find((c) => c.id === id);
  if (channel) return channel;
  throw new PageAccessError(state.channel(id) ? "not_in_channel" : "channel_not_found");
}

/** An ephemeral posted with a thread_ts belongs to that thread (a reply's ts counts as its parent's). */
function threadOfEphemeral(state: SlackStateView, e: EphemeralMessage): string | undefined {
  if (!e.thread_ts) return undefined;
  const target = state.message(e.channel, e.thread_ts);
  return target?.thread_ts ?? target?.ts ?? e.thread_ts;
}

export function historyFor(state: SlackStateView, user: string, channelId: string): PageHistory {
  const channel = visibleChannel(state, user, channelId);
  return {
    channel,
    messages: state.messages(channelId),
    ephemerals: state.ephemerals(user, channelId).filter((e) => threadOfEphemeral(state, e) === undefined),
  };
}

export function threadFor(state: SlackStateView, user: string, channelId: string, ts: string): PageThread {
  const channel = visibleChannel(state, user, channelId);
  const messages = state.thread(channelId, ts);
  const parent = messages[0];
  if (!parent) throw new PageAccessError("thread_not_found");
  return {
    channel,
    messages,
    ephemerals: state.ephemerals(user, channelId).filter((e) => threadOfEphemeral(state, e) === parent.ts),
  };
}
