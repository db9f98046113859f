/**
 * A question held by the fee gate (issue 14: above the matter's ask-first price, or past its
 * budget) runs from its thread once its requester confirms or an admin approves: the thread must
 * still be bound and its matter still linked to the channel (the wall is checked again, as late as
 * possible), then it is answered there like any other.
 */
import { HeldQuestion } from "./held-question.ts";
import { buildContext } from "../../slack/context.ts";
import { postMessage } from "../../slack/outbound.ts";
import type { FeeRun } from "../budgets/index.ts";
import { answerInThread } from "./thread-answer.ts";
import { renderThreadNote } from "./views/question.ts";
import type { QaRuntime } from "./runtime.ts";
import { bindingVisible, WALL } from "./thread-wall.ts";

export async function runHeldQuestion(rt: QaRuntime, run: FeeRun): Promise<void> {
  const held = HeldQuestion.parse(run.data);
  const { action } = run;
  const ctx = await buildContext(rt.deps, { teamId: action.teamId, userId: action.requestedBy, channelId: held.channelId }, "held_question");
  const key = { teamId: action.teamId, channelId: held.channelId, threadTs: held.threadTs };
  // Asked in the app DM without a matter: the one its asker just picked bills the thread from now on.
  const found = await rt.deps.store.getThread(key);
  const binding = found?.clientMatter === "" && action.clientMatter !== "" ? ((await rt.deps.store.billThread(key, action.clientMatter)) ?? (await rt.deps.store.getThread(key))) : found;
  if (!binding || !bindingVisible(binding, ctx) || binding.clientMatter !== action.clientMatter) {
    await postMessage(run.client, { channel: held.channelId, message: renderThreadNote(WALL), threadTs: held.threadTs });
    throw new Error("the held question's thread is no longer visible under its matter");
  }
  await answerInThread(rt, run.client, ctx, { binding, question: held.question, target: held.target, cleared: run.cleared });
}
