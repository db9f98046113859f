/**
 * Whether the asker may still bill a thread's matter (issue 22 item 7): the matter is linked to a
 * channel the asker is a member of. The very rule the DM matter-pick applies (fee-clicks.ts →
 * fee-actions.ts `choose`: the picked matter must be among mattersOfUser), asked again at every
 * billed follow-up, so a thread keeps billing a matter only while its asker still works on it
 * (removed from the matter's channels, or the matter unlinked everywhere: no more answers on it).
 * Slack not answering counts as no: nothing is charged on a guess.
 */
import type { WebClient } from "@slack/web-api";
import { matterName } from "../../slack/blockkit/names.ts";
import type { RequestContext } from "../../slack/context.ts";
import { mattersOfUser } from "../../slack/user-channels.ts";
import type { QaRuntime } from "./runtime.ts";

export async function mayStillBill(rt: QaRuntime, client: WebClient, ctx: RequestContext, clientMatter: string): Promise<boolean> {
  const allowed = await mattersOfUser(rt.deps, client, ctx).catch((err: unknown) => {
    ctx.log.warn({ err }, "could not read the asker's channels; not billing the thread's matter");
    return [] as string[];
  });
  return allowed.includes(clientMatter);
}

export const noLongerBillable = (clientMatter: string): string =>
  `You can no longer bill ${matterName(clientMatter)}: it isn't linked to a channel you're in. I didn't answer, and nothing was charged.`;
