/**
 * Walls of a Q&A thread: a binding is looked up by team, channel and thread, so a thread bound in
 * another channel never matches; and the thread's matter must still be linked to this channel.
 */
import { wallAllows } from "../../court/matter-wall.ts";
import type { ThreadBinding } from "../../store/store.ts";
import type { RequestContext } from "../../slack/context.ts";

export const WALL = "This thread's client matter is no longer linked to this channel, so I can't answer here. Ask again with `/docket ask`.";

/** The thread's binding, if this channel may use it. */
export function bindingVisible(binding: ThreadBinding, ctx: RequestContext): boolean {
  return binding.channelId === ctx.channelId && wallAllows(ctx.matters, binding.clientMatter);
}
