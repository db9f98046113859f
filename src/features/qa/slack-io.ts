/**
 * Posting and replacing the Q&A messages. Our links point at the service's site, which is an
 * unfurl domain of this very app: unfurling is off on these posts so an answer citing entries does
 * not grow a case card per link.
 */
import type { KnownBlock } from "@slack/types";
import type { WebClient } from "@slack/web-api";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";

/** Our Block Kit shapes are a structural subset of @slack/types' blocks. */
const blocksOf = (p: MessagePayload) => p.blocks as unknown as KnownBlock[];

/** Posts; `channel` may be a user id (the app's DM with them): the answer names the conversation. */
export async function postMessage(
  client: WebClient, channel: string, payload: MessagePayload, threadTs?: string,
): Promise<{ ts: string; channel: string }> {
  const res = await client.chat.postMessage({
    channel,
    text: payload.text,
    blocks: blocksOf(payload),
    unfurl_links: false,
    unfurl_media: false,
    ...(threadTs ? { thread_ts: threadTs } : {}),
  });
  if (!res.ts) throw new Error("chat.postMessage returned no ts");
  return { ts: res.ts, channel: res.channel ?? channel };
}

export async function updateMessage(client: WebClient, channel: string, ts: string, payload: MessagePayload): Promise<void> {
  await client.chat.update({ channel, ts, text: payload.text, blocks: blocksOf(payload) });
}

/** Replaces the placeholder; when it is gone (deleted meanwhile), posts in the thread instead. */
export async function replaceOrPost(client: WebClient, where: { channel: string; ts: string; threadTs: string }, payload: MessagePayload): Promise<void> {
  try {
    await updateMessage(client, where.channel, where.ts, payload);
  } catch (error) {
    if (slackErrorCode(error) !== "message_not_found") throw error;
    await postMessage(client, where.channel, payload, where.threadTs);
  }
}

/** The Web API's error code (`not_in_channel` …) of a failed call, if it was one. */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === "string" ? data.error : undefined;
}

/** Errors that mean "the bot cannot post in that conversation". */
export function cannotPostThere(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code === "not_in_channel" || code === "channel_not_found" || code === "is_archived" || code === "restricted_action";
}

export const CANNOT_POST =
  "I can't post in this conversation. Invite me with `/invite @docketbot` and ask again.";
