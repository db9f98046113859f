/** The Ask modal submitted from a Q&A thread's "Ask a follow-up" button (follow-up-button.ts). */
import type { WebClient } from "@slack/web-api";
import { caseKey } from "../../court/case-key.ts";
import type { CaseRef } from "../../court/refs.ts";
import type { RequestContext } from "../../slack/context.ts";
import { postMessage, tellUserPrivately } from "../../slack/outbound.ts";
import { renderFollowUpQuestion } from "./views/follow-up-question.ts";
import type { QaRuntime } from "./runtime.ts";
import { answerInThread } from "./thread-answer.ts";
import { bindingVisible, WALL } from "./thread-wall.ts";
import type { QuestionTarget } from "./views/question.ts";

/**
 * A modal submitted for a thread that is already a Q&A thread about the same case: a follow-up
 * there (true). False when the thread is not bound or is about another case (the caller starts a
 * new Q&A on that message instead).
 */
export async function followUpFromModal(
  rt: QaRuntime, client: WebClient, ctx: RequestContext,
  q: { ref: CaseRef; question: string; target: QuestionTarget; channelId: string; threadTs: string },
): Promise<boolean> {
  const binding = await rt.deps.store.getThread({ teamId: ctx.teamId, channelId: q.channelId, threadTs: q.threadTs });
  if (!binding || caseKey(binding) !== caseKey(q.ref)) return false;
  if (!bindingVisible(binding, ctx)) {
    await tellUserPrivately(client, ctx, q.channelId, WALL);
    return true;
  }
  // The modal's question is seen by nobody else: it goes in the thread, under its asker's name,
  // before the answer (issue 25 item 1), as a mention's own message would be.
  await postMessage(client, { channel: q.channelId, message: renderFollowUpQuestion({ askedBy: ctx.userId, question: q.question }), threadTs: q.threadTs });
  await answerInThread(rt, client, ctx, { binding, question: q.question, target: q.target });
  return true;
}
