/**
 * A sentence only the user sees, when there is no response_url (view submissions): ephemeral in
 * the conversation, or, where the bot cannot post (not a member), in the app's DM with them.
 */
import type { WebClient } from "@slack/web-api";
import type { RequestContext } from "../../slack/context.ts";

export async function tellUser(client: WebClient, ctx: RequestContext, conversation: string | undefined, text: string): Promise<void> {
  try {
    if (conversation && !conversation.startsWith("U")) {
      await client.chat.postEphemeral({ channel: conversation, user: ctx.userId, text });
      return;
    }
  } catch (error) {
    ctx.log.info({ err: error }, "could not post ephemeral; writing to the user's DM");
  }
  await client.chat.postMessage({ channel: ctx.userId, text }).catch((err: unknown) => ctx.log.warn({ err }, "could not tell the user"));
}
