/**
 * The Ask modal (issue 4, Thread Q&A): opened by a case view's Ask button (the case is in the
 * button's value) and by the `docket_ask` message shortcut (the case is found in the message; when
 * there is none, the modal asks for it). The submission is validated, with errors shown in the
 * modal, and then runs the same flow as `/docket ask` in the conversation the request came from.
 */
import type { App, BlockAction, ButtonAction, MessageShortcut, RadioButtonsAction } from "@slack/bolt";
import type { WebClient } from "@slack/web-api";
import { parseCaseRef } from "../../court/case-refs.ts";
import type { CaseRef } from "../../court/refs.ts";
import { ASK_BLOCK, ASK_ELEMENT, ASK_TARGETS, renderAskModal, type AskModalTarget } from "./views/ask-modal.ts";
import { ACTION, CALLBACK, actionIdPattern, decodeValue } from "../../slack/blockkit/ids.ts";
import { QA_DISABLED } from "./views/question.ts";
import { billedMatter, buildContext, type RequestContext } from "../../slack/context.ts";
import { caseRefsInMessage } from "../../slack/message-refs.ts";
import { tellUserPrivately } from "../../slack/outbound.ts";
import { slackSideRefusal } from "../../slack/slack-errors.ts";
import { cannotPostThere } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { decodeModalState, encodeModalState, type AskModalState } from "./modal-metadata.ts";
import { checkQuestion, suggestQuestion } from "./question-text.ts";
import type { QaRuntime } from "./runtime.ts";
import { expectedPricesFor } from "./expected-price.ts";
import { followUpFromModal } from "./modal-follow-up.ts";
import { startOnMessage, startQuestion } from "./start-question.ts";

const STALE_BUTTON = "That button is out of date. Show the case again with `/docket case …` and click Ask there.";

export async function openAskModal(
  rt: QaRuntime, client: WebClient, ctx: RequestContext, triggerId: string,
  m: { channelId: string | undefined; case?: CaseRef | undefined; question?: string | undefined; threadTs?: string | undefined; target?: AskModalTarget | undefined; followUp?: boolean | undefined },
): Promise<void> {
  const state: AskModalState = { channelId: m.channelId, case: m.case, threadTs: m.threadTs, followUp: m.followUp };
  const view = await askModalView(rt, ctx, state, { question: m.question, target: m.target });
  await client.views.open({ trigger_id: triggerId, view: view as unknown as ViewArg });
}

type ViewArg = Parameters<WebClient["views"]["open"]>[0]["view"];

/** The form for `state`, priced for each choice of what to read (the one estimator: expected-price.ts). */
async function askModalView(rt: QaRuntime, ctx: RequestContext, state: AskModalState, m: { question?: string | undefined; target?: AskModalTarget | undefined }) {
  // Three small indexed reads: well inside the trigger's 3 seconds.
  const prices = rt.deps.testMode ? undefined : await expectedPricesFor(rt.deps.store, ctx.teamId, rt.deps.answeringProviders ?? 1);
  return renderAskModal(
    {
      // The title only if already known: a modal must open within the trigger's 3 seconds.
      case: state.case, title: state.case ? rt.titles.peek(state.case) : undefined, followUp: state.followUp,
      question: m.question, target: m.target, privateMetadata: encodeModalState(state),
      clientMatter: billedMatter(ctx) || undefined, matterPicked: ctx.matters.length > 1, testMode: rt.deps.testMode, expectedPrices: prices,
    },
    { siteUrl: rt.deps.siteUrl },
  );
}

/** The choice in a form's (or an action's) state, "docket" when none or not one of ours. */
function pickedTarget(values: Record<string, Record<string, { selected_option?: { value?: string } | null }>> | undefined): AskModalTarget {
  const picked = values?.[ASK_BLOCK.target]?.[ASK_ELEMENT.target]?.selected_option?.value;
  return (ASK_TARGETS as readonly string[]).includes(picked ?? "") ? (picked as AskModalTarget) : "docket";
}

