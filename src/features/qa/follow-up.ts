/**
 * A follow-up question carries the thread's earlier turns as context (issue 4: "answered in the
 * thread with the earlier questions and answers as context").
 *
 * Choice: the context goes into `question`, not `output_format`. The spec describes output_format
 * as the answer's format, and a provider may treat it as formatting instructions only; the
 * question is what the model reads as the thing to answer, so the conversation belongs there, with
 * the new question last and marked. ask_docket is a GET (spec), so the whole question is bounded:
 * the last MAX_TURNS turns, each answer cut to ANSWER_CHARS, oldest dropped first to stay within
 * CONTEXT_CHARS. The stored turn keeps the user's own question, not this composite.
 */
import type { QaTurn } from "../../store/store.ts";

export const MAX_TURNS = 3;
export const ANSWER_CHARS = 500;
export const QUESTION_CHARS = 300;
export const CONTEXT_CHARS = 1_800;

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const at = flat.lastIndexOf(" ", max - 1);
  return `${flat.slice(0, at > max / 2 ? at : max - 1)}…`;
}

function turnText(turn: Pick<QaTurn, "question" | "answer">, index: number): string {
  return `Q${index}: ${cut(turn.question, QUESTION_CHARS)}\nA${index}: ${cut(turn.answer, ANSWER_CHARS)}`;
}

/** The question to send: the earlier turns (oldest first) as context, then the new question. */
export function composeFollowUp(turns: readonly Pick<QaTurn, "question" | "answer">[], question: string): string {
  const recent = turns.slice(-MAX_TURNS);
  let blocks = recent.map((t, i) => turnText(t, i + 1));
  while (blocks.length > 0 && blocks.join("\n").length > CONTEXT_CHARS) blocks = blocks.slice(1);
  if (blocks.length === 0) return question;
  // Renumber after dropping, so the context always reads Q1, A1, Q2 …
  const kept = recent.slice(recent.length - blocks.length).map((t, i) => turnText(t, i + 1));
  return [
    "Earlier questions and answers in this conversation about the case:",
    kept.join("\n"),
    "",
    `Follow-up question (answer this one): ${question}`,
  ].join("\n");
}

/** What a turn stores as its answer: every provider's text, labelled when there are several. */
export function storedAnswer(parts: readonly { provider: string; source: string; text: string }[]): string {
  if (parts.length === 1) return parts[0]!.text;
  return parts.map((p) => `[${p.provider}, ${p.source}] ${p.text}`).join("\n\n");
}
