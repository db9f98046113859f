/**
 * A PACER page held past its matter's budget (issue 14 item 3) runs once an admin approves: the
 * requester must still be able to bill the matter (a channel still linked to it, or, from a DM,
 * one of their channels), and the results reach them privately where they asked. The original
 * card's response_url may have expired by then, so results are posted for them alone.
 */
import { z } from "zod";
import { buildContext } from "../../slack/context.ts";
import { responderFor } from "../../slack/outbound.ts";
import type { FeeRun } from "../budgets/index.ts";
import { billingContext, runPacerPage } from "./pacer-flow.ts";
import { decodePacerSearch } from "./pacer-values.ts";
import type { SearchRuntime } from "./runtime.ts";

const HeldPacer = z.object({ value: z.string().min(1), channelId: z.string().min(1) });

export async function runHeldPacer(rt: SearchRuntime, run: FeeRun): Promise<void> {
  const held = HeldPacer.parse(run.data);
  const pending = decodePacerSearch(held.value);
  if (!pending || pending.clientMatter !== run.action.clientMatter) throw new Error("the held PACER search does not decode");
  const channelId = /^[CG]/.test(held.channelId) ? held.channelId : undefined;
  const base = await buildContext(rt.deps, { teamId: run.action.teamId, userId: run.action.requestedBy, channelId }, "held_pacer");
  const ctx = await billingContext(rt.deps, run.client, base);
  const respond = responderFor(run.client, { channel: held.channelId, userId: run.action.requestedBy });
  await runPacerPage(rt, ctx, pending, respond, { client: run.client, cleared: run.cleared });
}
