/**
 * Answering in a bound thread (issue 4, Thread Q&A; message-style.md, Answers): a "working"
 * placeholder at once, then the answer in its place (chat.update), further pages after it, and the
 * turn stored so the next follow-up has it as context. On failure the placeholder becomes the
 * user's sentence with the ref; the detail goes to the log.
 */
import type { WebClient } from "@slack/web-api";
import { isDocketError } from "../../docket/errors.ts";
import { renderAnswer } from "./views/answer.ts";
import { courtLabel } from "../../court/labels.ts";
import { renderAnswerError, renderQuestionRoot, renderThreadNote, renderWorking, type QuestionRootModel, type QuestionTarget } from "./views/question.ts";
import type { ThreadBinding } from "../../store/store.ts";
import { callOptions, type RequestContext } from "../../slack/context.ts";
import { userMessageFor } from "../../slack/user-errors.ts";
import { askAboutCase } from "./answer-service.ts";
import { expectedPriceFor } from "./expected-price.ts";
import { composeFollowUp, MAX_TURNS, storedAnswer } from "./follow-up.ts";
import type { QaRuntime } from "./runtime.ts";
import { postMessage, replaceWorkingMessage, tellUserPrivately, updateMessage } from "../../slack/outbound.ts";
import type { FeeClearance } from "../budgets/index.ts";
import { checkCited } from "./cited-entries.ts";
import { HELD_QUESTION, type HeldQuestion } from "./held-question.ts";
import { mattersOfUser } from "../../slack/user-channels.ts";
import { isAppDm } from "./thread-wall.ts";
import { mayStillBill, noLongerBillable } from "./billing-right.ts";

/** How long a ready answer waits for a slow title (without it, entry links point at no entry page). */
export const TITLE_WAIT_MS = 2_000;

/** `promise`'s value, or undefined when it takes longer than `ms` on the injected clock. */
async function atMost<T>(rt: QaRuntime, promise: Promise<T>, ms: number): Promise<T | undefined> {
  const stop = new AbortController();
  const timer = rt.deps.clock.sleep(ms, stop.signal).then(() => undefined, () => undefined);
  try {
    return await Promise.race([promise, timer]);
  } finally {
    stop.abort();
  }
}

export interface ThreadQuestion {
  binding: ThreadBinding;
  /** The user's own words (the stored turn keeps these). */
  question: string;
  target: QuestionTarget;
  /** Our root message, to show the case's title once it is known. */
  root?: { ts: string; model: QuestionRootModel } | undefined;
  /** The thread's root is not ours (a mention started it): head the answer with the case. */
  withIdentity?: boolean;
  /** A held question its requester confirmed or an admin approved (issue 14): the fee gate lets it through. */
  cleared?: FeeClearance | undefined;
}

/** The sentence for a failed answer, always with the ref (message-style.md, Errors). */
export function failureSentence(error: unknown, ctx: RequestContext, binding: Pick<ThreadBinding, "court" | "docket">): string {
  const sentence = userMessageFor(error, { ref: ctx.log.ref, subject: `${binding.docket} in ${courtLabel(binding.court)}` });
  return sentence.includes("(ref ") ? sentence : `${sentence} (ref ${ctx.log.ref})`;
}

