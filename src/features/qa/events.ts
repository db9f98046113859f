/**
 * Follow-ups and mentions (issue 4, Thread Q&A; issue 14 item 1). In a bound thread in a channel,
 * only an @mention of the bot is a follow-up about the thread's case (the "Ask a follow-up" button,
 * modal.ts, is the other way): every other reply is people talking among themselves, and gets no
 * service call, no charge and no reply. In the app's own DM the conversation is addressed to the
 * bot, so a reply in a bound thread there is still a follow-up. Elsewhere: a mention naming a case
 * starts a Q&A thread on that message; a mention without one gets a one-line how-to; any other
 * message is none of our business and is ignored silently.
 *
 * Walls: a binding is looked up by team, channel and thread, so a thread bound in another channel
 * never matches here; and the thread's matter must still be linked to this channel.
 */
import type { App } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { DM_HOW_TO, MENTION_HOW_TO, QA_DISABLED, otherCaseNote, renderThreadNote } from "./views/question.ts";
import type { ThreadBinding } from "../../store/store.ts";
import { buildContext, workspaceKey, type RequestContext } from "../../slack/context.ts";
import { caseRefsInText } from "../../slack/message-refs.ts";
import { postMessage } from "../../slack/outbound.ts";
import { personMessage, type IncomingMessage } from "./incoming.ts";
import { checkQuestion, isAcknowledgement, mentionQuestion, slackToPlain, withoutMention } from "./question-text.ts";
import { firstTime, type QaRuntime } from "./runtime.ts";
import { startOnMessage } from "./start-question.ts";
import { caseOfAlertThread } from "./alert-thread-case.ts";
import { answerInThread } from "./thread-answer.ts";
import { bindingVisible, WALL } from "./thread-wall.ts";
import { caseKey } from "../../court/case-key.ts";


async function note(client: WebClient, ctx: RequestContext, msg: IncomingMessage, text: string): Promise<void> {
  await postMessage(client, { channel: msg.channel, message: renderThreadNote(text), threadTs: msg.threadTs ?? msg.ts }).catch((err: unknown) =>
    ctx.log.warn({ err }, "could not reply in the thread"),
  );
}

async function followUp(rt: QaRuntime, client: WebClient, ctx: RequestContext, binding: ThreadBinding, msg: IncomingMessage, text: string, mentioned: boolean) {
  if (!mentioned && isAcknowledgement(slackToPlain(text))) return;
  if (!bindingVisible(binding, ctx)) return note(client, ctx, msg, WALL);
  if (!rt.deps.qaEnabled) return note(client, ctx, msg, QA_DISABLED);
  const checked = checkQuestion(slackToPlain(text));
  if (!checked.ok) {
    // Too short to be a question: silence in a conversation, a how-to for a mention (it asked for us).
    if (mentioned || checked.message.startsWith("Keep")) await note(client, ctx, msg, checked.message);
    return;
  }
  // A follow-up naming another case is not about this thread's: answered here, it would read as
  // the thread's case's answer ("the docket does not say…"). Said so, nothing asked or charged.
  const other = caseRefsInText(text, rt.deps.siteUrl).find((r) => caseKey(r) !== caseKey(binding));
  if (other) return note(client, ctx, msg, otherCaseNote(binding, other));
  // What the thread's first question read (kept with the binding, so also after a restart).
  const target = binding.target ?? "docket";
  await answerInThread(rt, client, ctx, { binding, question: checked.question, target });
}

/**
 * A person writes to the app's DM (issue 15 item 5): a message naming a case is a question and
 * starts a Q&A thread on it, as a mention does in a channel; anything else gets what docketbot
 * can do here, at the top level of the DM (not hidden in a thread).
 */