export function registerAskModal(app: App, rt: QaRuntime): void {
  const { deps } = rt;

  // Lists (search results) number their buttons `ask_case:3`; every one opens the same modal.
  app.action<BlockAction<ButtonAction>>({ action_id: actionIdPattern(ACTION.askCase) }, async ({ ack, body, action, client, respond }) => {
    await ack();
    const channelId = body.channel?.id ?? body.container?.channel_id;
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId }, "action:ask_case");
    const value = decodeValue(action.value);
    if (!value || !deps.qaEnabled) {
      await respond({ response_type: "ephemeral", replace_original: false, text: value ? QA_DISABLED : STALE_BUTTON });
      return;
    }
    await openAskModal(rt, client, ctx, body.trigger_id, { channelId, case: { court: value.court, docket: value.docket } }).catch(async (err: unknown) => {
      ctx.log[slackSideRefusal(err) ? "info" : "error"]({ err }, "could not open the Ask modal");
      await respond({ response_type: "ephemeral", replace_original: false, text: userMessageFor(err, { ref: ctx.log.ref }) });
    });
  });

  app.shortcut<MessageShortcut>({ callback_id: CALLBACK.askShortcut, type: "message_action" }, async ({ ack, shortcut, client, respond }) => {
    await ack();
    const channelId = shortcut.channel.id;
    const ctx = await buildContext(deps, { teamId: shortcut.team?.id, userId: shortcut.user.id, channelId }, "shortcut:docket_ask");
    if (!deps.qaEnabled) {
      await respond({ response_type: "ephemeral", text: QA_DISABLED });
      return;
    }
    const message = shortcut.message as { text?: string; blocks?: unknown; attachments?: unknown; bot_id?: string; ts?: string; thread_ts?: string };
    const found = caseRefsInMessage(message, deps.siteUrl)[0];
    // A person's question is worth carrying over; a bot's message (an alert, a case view) is not.
    const question = message.bot_id ? undefined : suggestQuestion(message.text ?? "");
    // The answer goes under that message (or in the thread it is part of), where the colleague asked.
    const threadTs = message.thread_ts ?? message.ts;
    await openAskModal(rt, client, ctx, shortcut.trigger_id, { channelId, case: found, question, threadTs }).catch(async (err: unknown) => {
      ctx.log[slackSideRefusal(err) ? "info" : "error"]({ err }, "could not open the Ask modal");
      await respond({ response_type: "ephemeral", text: userMessageFor(err, { ref: ctx.log.ref }) });
    });
  });

  // "Answer from" changed (its input dispatches its action): the price line becomes the choice's
  // (Slack, "Updating views": views.update with the view's hash; what was typed is kept, as the
  // inputs keep their block and action ids). A form changed meanwhile (hash_conflict) or closed is left.
  app.action<BlockAction<RadioButtonsAction>>({ block_id: ASK_BLOCK.target, action_id: ASK_ELEMENT.target }, async ({ ack, body, client }) => {
    await ack();
    const view = body.view;
    const state = view?.callback_id === CALLBACK.askModal ? decodeModalState(view.private_metadata) : undefined;
    if (!view || !state) return;
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: state.channelId }, "action:ask_target");
    const values = view.state.values as Parameters<typeof pickedTarget>[0] & Record<string, Record<string, { value?: string | null }>>;
    // What was typed goes in again as the initial value too, whatever Slack keeps.
    const question = values[ASK_BLOCK.question]?.[ASK_ELEMENT.question]?.value ?? undefined;
    const next = await askModalView(rt, ctx, state, { target: pickedTarget(values), question });
    await client.views.update({ view_id: view.id, hash: view.hash, view: next as unknown as ViewArg })
      .catch((err: unknown) => ctx.log.info({ err }, "could not show the price of the choice in the Ask form"));
  });

  app.view(CALLBACK.askModal, async ({ ack, view, body, client }) => {
    const state = decodeModalState(view.private_metadata);
    const values = view.state.values;
    const errors: Record<string, string> = {};
    let ref = state?.case;
    if (!state) errors[ASK_BLOCK.question] = "This form is out of date. Close it and start again.";
    else if (!ref) {
      const raw = values[ASK_BLOCK.caseRef]?.[ASK_ELEMENT.caseRef]?.value ?? "";
      const parsed = parseCaseRef(raw.trim(), { siteUrl: deps.siteUrl });
      if (!parsed.ok) errors[ASK_BLOCK.caseRef] = parsed.message;
      else if (parsed.rest) errors[ASK_BLOCK.caseRef] = "Only the case here: a court and docket number like nysd 1:23-cv-01234, or its link.";
      else ref = parsed.ref;
    }
    const checked = checkQuestion(values[ASK_BLOCK.question]?.[ASK_ELEMENT.question]?.value ?? "");
    if (!checked.ok) errors[ASK_BLOCK.question] = checked.message;
    else if (!deps.qaEnabled) errors[ASK_BLOCK.question] = QA_DISABLED;
    const target = pickedTarget(values);
    if (Object.keys(errors).length > 0 || !state || !ref || !checked.ok) {
      await ack({ response_action: "errors", errors });
      return;
    }
    await ack();
    const ctx = await buildContext(deps, { teamId: body.team?.id, userId: body.user.id, channelId: state.channelId }, "view:ask");
    const conversation = state.channelId ?? ctx.userId;
    try {
      if (state.channelId && state.threadTs) {
        const followUp = { ref, question: checked.question, target, channelId: state.channelId, threadTs: state.threadTs };
        if (await followUpFromModal(rt, client, ctx, followUp)) return;
        await startOnMessage(rt, client, ctx, { ref, question: checked.question, target, channelId: state.channelId, threadTs: state.threadTs });
      } else {
        await startQuestion(rt, client, ctx, { ref, question: checked.question, target, conversation });
      }
    } catch (error) {
      ctx.log[cannotPostThere(error) ? "info" : "error"]({ err: error }, "could not start the question");
      await tellUserPrivately(client, ctx, state.channelId, userMessageFor(error, { ref: ctx.log.ref }));
    }
  });
}
