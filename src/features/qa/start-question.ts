/**
 * A new question about a case: `/docket ask`, the Ask modal, or a mention naming a case. Either we
 * post a root message that names the case and quotes the question (message-style.md, Answers), or
 * (a mention) the user's own message is the root; the thread is bound to the case and the
 * channel's matter (issue 4: "Thread-to-case bindings are stored"), then answered.
 */
import type { WebClient } from "@slack/web-api";
import type { CaseRef } from "../../court/refs.ts";
import { wallAllows } from "../../court/matter-wall.ts";
import { renderQuestionRoot, type QuestionTarget } from "./views/question.ts";
import { billedMatter, type RequestContext } from "../../slack/context.ts";
import type { QaRuntime } from "./runtime.ts";
import { postMessage } from "../../slack/outbound.ts";
import { answerInThread } from "./thread-answer.ts";

export interface NewQuestion {
  ref: CaseRef;
  question: string;
  target: QuestionTarget;
  /** Where to ask: a channel id, or a user id for the app's DM with them (no channel: App Home). */
  conversation: string;
}

async function bind(rt: QaRuntime, ctx: RequestContext, channelId: string, threadTs: string, ref: CaseRef, target: QuestionTarget, clientMatter?: string) {
  // An alert thread's matter (issue 25 item 3) when it is one of this channel's; else the channel's
  // one matter. Of several, none is assumed: the first question's asker picks (thread-answer.ts).
  const matter = clientMatter !== undefined && wallAllows(ctx.matters, clientMatter) ? clientMatter : billedMatter(ctx);
  const binding = await rt.deps.store.bindThread({
    teamId: ctx.teamId, channelId, threadTs, court: ref.court, docket: ref.docket,
    clientMatter: matter, createdBy: ctx.userId, target,
  });
  rt.deps.store
    .touchRecentCase({ teamId: ctx.teamId, userId: ctx.userId, court: ref.court, docket: ref.docket, title: rt.titles.peek(ref), clientMatter: binding.clientMatter || undefined })
    .catch((err: unknown) => ctx.log.warn({ err }, "could not record the recent case"));
  return binding;
}

/** Posts the root, binds its thread, answers. Slack errors posting the root propagate (slack-errors.ts cannotPostThere). */
export async function startQuestion(rt: QaRuntime, client: WebClient, ctx: RequestContext, q: NewQuestion): Promise<void> {
  // The app's DM (a user id, or its D… channel) is addressed to the bot: every reply is a follow-up.
  const followUps = /^[UWD]/.test(q.conversation) ? ("reply" as const) : ("mention" as const);
  const model = { ...q.ref, title: rt.titles.peek(q.ref), question: q.question, askedBy: ctx.userId, target: q.target, followUps };
  const root = await postMessage(client, { channel: q.conversation, message: renderQuestionRoot(model, { siteUrl: rt.deps.siteUrl }) });
  const binding = await bind(rt, ctx, root.channel, root.ts, q.ref, q.target);
  await answerInThread(rt, client, ctx, { binding, question: q.question, target: q.target, root: { ts: root.ts, model } });
}

/** A mention naming a case: its message (or the thread it is in) becomes the Q&A thread. */
export async function startOnMessage(
  rt: QaRuntime, client: WebClient, ctx: RequestContext,
  q: { ref: CaseRef; question: string; channelId: string; threadTs: string; target?: QuestionTarget | undefined; clientMatter?: string | undefined },
): Promise<void> {
  const target = q.target ?? "docket";
  const binding = await bind(rt, ctx, q.channelId, q.threadTs, q.ref, target, q.clientMatter);
  await answerInThread(rt, client, ctx, { binding, question: q.question, target: binding.target ?? target, withIdentity: true });
}
