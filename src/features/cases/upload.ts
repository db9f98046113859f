/**
 * Where a document goes and how: into the thread under the case message it was asked from, or, when
 * the case view was private (an ephemeral lookup, which has no thread), into the clicker's direct
 * message with the app. Slack's external upload flow, through WebClient.filesUploadV2.
 */
import type { WebClient } from "@slack/web-api";
import type { DocumentFile } from "../../docket/documents.ts";
import type { CaseIdentity } from "../../slack/blockkit/case-identity.ts";
import { postMessage } from "../../slack/outbound.ts";
import { renderDocumentDmRoot } from "./views/document-messages.ts";

export type Destination = { kind: "thread"; channelId: string; threadTs: string } | { kind: "dm"; userId: string };

export async function uploadDocument(
  client: WebClient,
  dest: Destination,
  file: DocumentFile,
  words: { comment: string; target: CaseIdentity; siteUrl: string; title: string; filename?: string | undefined },
): Promise<void> {
  let channelId: string;
  let threadTs: string;
  if (dest.kind === "thread") {
    ({ channelId, threadTs } = dest);
  } else {
    // Posting to the user id opens the app's DM; the answer names the DM's conversation.
    ({ channel: channelId, ts: threadTs } = await postMessage(client, { channel: dest.userId, message: renderDocumentDmRoot(words.target, words.siteUrl) }));
  }
  await client.filesUploadV2({
    channel_id: channelId,
    thread_ts: threadTs,
    file: Buffer.from(file.bytes),
    filename: words.filename ?? file.filename,
    title: words.title,
    initial_comment: words.comment,
  });
}
