import type { EphemeralMessage, ModalEntry, SlackFile, SlackMessage, SlackView } from "./types.ts";
import { FileStore } from "./file-store.ts";
import { ViewStore } from "./view-store.ts";
import { seedChannels, TEAM, USERS, type SlackChannel, type SlackUser } from "./workspace.ts";

export type StateChangeKind =
  | "message" | "message_changed" | "message_deleted" | "ephemeral" | "home" | "modal" | "file" | "channel";

export interface StateChange {
  kind: StateChangeKind;
  channel?: string;
  user?: string;
  ts?: string;
}

/** A channel as tests and the web page read it (members as an array, a copy). */
export type ChannelInfo = Omit<SlackChannel, "members"> & { members: string[] };

/** Read access to the workspace, for tests and the web page. Everything returned is a copy. */
export interface SlackStateView {
  channels(): ChannelInfo[];
  channel(id: string): ChannelInfo | undefined;
  users(): SlackUser[];
  /**
   * What the channel shows, oldest first: top-level messages (reply_count and friends on parents)
   * and replies broadcast to the channel (subtype thread_broadcast), as conversations.history does.
   */
  messages(channel: string): SlackMessage[];
  /** A thread: its parent, then the replies, oldest first ([] when there is no such message). */
  thread(channel: string, ts: string): SlackMessage[];
  message(channel: string, ts: string): SlackMessage | undefined;
  /** Ephemeral messages shown to one user, oldest first, optionally in one channel. */
  ephemerals(user: string, channel?: string): EphemeralMessage[];
  homeView(user: string): SlackView | undefined;
  /** The user's open modal stack, bottom first ([] when none is open). */
  modals(user: string): ModalEntry[];
  files(): SlackFile[];
  subscribe(listener: (change: StateChange) => void): () => void;
}

const copy = <T>(v: T): T => structuredClone(v);

/**
 * The stand-in's in-memory workspace. Methods that change it notify subscribers so the web page can
 * update live; reads hand out copies so a test cannot change Slack's state behind its back.
 */
export class WorkspaceState implements SlackStateView {
  readonly views = new ViewStore();
  readonly fileStore = new FileStore();
  readonly #channels = new Map<string, SlackChannel>(seedChannels().map((c) => [c.id, c]));
  readonly #users = new Map<string, SlackUser>(USERS.map((u) => [u.id, u]));
  /** Every message of a channel, replies included, in ts order. */
  readonly #messages = new Map<string, SlackMessage[]>();
  #ephemerals: EphemeralMessage[] = [];
  readonly #listeners = new Set<(change: StateChange) => void>();

