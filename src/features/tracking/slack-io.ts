/**
 * The few ways tracking talks back through a response_url (slash commands and button clicks):
 * replace the "working" message with a result only the user sees, or swap it for a message the
 * whole channel sees. Failing to tell the user is logged, never thrown over the real error.
 */
import type { RespondArguments, RespondFn } from "@slack/bolt";
import type { KnownBlock } from "@slack/types";
import type { MessagePayload } from "../../slack/blockkit/blocks.ts";
import type { RequestContext } from "../../slack/context.ts";

/** Our Block Kit shapes are a structural subset of @slack/types' blocks. */
export function toSlack(p: MessagePayload): { text: string; blocks: KnownBlock[] } {
  return { text: p.text, blocks: p.blocks as unknown as KnownBlock[] };
}

export function ephemeral(p: MessagePayload | string): RespondArguments {
  return typeof p === "string" ? { response_type: "ephemeral", text: p } : { response_type: "ephemeral", ...toSlack(p) };
}

/** Replaces the message the response_url belongs to (the working line), for the user only. */
export async function replaceForUser(respond: RespondFn, ctx: RequestContext, p: MessagePayload | string): Promise<void> {
  await respond({ ...ephemeral(p), replace_original: true }).catch((err: unknown) => ctx.log.warn({ err }, "could not answer the user"));
}

/** Adds a message for the user only, leaving the original as it is. */
export async function tellUser(respond: RespondFn, ctx: RequestContext, p: MessagePayload | string): Promise<void> {
  await respond({ ...ephemeral(p), replace_original: false }).catch((err: unknown) => ctx.log.warn({ err }, "could not answer the user"));
}

/**
 * The working line goes, and the result is posted for the whole channel (through the
 * response_url, which works whether or not the bot is a member). If the channel post fails, the
 * user still gets the result.
 */
export async function announce(respond: RespondFn, ctx: RequestContext, p: MessagePayload, opts: { dropOriginal: boolean }): Promise<void> {
  if (opts.dropOriginal) {
    await respond({ delete_original: true }).catch((err: unknown) => ctx.log.debug({ err }, "could not remove the working message"));
  }
  try {
    await respond({ response_type: "in_channel", replace_original: false, ...toSlack(p) });
  } catch (err) {
    ctx.log.warn({ err }, "could not post to the channel; telling the user instead");
    await tellUser(respond, ctx, p);
  }
}
