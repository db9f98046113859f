/**
 * A follow-up asked with the answer's "Ask a follow-up" button (issue 25 item 1): the modal's
 * question is not a message anyone can see, so the bot posts it in the thread, attributed to its
 * asker, before the answer: `:speech_balloon: *@ann asks a follow-up*` and the question quoted.
 * Without it the thread showed a second answer under no question. Pure.
 */
import { section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { mention } from "../../../slack/blockkit/names.ts";
import { toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { quoteQuestion } from "./question.ts";

export interface FollowUpQuestionModel {
  /** Slack user id of the asker (a garbled one is named "someone"). */
  askedBy: string;
  /** The asker's own words: untrusted like everything we quote. */
  question: string;
}

export function renderFollowUpQuestion(m: FollowUpQuestionModel): MessagePayload {
  return {
    text: `Follow-up: ${toPlainText(m.question, 300)}`,
    blocks: [section(`:speech_balloon: *${mention(m.askedBy)} asks a follow-up*\n${quoteQuestion(m.question)}`)],
  };
}
