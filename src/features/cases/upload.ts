/**
 * Where a document goes and how: into the thread under the case message it was asked from, or, when
 * the case view was private (an ephemeral lookup, which has no thread), into the clicker's direct
 * message with the app. Slack's external upload flow, through WebClient.filesUploadV2.
 */
import type { KnownBlock } from "@slack/types";
import type { WebClient } from "@slack/web-api";
import type { DocumentFile } from "../../docket/documents.ts";
import type { CaseIdentity } from "../../slack/blockkit/case-identity.ts";
import { renderDocumentDmRoot } from "./views/document-messages.ts";

export type Destination = { kind: "thread"; channelId: string; threadTs: string } | { kind: "dm"; userId: string };

export const CANNOT_POST = "I can't post in this conversation. Invite me with `/invite @docketbot` and try again.";

/** The Web API's error code (`not_in_channel` …) of a failed call, if it was one. */
export function slackErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === "string" ? data.error : undefined;
}

export function cannotPostThere(error: unknown): boolean {
  const code = slackErrorCode(error);
  return ["not_in_channel", "channel_not_found", "is_archived", "restricted_action", "thread_not_found"].includes(code ?? "");
}

export async function uploadDocument(
  client: WebClient,
  dest: Destination,
  file: DocumentFile,
  words: { comment: string; target: CaseIdentity; siteUrl: string; title: string },
): Promise<void> {
  let channelId: string;
  let threadTs: string;
  if (dest.kind === "thread") {
    ({ channelId, threadTs } = dest);
  } else {
    const root = renderDocumentDmRoot(words.target, words.siteUrl);
    const posted = await client.chat.postMessage({
      channel: dest.userId, text: root.text, blocks: root.blocks as unknown as KnownBlock[], unfurl_links: false, unfurl_media: false,
    });
    if (!posted.channel || !posted.ts) throw new Error("chat.postMessage returned no channel or ts");
    channelId = posted.channel;
    threadTs = posted.ts;
  }
  await client.filesUploadV2({
    channel_id: channelId,
    thread_ts: threadTs,
    file: Buffer.from(file.bytes),
    filename: file.filename,
    title: words.title,
    initial_comment: words.comment,
  });
}
