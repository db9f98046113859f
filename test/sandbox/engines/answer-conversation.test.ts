/**
 * The emulator's answer engine with earlier turns in the question (issue 14 item 7): it answers the
 * follow-up, using the earlier turns only as context. The README's walk-through asks exactly this:
 * "Has the motion to dismiss been decided?", then "Which claims survived the motion?" and "When are
 * expert reports due?"; both follow-ups used to get the first question's answer word for word.
 * The conversation is composed by docketbot's own follow-up.ts, as the bot sends it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createCorpus, FLAGSHIP } from "../../../sandbox/docket-service/corpus/index.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";
import { readConversation } from "../../../sandbox/docket-service/engines/answer-conversation.ts";
import { answerQuestion } from "../../../sandbox/docket-service/engines/answer.ts";
import { excerpt } from "../../../sandbox/docket-service/engines/answer-text.ts";
import { composeFollowUp } from "../../../src/features/qa/follow-up.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
let flagship: EmuCase;
beforeAll(() => {
  flagship = createCorpus({ seed: 42, now: NOW }).find(FLAGSHIP.court, FLAGSHIP.docket)!;
});

const ask = (question: string) => answerQuestion({ kase: flagship, question, target: "docket", provider: "providerone", outputFormat: "", now: NOW }).answer;

describe("readConversation", () => {
  it("takes the last labelled question; the turns before it are context", () => {
    const sent = composeFollowUp([{ question: "Has the motion to dismiss been decided?", answer: "Yes. The motion to dismiss was granted in part." }], "When are expert reports due?");
    expect(readConversation(sent)).toEqual({
      question: "When are expert reports due?",
      context: expect.stringContaining("Q1: Has the motion to dismiss been decided?"),
      earlierQuestions: ["Has the motion to dismiss been decided?"],
    });
    expect(readConversation("Question: Who is the judge?")).toMatchObject({ question: "Who is the judge?", context: "" });
    expect(readConversation("Who is the judge?")).toEqual({ question: "Who is the judge?", context: "", earlierQuestions: [] });
  });
});

describe("answerQuestion with earlier turns", () => {
  it("answers each follow-up, not the first question again", () => {
    const first = ask("Has the motion to dismiss been decided?");
    const turns = [{ question: "Has the motion to dismiss been decided?", answer: first }];
    const claims = ask(composeFollowUp(turns, "Which claims survived the motion?"));
    const experts = ask(composeFollowUp([...turns, { question: "Which claims survived the motion?", answer: claims }], "When are expert reports due?"));
    expect(claims).not.toBe(first);
    expect(experts).not.toBe(first);
    expect(experts).not.toBe(claims);
    expect(experts.toLowerCase()).toMatch(/expert/);
    // Each answers its own question as it would alone: the context does not steer a clear question.
    expect(experts).toBe(ask("When are expert reports due?"));
    expect(ask(composeFollowUp(turns, "Who is the judge?"))).toBe(ask("Who is the judge?"));
  });
});

describe("excerpt: whole sentences, as a provider writes", () => {
  it("ends at a sentence end, not mid-sentence; abbreviations are not sentence ends", () => {
    const text = "The motion is GRANTED in part. Claims 3 and 4 are dismissed without prejudice. Acme Widgets, Inc. v. Globex Corp. No. 5 is stayed. The rest proceeds.";
    expect(excerpt(text, 60)).toBe("The motion is GRANTED in part.");
    expect(excerpt(text, 90)).toBe("The motion is GRANTED in part. Claims 3 and 4 are dismissed without prejudice.");
    expect(excerpt(text, 120)).toBe("The motion is GRANTED in part. Claims 3 and 4 are dismissed without prejudice.");
    expect(excerpt("One very long sentence without an end " + "word ".repeat(100), 40)).toMatch(/…$/);
  });
});
