/**
 * What a model does with a conversation sent as one `question` (spec, ask_docket: one natural-
 * language question; a caller with earlier turns sends them in it): it answers the LAST question
 * and reads the earlier turns only as context (issue 14 item 7: matching intents over the whole
 * text answered every follow-up with the first question's answer). The last question is the text
 * after the last line labelled as a question ("Follow-up question (answer this one): …",
 * "Question: …", "Q3: …"), else the last line when there are several; the rest is context.
 */
export interface Conversation {
  /** What to answer. */
  question: string;
  /** Earlier turns, as sent (may be ""). */
  context: string;
  /** The earlier questions, oldest first (lines `Q1: …`), for a vague follow-up. */
  earlierQuestions: string[];
}

const LABELLED = /^\s*(?:(?:follow[- ]?up|new|current|next|latest)\s+)?question\b[^:\n]{0,40}:\s*(\S.*)$/i;
const TURN_Q = /^\s*Q\d{1,3}\s*:\s*(\S.*)$/;

export function readConversation(text: string): Conversation {
  const lines = text.split(/\r?\n/);
  const earlierQuestions = lines.flatMap((l) => TURN_Q.exec(l)?.[1]?.trim() ?? []);
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = LABELLED.exec(lines[i]!);
    if (m?.[1]) {
      const question = [m[1], ...lines.slice(i + 1)].join(" ").trim();
      return { question, context: lines.slice(0, i).join("\n").trim(), earlierQuestions };
    }
  }
  const filled = lines.map((l) => l.trim()).filter(Boolean);
  if (filled.length > 1 && earlierQuestions.length > 0) {
    const last = filled[filled.length - 1]!.replace(TURN_Q, "$1");
    return { question: last, context: filled.slice(0, -1).join("\n"), earlierQuestions: earlierQuestions.filter((q) => q !== last) };
  }
  return { question: text.trim(), context: "", earlierQuestions: [] };
}