export async function answerInThread(rt: QaRuntime, client: WebClient, ctx: RequestContext, q: ThreadQuestion): Promise<void> {
  const { deps } = rt;
  const { binding } = q;
  const key = { teamId: binding.teamId, channelId: binding.channelId, threadTs: binding.threadTs };
  // Every billed question (a follow-up by mention, reply or button, a held one released) re-checks
  // that its asker may still bill the thread's matter (issue 22 item 7): otherwise a sentence, no fee.
  if (binding.clientMatter !== "" && !(await mayStillBill(rt, client, ctx, binding.clientMatter))) {
    ctx.log.info({ matter: binding.clientMatter }, "question refused: the asker may no longer bill the thread's matter");
    const text = noLongerBillable(binding.clientMatter);
    if (isAppDm(key.channelId)) await postMessage(client, { channel: key.channelId, message: renderThreadNote(text), threadTs: key.threadTs }).catch((err: unknown) => ctx.log.warn({ err }, "could not reply in the thread"));
    else await tellUserPrivately(client, ctx, key.channelId, text);
    return;
  }
  // The price expected for what it reads, said before it is spent (issue 14 item 2) and checked by
  // the fee guard below: the same estimate the Ask form showed. The answer shows the actual one.
  const expected = await expectedPriceFor(deps.store, ctx.teamId, deps.answeringProviders ?? 1, q.target);
  const cost = { expected, clientMatter: binding.clientMatter || undefined, testMode: deps.testMode };
  // Nothing is spent without a matter, past a budget, or above the matter's ask-first price
  // without a click (issue 14 items 2, 3 and 5): the thread says what waits and for whom.
  const verdict = await rt.fees.admit({
    teamId: ctx.teamId, clientMatter: binding.clientMatter, expected: expected.typical, kind: HELD_QUESTION, ref: ctx.log.ref, cleared: q.cleared,
  });
  if (verdict.verdict !== "run") {
    const data: HeldQuestion = { channelId: key.channelId, threadTs: key.threadTs, question: q.question, target: q.target };
    // The app DM may pick any of its reader's matters: it has one reader. A channel of several
    // matters picks among its own (everyone there may see each). An unlinked channel's answers would
    // show a matter's work to everyone in it, so there the question is refused (issue 14 item 5).
    const choices = verdict.verdict !== "needs_matter" ? undefined
      : isAppDm(key.channelId) ? await mattersOfUser(deps, client, ctx).catch((): string[] => [])
      : ctx.matters.length > 1 ? { matters: ctx.matters, from: "channel" as const } : undefined;
    await rt.fees.hold(client, verdict, {
      teamId: ctx.teamId, clientMatter: binding.clientMatter, requestedBy: ctx.userId, channelId: key.channelId, kind: HELD_QUESTION,
      what: "This question", summary: `${binding.docket} in ${courtLabel(binding.court)}: ${q.question}`, data, expected: expected.typical,
    }, { kind: "thread", channel: key.channelId, threadTs: key.threadTs }, choices);
    return;
  }
  const { reservation } = verdict;
  const placeholder = await postMessage(client, { channel: key.channelId, message: renderWorking(q.target, cost), threadTs: key.threadTs }).catch(async (error: unknown) => {
    await reservation.release();
    throw error;
  });
  const where = { channel: key.channelId, ts: placeholder.ts, threadTs: key.threadTs };
  const ref = { court: binding.court, docket: binding.docket };
  // Every call of the thread carries the thread's matter (events.ts checks the channel still has it).
  const options = callOptions(ctx, binding.clientMatter);

  // The title (for the identity line and entry links) is fetched alongside the answer; our root
  // gets it as soon as it is known, before the answer appears.
  const titled = rt.titles.get(ref, options).then(
    async (title) => {
      if (q.root && title && !q.root.model.title) {
        await updateMessage(client, { channel: key.channelId, ts: q.root.ts }, renderQuestionRoot({ ...q.root.model, title }, { siteUrl: deps.siteUrl })).catch(
          (err: unknown) => ctx.log.warn({ err }, "could not add the title to the question"),
        );
      }
      return title;
    },
    (err: unknown) => {
      ctx.log.info({ err }, "no case title for the answer");
      return undefined;
    },
  );
  let answer;
  try {
    // Under the reservation: however this ends, it ends with it (the calls' ledger rows count from then on).
    answer = await reservation.spend(async () => {
      const turns = await deps.store.recentTurns(key, MAX_TURNS);
      return askAboutCase(deps.docket, { ...ref, question: composeFollowUp(turns, q.question), target: q.target }, options);
    });
  } catch (error) {
    const expected = isDocketError(error) && ["not_found", "throttled", "unavailable", "timeout", "queue_full"].includes(error.code);
    ctx.log[expected ? "warn" : "error"]({ err: error, court: binding.court, docket: binding.docket }, "question not answered");
    await replaceWorkingMessage(client, ctx, where, renderAnswerError(failureSentence(error, ctx, binding)));
    return;
  }
  const title = await atMost(rt, titled, TITLE_WAIT_MS);
  // Each cited entry as the docket has it (read with the title): a number it lacks is said so,
  // once the docket remembered has been read again (an entry filed since it was read is no error).
  let cited = checkCited(answer.cited, rt.titles.entriesOf(ref));
  if (cited.some((c) => c.notOnDocket)) {
    await atMost(rt, rt.titles.reread(ref, options).catch(() => undefined), TITLE_WAIT_MS);
    cited = checkCited(answer.cited, rt.titles.entriesOf(ref));
  }

  const pages = renderAnswer(
    { ...ref, title, parts: answer.parts, cited, price: answer.price, clientMatter: binding.clientMatter || undefined, dateCached: answer.dateCached, testMode: deps.testMode, withIdentity: q.withIdentity ?? false, followUpThread: key.threadTs },
    { siteUrl: deps.siteUrl },
  );
  // The turn is stored before the answer shows, so a follow-up typed the moment the answer
  // appears already builds on it.
  await deps.store
    .appendTurn(key, {
      question: q.question,
      answer: storedAnswer(answer.parts),
      providers: answer.providers,
      price: answer.price,
      relevantEntries: [...new Set(cited.flatMap((c) => (c.number && !c.notOnDocket ? [c.number] : [])))],
      askedBy: ctx.userId,
      // What it read: the next question of this kind is priced from it (expected-price.ts).
      target: q.target,
    })
    .catch((err: unknown) => ctx.log.error({ err }, "could not store the Q&A turn"));
  // A refused answer ends in a sentence in its place, never a placeholder left standing (issue 15 item 2).
  if (!(await replaceWorkingMessage(client, ctx, where, pages[0]!))) return;
  for (const page of pages.slice(1)) {
    try {
      await postMessage(client, { channel: key.channelId, message: page, threadTs: key.threadTs });
    } catch (error) {
      ctx.log.warn({ err: error }, "Slack refused a further page of the answer; telling the user");
      await postMessage(client, { channel: key.channelId, message: renderAnswerError(failureSentence(error, ctx, binding)), threadTs: key.threadTs })
        .catch((err: unknown) => ctx.log.warn({ err }, "could not tell the user"));
      return;
    }
  }
}
