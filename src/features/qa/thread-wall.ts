/**
 * Walls of a Q&A thread: a binding is looked up by team, channel and thread, so a thread bound in
 * another channel never matches; and the thread's matter must still be linked to this channel.
 */
import { wallAllows } from "../../court/matter-wall.ts";
import type { ThreadBinding } from "../../store/store.ts";
import type { RequestContext } from "../../slack/context.ts";

export const WALL = "This thread's client matter is no longer linked to this channel, so I can't answer here. Ask again with `/docket ask`.";

/** A direct message with the app (D…): its one reader is the user, and no matter is linked there. */
export const isAppDm = (channelId: string | undefined): boolean => channelId !== undefined && /^D[A-Z0-9]{2,30}$/.test(channelId);

/**
 * The thread's binding, if this channel may use it. In the app DM the only reader is its user, who
 * billed the thread to one of their own channels' matters (issue 14 item 5), so a thread there is
 * visible there; in a channel its matter must still be linked to it.
 */
export function bindingVisible(binding: ThreadBinding, ctx: RequestContext): boolean {
  if (binding.channelId !== ctx.channelId) return false;
  return isAppDm(binding.channelId) ? binding.createdBy === ctx.userId || binding.clientMatter === "" : wallAllows(ctx.matters, binding.clientMatter);
}
