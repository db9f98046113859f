/**
 * The messages around an answer (message-style.md, Answers): the thread's root naming the case and
 * quoting the question, the "working" placeholder the answer replaces, the error that replaces it
 * instead, and the one-line how-to for a mention without a case.
 */
import { context, section, type MessagePayload } from "../../../slack/blockkit/blocks.ts";
import { caseIdentity, caseIdentityText } from "../../../slack/blockkit/case-identity.ts";
import { escapeMrkdwn, toMrkdwnLine, toPlainText } from "../../../slack/blockkit/sanitize.ts";
import { estimate, moneyRange } from "../../../slack/blockkit/format.ts";
import { resolveCourt } from "../../../court/courts.ts";
import { courtLabel } from "../../../court/labels.ts";

export type QuestionTarget = "docket" | "documents" | "both";

export interface QuestionRootModel {
  court: string;
  docket: string;
  title?: string | undefined;
  /** What the user asked: untrusted like everything else we quote. */
  question: string;
  /** Slack user id of the asker. */
  askedBy?: string | undefined;
  target?: QuestionTarget;
  /**
   * How a follow-up is asked (issue 14 item 1): in a channel, by mentioning the bot or with the
   * answer's "Ask a follow-up" button, other replies being the team's own; in the app's DM every
   * reply is addressed to the bot.
   */
  followUps?: "mention" | "reply";
}

/** What the root says about follow-ups. */
export const FOLLOW_UP_HOW_TO = {
  mention: "To follow up, mention @docketbot in this thread or click Ask a follow-up; other replies are just for the team (not sent, not charged).",
  reply: "Reply in this thread to ask a follow-up.",
} as const;

/** Longest question quoted in the root (the command and the modal accept 1,000). */
export const QUOTED_QUESTION_MAX = 1_200;
const SLACK_USER_ID = /^[UW][A-Z0-9]{2,20}$/;

/**
 * The question as a mrkdwn quote, line by line, its mentions, links and markers defused. It is what
 * someone typed, not HTML: each line is escaped as plain text (escapeMrkdwn), so `agree on
 * <anything>?` is quoted as typed rather than losing `<anything>` as a tag.
 */
export function quoteQuestion(question: string): string {
  const lines = question.slice(0, QUOTED_QUESTION_MAX).split(/\r\n?|\n/).map((l) => escapeMrkdwn(l).trim());
  const text = lines.join("\n").trim();
  return (text === "" ? "…" : text)
    .split("\n")
    .map((line) => `>${line === "" ? "" : ` ${line}`}`)
    .join("\n");
}

const TARGET_WORDS: Record<QuestionTarget, string> = {
  docket: "",
  documents: "Answered from the documents",
  both: "Answered from the docket and its documents",
};

/** `:speech_balloon: *Question* about <case identity>`, the question quoted, who asked. */
export function renderQuestionRoot(model: QuestionRootModel, opts: { siteUrl: string }): MessagePayload {
  const asker = model.askedBy && SLACK_USER_ID.test(model.askedBy) ? `Asked by <@${model.askedBy}>` : "";
  const about = [asker, TARGET_WORDS[model.target ?? "docket"], FOLLOW_UP_HOW_TO[model.followUps ?? "mention"]];
  return {
    text: `Question about ${caseIdentityText(model, 80)}: ${toPlainText(model.question, 300)}`,
    blocks: [
      section(`:speech_balloon: *Question* about ${caseIdentity(model, { siteUrl: opts.siteUrl })}`),
      section(quoteQuestion(model.question)),
      context(about.filter((s) => s !== "").join(" · ")),
    ],
  };
}

/** A question's expected AI price (qa/expected-price.ts), shown before anything is spent. */
export interface PriceEstimate {
  typical: number;
  low: number;
  high: number;
  basis: "recent" | "documented";
  /** How many recent answers the estimate is made from ("recent"). */
  samples?: number | undefined;
  /** The kind of answer it is for (qa/expected-price.ts: each kind is priced from its own). */
  from?: QuestionTarget | undefined;
}

/** Which answers an estimate was read from, by what they read. */
const ANSWERS_FROM: Record<QuestionTarget, string> = {
  docket: "from the docket",
  documents: "from the documents",
  both: "from the docket and its documents",
};

