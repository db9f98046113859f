/**
 * Questions as users write them: checked for length, taken out of a mention (`<@U0BOT> …`), and
 * suggested from a message the shortcut was used on. Pure.
 */
import { parseCaseRef } from "../../court/case-refs.ts";
import { QUESTION_MAX } from "./views/ask-modal.ts";

export type QuestionCheck = { ok: true; question: string } | { ok: false; message: string };

export const EXAMPLE_QUESTION = "Has the motion to dismiss been decided?";
/** Asked when a mention names a case and nothing else. */
export const SUMMARY_QUESTION = "What is the current status of this case, and what happened most recently?";

export function checkQuestion(text: string): QuestionCheck {
  const question = text.replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "").trim();
  if (question.length < 3) return { ok: false, message: `Type a question, e.g. "${EXAMPLE_QUESTION}"` };
  if (question.length > QUESTION_MAX) {
    return { ok: false, message: `Keep the question under ${QUESTION_MAX.toLocaleString("en-US")} characters (it has ${question.length.toLocaleString("en-US")}).` };
  }
  return { ok: true, question };
}

/**
 * "thanks", "ok 👍": a reply in a Q&A thread that thanks rather than asks. Each question is a paid
 * AI call, so these get no answer (a mention of the bot is always answered).
 */
export function isAcknowledgement(text: string): boolean {
  return /^(?:thanks?(?: you| a lot)?|thank you|thx|ty|ok(?:ay)?|great|cool|got it|perfect|nice|noted|:\+1:|:pray:|👍|🙏)[\s!.]*$/i.test(text.trim());
}

/** Slack's markup to readable text: `<url|label>` → label, `<url>` → url, mentions dropped. */
export function slackToPlain(text: string): string {
  return text
    .replace(/<[@#!][^>]*>/g, " ")
    .replace(/<([^>|]+)\|([^>]*)>/g, "$2")
    .replace(/<([^>]+)>/g, "$1")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** A mention's text without the bot's mention(s): what the user asked. */
export function withoutMention(text: string, botUserId: string | undefined): string {
  const own = botUserId ? new RegExp(`<@${botUserId}(?:\\|[^>]*)?>`, "g") : /<@U[A-Z0-9]+(?:\|[^>]*)?>/g;
  return text.replace(own, " ").replace(/\s+/g, " ").trim();
}

/**
 * The question a mention asks about a case: the text as written (the case reference reads fine
 * inside a question), or SUMMARY_QUESTION when the text is the case reference alone.
 */
export function mentionQuestion(text: string, siteUrl: string): string {
  const plain = slackToPlain(text);
  const parsed = parseCaseRef(plain.replace(/[?!.]+$/, ""), { siteUrl });
  if (parsed.ok && parsed.rest.replace(/[?.!,\s]/g, "") === "") return SUMMARY_QUESTION;
  return plain;
}

/**
 * A suggested question for the shortcut's modal: the message's text when it reads as a question
 * (it has a `?` and fits), else nothing: a docket alert or a case link is not a question.
 */
export function suggestQuestion(messageText: string): string | undefined {
  const plain = slackToPlain(messageText);
  if (!plain.includes("?") || plain.length > QUESTION_MAX) return undefined;
  return plain;
}
