/** `/docket ask <court> <docket> <question>` (issue 4, Commands): ack at once, then the Q&A flow. */
import { QA_DISABLED } from "./views/question.ts";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { cannotPostThere } from "../../slack/slack-errors.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { checkQuestion } from "./question-text.ts";
import type { QaRuntime } from "./runtime.ts";
import { startQuestion } from "./start-question.ts";

export function registerAskCommand(router: CommandRouter, rt: QaRuntime): void {
  router.on("ask", async ({ command, payload, ack, respond, client, ctx }) => {
    if (!rt.deps.qaEnabled) {
      await ack({ response_type: "ephemeral", text: QA_DISABLED });
      return;
    }
    const checked = checkQuestion(command.question);
    if (!checked.ok) {
      await ack({ response_type: "ephemeral", text: checked.message });
      return;
    }
    await ack();
    try {
      await startQuestion(rt, client, ctx, { ref: command.ref, question: checked.question, target: "docket", conversation: payload.channel_id });
    } catch (error) {
      if (!cannotPostThere(error)) throw error; // the router logs it and tells the user
      ctx.log.info({ err: error }, "cannot post the question here");
      await respond({ response_type: "ephemeral", text: userMessageFor(error, { ref: ctx.log.ref }) });
    }
  });
}