/**
 * `about $0.03, based on the last 12 answers from the docket in this workspace ($0.02–$0.05)`, or
 * the documented range `usually $0.01–$0.10`. Estimates round up to the cent, and a range whose
 * ends read the same is one amount (issue 25 item 5: say how the estimate is made, never
 * `$0.02–$0.02`). The answers it was read from are named by kind when it says (`from`).
 */
export function expectedPriceText(e: PriceEstimate): string {
  if (e.basis !== "recent") return `usually ${moneyRange(e.low, e.high, estimate)}`;
  const about = estimate(e.typical);
  const range = moneyRange(e.low, e.high, estimate);
  const from = e.from ? ` ${ANSWERS_FROM[e.from]}` : "";
  const basis = e.samples !== undefined && e.samples > 0
    ? `based on the last ${e.samples === 1 ? "answer" : `${e.samples} answers`}${from} in this workspace`
    : `based on recent answers${from} in this workspace`;
  return range === about ? `about ${about}, ${basis}` : `about ${about}, ${basis} (${range})`;
}

/**
 * The estimate in a few words, for a choice's description (Slack: 75 characters): `about $0.03`,
 * or `usually $0.02–$0.20`.
 */
export function expectedPriceShort(e: PriceEstimate): string {
  return e.basis === "recent" ? `about ${estimate(e.typical)}` : `usually ${moneyRange(e.low, e.high, estimate)}`;
}

/** Who pays, for the price line: `charged to matter ACME-001`, or that no matter is billed. */
export function chargedTo(clientMatter: string | undefined): string {
  return clientMatter ? `charged to matter ${toMrkdwnLine(clientMatter, 50)}` : "not billed to a client matter";
}

export interface WorkingCost {
  expected: PriceEstimate;
  clientMatter?: string | undefined;
  testMode?: boolean | undefined;
}

/**
 * The placeholder in the thread while the service reads the case, with the price expected for it
 * (issue 14 item 2: said before it is spent; the answer then shows the actual price).
 */
export function renderWorking(target: QuestionTarget = "docket", cost?: WorkingCost): MessagePayload {
  const what = target === "docket" ? "the docket" : target === "documents" ? "the documents" : "the docket and its documents";
  const price = !cost ? undefined
    : cost.testMode ? "Test mode: no charge."
    : `Expected AI price ${expectedPriceText(cost.expected)}, ${chargedTo(cost.clientMatter)}; no court fees.`;
  return {
    text: `Reading ${what}…`,
    blocks: [section(`:hourglass_flowing_sand: Reading ${what}…`), ...(price ? [context(price)] : [])],
  };
}

/** What replaces the placeholder when the answer failed: our own sentence (user-errors.ts), never service text. */
export function renderAnswerError(sentence: string): MessagePayload {
  const line = toMrkdwnLine(sentence, 600).replace(/ˋ/g, "`");
  return { text: toPlainText(sentence, 600), blocks: [section(`:warning: ${line}`)] };
}

/** A one-line note in a thread (how-to, Q&A not available, a wall): our own words. */
export function renderThreadNote(sentence: string): MessagePayload {
  return { text: toPlainText(sentence, 600), blocks: [section(toMrkdwnLine(sentence, 600).replace(/ˋ/g, "`"))] };
}

export const MENTION_HOW_TO =
  "Mention me with a case and a question to start a Q&A thread, e.g. `@docketbot nysd 1:23-cv-01234 Has the motion to dismiss been decided?`, or use `/docket ask`.";

/** A person writes to the app's DM without naming a case (issue 15 item 5: it used to be silence). */
export const DM_HOW_TO =
  "Hi! Here you can ask me about a case: name it and your question, e.g. `nysd 1:23-cv-01234 Has the motion to dismiss been decided?` " +
  "Or look one up with `/docket case nysd 1:23-cv-01234` or `/docket search acme widget`. Tracking and alerts live in channels linked to a client matter; `/docket help` lists everything.";

export const QA_DISABLED =
  "Questions about cases aren't set up here: docketbot has no AI provider key. Please ask an admin to configure one.";

/** The sentence for a follow-up that names a case other than the thread's. */
export function otherCaseNote(thread: { court: string; docket: string }, named: { court: string; docket: string }): string {
  return (
    `This thread is about ${thread.docket} in ${courtLabel(thread.court)}, so I didn't answer about ${named.docket} in ${courtLabel(named.court)} here; nothing was charged. ` +
    `Ask about that case in a new message (\`/docket ask ${resolveCourt(named.court)?.code ?? named.court} ${named.docket}\` and the question), or mention me with it outside this thread.`
  );
}
