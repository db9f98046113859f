/**
 * Issue 25 items 1 and 3: the sandbox's answer engine answers what was asked, in the question's
 * words and from the docket, so the sandbox demonstrates follow-ups truthfully: a follow-up about
 * expert reports gets expert reports' date (not "the next deadline is …"), "what does the latest
 * order require us to do, and by when?" gets the order's duties and their dates, and an answer
 * found by retrieval names the question it answers.
 */
import { describe, expect, it } from "vitest";
import { buildFlagship } from "../../../sandbox/docket-service/corpus/flagship.ts";
import { answerQuestion } from "../../../sandbox/docket-service/engines/answer.ts";

const kase = buildFlagship(Date.UTC(2026, 10, 23));
const ask = (question: string) => answerQuestion({ kase, question, target: "docket", provider: "providerone" }).answer;
const followUp = (question: string) =>
  ask(["Earlier questions and answers in this conversation about the case:", "Q1: Has the motion to dismiss been decided?", "A1: Yes. The motion to dismiss was granted in part.", "", `Follow-up question (answer this one): ${question}`].join("\n"));

describe("answers what was asked", () => {
  it("a date question about a named subject answers for that subject", () => {
    for (const a of [ask("When are expert reports due?"), followUp("When are expert reports due?")]) {
      expect(a).toMatch(/^Expert Reports are due \d{1,2}\/\d{1,2}\/\d{4}, set at Entry #\d+/);
      expect(a).not.toMatch(/motion to dismiss/i);
    }
  });

  it("what the latest order requires, and by when, from its own sentences", () => {
    const a = ask("@docketbot what does the latest order require us to do, and by when?");
    expect(a).toMatch(/^The latest order, Entry #\d+ \([^)]*\), requires: The parties shall file a joint letter/);
    expect(a).toContain("By when: one week before the conference");
    expect(a).toMatch(/the order.s dates: \d{1,2}\/\d{1,2}\/\d{4} at 10:00 AM\)/);
  });

  it("a question answered by retrieval says which question it answers", () => {
    expect(followUp("What did the court dismiss?")).toMatch(/^For “What did the court dismiss\?”, the most relevant entry is Entry #19/);
  });

  it("the first question is still answered as before", () => {
    expect(ask("Has the motion to dismiss been decided?")).toMatch(/^Yes\. The motion to dismiss .* was granted in part/);
  });
});