async function directMessage(rt: QaRuntime, client: WebClient, ctx: RequestContext, msg: IncomingMessage): Promise<void> {
  const text = slackToPlain(msg.text);
  const ref = caseRefsInText(msg.text, rt.deps.siteUrl)[0];
  const checked = ref ? checkQuestion(mentionQuestion(msg.text, rt.deps.siteUrl)) : undefined;
  if (!ref || !checked?.ok) {
    const help = ref && !rt.deps.qaEnabled ? QA_DISABLED : ref && checked && !checked.ok ? checked.message : DM_HOW_TO;
    if (!ref && isAcknowledgement(text)) return; // "thanks!" needs no how-to
    await postMessage(client, { channel: msg.channel, message: renderThreadNote(help) }).catch((err: unknown) => ctx.log.warn({ err }, "could not answer the DM"));
    return;
  }
  if (!rt.deps.qaEnabled) return note(client, ctx, msg, QA_DISABLED);
  await startOnMessage(rt, client, ctx, { ref, question: checked.question, channelId: msg.channel, threadTs: msg.ts });
}

export function registerQaEvents(app: App, rt: QaRuntime): void {
  const { deps } = rt;
  const contextFor = (msg: IncomingMessage, teamId: string | undefined, what: string) =>
    buildContext(deps, { teamId, userId: msg.user, channelId: msg.channel }, what);

  app.event("message", async ({ event, body, context, client }) => {
    const msg = personMessage(event as unknown as Record<string, unknown>, { userId: context.botUserId, botId: context.botId });
    if (!msg) return;
    if (!msg.threadTs) {
      // Top-level: only the app's own DM is talking to us (the manifest's Messages tab is on).
      if (msg.channelType !== "im" || !(await firstTime(rt, msg.channel, msg.ts))) return;
      return directMessage(rt, client, await contextFor(msg, body.team_id, "event:direct_message"), msg);
    }
    // In a channel only a mention is for us, and Slack also sends app_mention for it (not in DMs):
    // that handler answers it. A reply without one is the team talking: not read, not billed.
    if (msg.channelType !== "im") return;
    const teamId = workspaceKey(deps, body.team_id);
    const binding = await deps.store.getThread({ teamId, channelId: msg.channel, threadTs: msg.threadTs });
    if (!binding || !(await firstTime(rt, msg.channel, msg.ts))) return;
    const ctx = await contextFor(msg, teamId, "event:follow_up");
    await followUp(rt, client, ctx, binding, msg, withoutMention(msg.text, context.botUserId), false);
  });

  app.event("app_mention", async ({ event, body, context, client }) => {
    const msg = personMessage(event as unknown as Record<string, unknown>, { userId: context.botUserId, botId: context.botId });
    if (!msg || !(await firstTime(rt, msg.channel, msg.ts))) return;
    const teamId = workspaceKey(deps, body.team_id);
    const ctx = await contextFor(msg, teamId, "event:app_mention");
    const text = withoutMention(msg.text, context.botUserId);
    if (msg.threadTs) {
      const binding = await deps.store.getThread({ teamId, channelId: msg.channel, threadTs: msg.threadTs });
      if (binding) return followUp(rt, client, ctx, binding, msg, text, true);
    }
    if (!deps.qaEnabled) return note(client, ctx, msg, QA_DISABLED);
    const ref = caseRefsInText(text, deps.siteUrl)[0];
    // A mention in a case's alert thread names no case: the thread's own case is the one asked about
    // (issue 25 item 3), billed to the matter its alerts come for, with the same fee rules.
    const alerted = !ref && msg.threadTs
      ? await caseOfAlertThread(deps, client, ctx, msg.channel, msg.threadTs).catch((err: unknown) => void ctx.log.warn({ err }, "could not read the thread's root"))
      : undefined;
    if (alerted) {
      const checked = checkQuestion(slackToPlain(text));
      if (!checked.ok) return note(client, ctx, msg, checked.message);
      return startOnMessage(rt, client, ctx, { ref: alerted.ref, question: checked.question, channelId: msg.channel, threadTs: msg.threadTs!, clientMatter: alerted.clientMatter });
    }
    if (!ref) return note(client, ctx, msg, MENTION_HOW_TO);
    const checked = checkQuestion(mentionQuestion(text, deps.siteUrl));
    if (!checked.ok) return note(client, ctx, msg, checked.message);
    await startOnMessage(rt, client, ctx, { ref, question: checked.question, channelId: msg.channel, threadTs: msg.threadTs ?? msg.ts });
  });
}
