/**
 * Thread Q&A (issue 4, "Thread Q&A"; message-style.md, "Answers"): `/docket ask`, the case view's
 * Ask button and the `docket_ask` shortcut start a question; follow-ups and mentions in the thread
 * continue it. Files: command.ts, modal.ts, events.ts (Slack); start-question.ts and
 * thread-answer.ts (the flow); answer-service.ts, follow-up.ts, question-text.ts … (no Slack).
 */
import type { App } from "@slack/bolt";
import type { CommandRouter } from "../../slack/commands/router.ts";
import { registerAskCommand } from "./command.ts";
import { registerQaEvents } from "./events.ts";
import { registerFollowUpButton } from "./follow-up-button.ts";
import { registerAskModal } from "./modal.ts";
import { createQaRuntime } from "./runtime.ts";
import type { FeeGuard } from "../budgets/index.ts";
import { HELD_QUESTION } from "./held-question.ts";
import { runHeldQuestion } from "./run-held-question.ts";
import type { QaDeps } from "./deps.ts";

export type { QaDeps, QaStore } from "./deps.ts";

export function registerQa(app: App, router: CommandRouter, deps: QaDeps, fees: FeeGuard): void {
  const rt = createQaRuntime(deps, fees);
  fees.actions.register(HELD_QUESTION, (run) => runHeldQuestion(rt, run));
  registerAskCommand(router, rt);
  registerAskModal(app, rt);
  registerFollowUpButton(app, rt);
  registerQaEvents(app, rt);
}
