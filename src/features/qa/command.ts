/** `/docket ask <court> <docket> <question>` (issue 4, Commands): ack at once, then the Q&A flow. */
import { QA_DISABLED } from "./views/question.ts";
import type { SlashCommand } from "@slack/bolt";
import type { CommandOf, CommandRouter } from "../../slack/commands/router.ts";
import { cannotPostThere } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { truncateAtWord } from "../../slack/blockkit/truncate.ts";
import { openAskModal } from "./modal.ts";
import { checkQuestion } from "./question-text.ts";
import { QUESTION_MAX } from "./views/ask-modal.ts";
import type { QaRuntime } from "./runtime.ts";
import { startQuestion } from "./start-question.ts";

const MOVED_TO_APP_DM =
  "I can't post in a direct message between people, so I'm answering in your direct message with docketbot (under Apps). Follow up there.";

/**
 * A 1:1 or group DM (Slack: channel ids `D…`, or `G…` named `mpdm-…`; slash commands name a DM
 * `directmessage`). The app's own DM with the user never gets here: posting there succeeds.
 */
function isPeopleDm(payload: { channel_id: string; channel_name?: string | undefined }): boolean {
  const name = payload.channel_name ?? "";
  return payload.channel_id.startsWith("D") || name === "directmessage" || name.startsWith("mpdm-");
}

type AskCommand = CommandOf<"ask">;

/** What the command's text alone decides (so the router acks before reading the context). */
type Opening = { kind: "refused"; text: string } | { kind: "modal"; message: string; triggerId: string } | { kind: "ask"; question: string };

function opening(rt: QaRuntime, command: AskCommand, payload: SlashCommand): Opening {
  if (!rt.deps.qaEnabled) return { kind: "refused", text: QA_DISABLED };
  const checked = checkQuestion(command.question);
  if (!checked.ok && command.question.length > QUESTION_MAX && payload.trigger_id) return { kind: "modal", message: checked.message, triggerId: payload.trigger_id };
  if (!checked.ok) return { kind: "refused", text: checked.message };
  return { kind: "ask", question: checked.question };
}

export function registerAskCommand(router: CommandRouter, rt: QaRuntime): void {
  const ackFirst = ({ command, payload }: { command: AskCommand; payload: SlashCommand }) => {
    const o = opening(rt, command, payload);
    return o.kind === "refused" ? { answer: { response_type: "ephemeral" as const, text: o.text } } : {};
  };
  router.on("ask", async ({ command, payload, respond, client, ctx }) => {
    const o = opening(rt, command, payload);
    if (o.kind === "refused") return; // said in the ack
    if (o.kind === "modal") {
      // Too long: the text is not thrown away (issue 15 item 10). The Ask form opens with it, cut to
      // the limit at a word, so the user shortens it there instead of retyping it.
      const question = truncateAtWord(command.question, QUESTION_MAX);
      await openAskModal(rt, client, ctx, o.triggerId, { channelId: payload.channel_id, case: command.ref, question })
        .then(() => respond({ response_type: "ephemeral", text: `${o.message} I opened the Ask form with your question so you can shorten it there.` }))
        .catch(async (err: unknown) => {
          ctx.log.info({ err }, "could not open the Ask form for a long question");
          await respond({ response_type: "ephemeral", text: o.message });
        });
      return;
    }
    const question = { ref: command.ref, question: o.question, target: "docket" as const };
    try {
      await startQuestion(rt, client, ctx, { ...question, conversation: payload.channel_id });
    } catch (error) {
      if (!cannotPostThere(error)) throw error; // the router logs it and tells the user
      ctx.log.info({ err: error }, "cannot post the question here");
      if (!isPeopleDm(payload)) return void (await respond({ response_type: "ephemeral", text: userMessageFor(error, { ref: ctx.log.ref }) }));
      // A direct message between people: nobody can /invite an app there (issue 15 item 6), so the
      // question moves to the asker's own direct message with docketbot, and they are told where.
      await respond({ response_type: "ephemeral", text: MOVED_TO_APP_DM });
      await startQuestion(rt, client, ctx, { ...question, conversation: ctx.userId });
    }
  }, { ackFirst });
}
