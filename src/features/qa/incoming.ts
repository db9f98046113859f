/**
 * Which Slack messages are questions for us. Pure: reads the event's fields, trusts none of them.
 * A follow-up is a person's reply in a thread (issue 4): not a bot (ours or another app's), not an
 * edit, deletion or other system subtype.
 */
export interface IncomingMessage {
  channel: string;
  user: string;
  text: string;
  ts: string;
  /** The thread's parent ts; undefined for a top-level message. */
  threadTs: string | undefined;
  channelType: string | undefined;
}

/** People's messages: plain, also sent to the channel, or with a file. */
const HUMAN_SUBTYPES = new Set([undefined, "thread_broadcast", "file_share"]);
const TS = /^\d{1,12}\.\d{1,9}$/;
const ID = /^[A-Z][A-Z0-9]{1,30}$/;

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** The message, when a person wrote it; undefined for bots, system messages and malformed events. */
export function personMessage(event: Record<string, unknown>, bot: { userId?: string | undefined; botId?: string | undefined }): IncomingMessage | undefined {
  if (!HUMAN_SUBTYPES.has(str(event.subtype))) return undefined;
  if (event.bot_id !== undefined || event.bot_profile !== undefined) return undefined;
  const user = str(event.user);
  const channel = str(event.channel);
  const ts = str(event.ts);
  const text = str(event.text) ?? "";
  if (!user || !ID.test(user) || user === bot.userId || !channel || !ID.test(channel) || !ts || !TS.test(ts)) return undefined;
  const thread = str(event.thread_ts);
  const threadTs = thread && TS.test(thread) && thread !== ts ? thread : undefined;
  return { channel, user, text, ts, threadTs, channelType: str(event.channel_type) };
}

/** Whether the text mentions the bot (`<@U0BOT>` or `<@U0BOT|docketbot>`). */
export function mentionsBot(text: string, botUserId: string | undefined): boolean {
  return botUserId !== undefined && (text.includes(`<@${botUserId}>`) || text.includes(`<@${botUserId}|`));
}