  emit(change: StateChange): void {
    for (const listener of this.#listeners) listener(change);
  }

  subscribe(listener: (change: StateChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  // ---- channels and users ----
  channelRef(id: string): SlackChannel | undefined {
    return this.#channels.get(id);
  }
  /** The bot's DM with a user, for methods that accept a user ID as the channel. */
  dmWith(user: string): SlackChannel | undefined {
    return [...this.#channels.values()].find((c) => c.is_im && c.user === user);
  }
  userRef(id: string): SlackUser | undefined {
    return this.#users.get(id);
  }
  channels(): ChannelInfo[] {
    return [...this.#channels.values()].map(info);
  }
  channel(id: string): ChannelInfo | undefined {
    const c = this.#channels.get(id);
    return c && info(c);
  }
  users(): SlackUser[] {
    return [...this.#users.values()].map(copy);
  }
  /** A conversation the seed does not have (a test's DM between two people, a Slack Connect channel). */
  addChannel(channel: SlackChannel): void {
    if (this.#channels.has(channel.id)) throw new Error(`The Slack stand-in already has channel ${channel.id}`);
    this.#channels.set(channel.id, channel);
    this.emit({ kind: "channel", channel: channel.id });
  }
  /** A person the seed does not have (a Slack Connect partner). */
  addUser(user: SlackUser): void {
    if (this.#users.has(user.id)) throw new Error(`The Slack stand-in already has user ${user.id}`);
    this.#users.set(user.id, { ...user });
  }
  setArchived(id: string, archived: boolean): void {
    this.#require(id).is_archived = archived;
    this.emit({ kind: "channel", channel: id });
  }
  setMember(id: string, user: string, member: boolean): void {
    const c = this.#require(id);
    if (member) c.members.add(user);
    else c.members.delete(user);
    this.emit({ kind: "channel", channel: id });
  }

  // ---- messages ----
  addMessage(channel: string, message: SlackMessage): void {
    const list = this.#messages.get(channel) ?? [];
    list.push(message);
    this.#messages.set(channel, list);
    this.emit({ kind: "message", channel, ts: message.ts });
  }
  /** The stored message itself (not a copy), for the Web API methods that change it. */
  messageRef(channel: string, ts: string): SlackMessage | undefined {
    return this.#messages.get(channel)?.find((m) => m.ts === ts);
  }
  changed(channel: string, ts: string): void {
    this.emit({ kind: "message_changed", channel, ts });
  }
  /** Slack leaves a tombstone where a parent with replies was deleted; other messages just go. */
  deleteMessage(channel: string, ts: string): void {
    const list = this.#messages.get(channel) ?? [];
    const index = list.findIndex((m) => m.ts === ts);
    const target = list[index];
    if (!target) return;
    const hasReplies = list.some((m) => m.thread_ts === ts && m.ts !== ts);
    if (hasReplies) {
      list[index] = { type: "message", subtype: "tombstone", ts, thread_ts: ts, team: TEAM.id, text: "This message was deleted.", user: "USLACKBOT" };
    } else {
      list.splice(index, 1);
    }
    this.emit({ kind: "message_deleted", channel, ts });
  }
  /** All messages of a channel with thread fields filled in, oldest first. */
  allMessages(channel: string): SlackMessage[] {
    const list = this.#messages.get(channel) ?? [];
    return list.map((m) => withThreadFields(m, list));
  }
  messages(channel: string): SlackMessage[] {
    return this.allMessages(channel).filter((m) => m.thread_ts === undefined || m.thread_ts === m.ts || m.subtype === "thread_broadcast");
  }
  thread(channel: string, ts: string): SlackMessage[] {
    const all = this.allMessages(channel);
    const root = all.find((m) => m.ts === ts);
    if (!root) return [];
    const parentTs = root.thread_ts ?? root.ts;
    return all.filter((m) => m.ts === parentTs || m.thread_ts === parentTs);
  }
  message(channel: string, ts: string): SlackMessage | undefined {
    return this.allMessages(channel).find((m) => m.ts === ts);
  }

  // ---- ephemerals ----
  addEphemeral(message: EphemeralMessage): void {
    this.#ephemerals.push(message);
    this.emit({ kind: "ephemeral", channel: message.channel, user: message.user, ts: message.message_ts });
  }
  ephemeralRef(user: string, ts: string): EphemeralMessage | undefined {
    return this.#ephemerals.find((e) => e.user === user && e.message_ts === ts);
  }
  deleteEphemeral(user: string, ts: string): void {
    this.#ephemerals = this.#ephemerals.filter((e) => !(e.user === user && e.message_ts === ts));
    this.emit({ kind: "ephemeral", user, ts });
  }
  ephemerals(user: string, channel?: string): EphemeralMessage[] {
    return this.#ephemerals.filter((e) => e.user === user && (channel === undefined || e.channel === channel)).map(copy);
  }

  // ---- views and files ----
  homeView(user: string): SlackView | undefined {
    const v = this.views.home(user);
    return v && copy(v);
  }
  modals(user: string): ModalEntry[] {
    return this.views.stack(user).map(copy);
  }
  files(): SlackFile[] {
    return this.fileStore.shared().map(copy);
  }

  #require(id: string): SlackChannel {
    const c = this.#channels.get(id);
    if (!c) throw new Error(`The Slack stand-in has no channel ${id}`);
    return c;
  }
}

function info(c: SlackChannel): ChannelInfo {
  return { ...c, members: [...c.members] };
}

/** Parents carry reply_count, reply_users, latest_reply as conversations.history shows them. */
function withThreadFields(m: SlackMessage, all: SlackMessage[]): SlackMessage {
  const out = copy(m);
  const replies = all.filter((r) => r.thread_ts === m.ts && r.ts !== m.ts);
  if (replies.length > 0) {
    const users = [...new Set(replies.map((r) => r.user ?? r.bot_id ?? ""))].filter(Boolean);
    Object.assign(out, {
      thread_ts: m.ts,
      reply_count: replies.length,
      reply_users: users,
      reply_users_count: users.length,
      latest_reply: replies[replies.length - 1]?.ts,
    });
  }
  return out;
}
