import { beforeAll, describe, expect, it } from "vitest";
import { createCorpus, FLAGSHIP, type EmuCorpus } from "../../../sandbox/docket-service/corpus/index.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";
import { answerQuestion, type AskInput } from "../../../sandbox/docket-service/engines/answer.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
let corpus: EmuCorpus;
let flagship: EmuCase;

beforeAll(() => {
  corpus = createCorpus({ seed: 42, now: NOW });
  flagship = corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
});

const ask = (question: string, o: Partial<AskInput> = {}) =>
  answerQuestion({ kase: flagship, question, target: "docket", provider: "providerone", outputFormat: "", now: NOW, ...o });

/** Every "Entry #N (date)" an answer cites, checked against the case's own entries. */
function citedEntries(kase: EmuCase, answer: string): string[] {
  const cited = [...answer.matchAll(/Entry #(\d+) \((\d{1,2}\/\d{1,2}\/\d{4})\)/g)];
  for (const [, number, date] of cited) {
    const entry = kase.entries.find((e) => e.number === number);
    expect(entry, `Entry #${number}`).toBeDefined();
    expect(entry!.date).toBe(date);
  }
  return cited.map((m) => m[1]!);
}

describe("answerQuestion: grounded answers", () => {
  it("finds the order on the flagship's motion to dismiss", () => {
    const mtdOrder = flagship.entries.find((e) => e.analyze?.type === "order" && /motion to dismiss/i.test(e.contents))!;
    const motion = flagship.entries.find((e) => e.analyze?.type === "motion" && /MOTION to Dismiss/.test(e.contents))!;
    for (const provider of ["providerone", "providertwo"] as const) {
      const a = ask("Has the motion to dismiss been decided?", { provider });
      expect(a.answer).toMatch(/granted in part/i);
      expect(citedEntries(flagship, a.answer)).toContain(mtdOrder.number);
      expect(a.relevant.map((r) => r.number)).toEqual([mtdOrder.number, motion.number]);
      expect(a.relevant[0]!.contents).toBe(mtdOrder.contents);
    }
  });

  it("answers the common questions from the case data", () => {
    const latest = ask("What is the latest order?");
    const lastOrder = flagship.entries.filter((e) => e.analyze?.type === "order").at(-1)!;
    expect(citedEntries(flagship, latest.answer)[0]).toBe(lastOrder.number);

    expect(ask("Who represents the defendant?").answer).toMatch(/Globex Corporation \(Defendant\) is represented by Jonathan Pemberton \(lead counsel\)/);
    expect(ask("What patents are at issue?").answer).toContain("10,123,456 and 10,987,654");
    expect(ask("When was the case filed?").answer).toContain("filed on 2/14/2023");
    expect(ask("Who is the judge?").answer).toContain("Eleanor R. Whitcombe");

    const deadline = ask("What is the next deadline?");
    const [, date] = /next deadline is .*? (\d{1,2}\/\d{1,2}\/\d{4})/.exec(deadline.answer) ?? [];
    expect(date).toBeDefined();
    expect(Date.parse(date!)).toBeGreaterThanOrEqual(NOW - 86_400_000);
    citedEntries(flagship, deadline.answer);
  });

  it("answers the 341 meeting from a bankruptcy case, and says so when there is none", () => {
    const bk = corpus.cases.find((c) => c.chapter === "7" && c.date341Meeting)!;
    const a = answerQuestion({ kase: bk, question: "When is the 341 meeting?", target: "docket", provider: "providertwo", outputFormat: "" });
    expect(a.answer).toContain(bk.date341Meeting!);
    citedEntries(bk, a.answer);
    expect(ask("When is the 341 meeting of creditors?").answer).toMatch(/does not mention a 341 meeting/);
  });

  it("retrieves by term overlap for other questions and cites real entries", () => {
    const a = ask("What happened with claim construction?");
    const cited = citedEntries(flagship, a.answer);
    expect(cited.length).toBeGreaterThan(0);
    for (const r of a.relevant) expect(flagship.entries.some((e) => e.number === r.number && e.contents === r.contents)).toBe(true);
    expect(a.relevant.some((r) => /claim construction/i.test(r.contents))).toBe(true);
  });

  it("reads documents for target=documents and returns the passages used", () => {
    const a = ask("What did Globex argue about willful infringement?", { target: "documents" });
    expect(a.answer).toMatch(/pre-suit knowledge/);
    expect(a.relevant.length).toBeGreaterThan(0);
    expect(a.relevant.every((r) => r.document && r.document.length > 10)).toBe(true);
    citedEntries(flagship, a.answer);
  });
});

describe("answerQuestion: honesty, providers, sealing, price", () => {
  it("says the docket does not say when nothing is relevant", () => {
    for (const provider of ["providerone", "providertwo"] as const) {
      const a = ask("What did the court say about the bitcoin mining equipment?", { provider });
      expect(a.answer).toContain("The docket does not say anything about");
      expect(a.answer).toContain("bitcoin mining equipment");
      expect(a.relevant).toEqual([]);
    }
    expect(ask("What about the zebra sanctuary?", { target: "documents" }).answer).toContain("The documents on file do not say anything about");
    expect(ask("").answer).toMatch(/does not say/);
  });

  it("words the two providers differently, both grounded and deterministic", () => {
    const one = ask("Has the motion to dismiss been decided?", { provider: "providerone" });
    const two = ask("Has the motion to dismiss been decided?", { provider: "providertwo" });
    expect(one.answer).not.toBe(two.answer);
    expect(citedEntries(flagship, one.answer)).toEqual(citedEntries(flagship, two.answer).slice(0, citedEntries(flagship, one.answer).length));
    expect(ask("Has the motion to dismiss been decided?", { provider: "providertwo" })).toEqual(two);
  });

  it("follows the output format", () => {
    const short = ask("Has the motion to dismiss been decided?", { outputFormat: "one sentence" }).answer;
    expect(short.split("\n")).toHaveLength(1);
    const bullets = ask("What happened recently?", { outputFormat: "bullet points" }).answer;
    expect(bullets).toMatch(/\n• /);
    const json = JSON.parse(ask("Who represents the plaintiff?", { outputFormat: "JSON" }).answer) as { answer: string };
    expect(json.answer).toContain("Acme Widgets, Inc. (Plaintiff)");
  });

  it("never quotes a sealed document", () => {
    const sealed = flagship.entries.flatMap((e) => (e.document?.sealed ? [e.document] : []));
    expect(sealed.length).toBeGreaterThan(0);
    const secrets = ["4,812,337", "212,904,118", "3.25%"];
    for (const s of secrets) expect(sealed.some((d) => d.text.includes(s))).toBe(true);
    for (const target of ["docket", "documents", "both"] as const) {
      for (const q of ["What is the royalty rate under the Initech license?", "How many ChargeDock units were sold and what was the net revenue?", "What does the sealed document say?"]) {
        for (const provider of ["providerone", "providertwo"] as const) {
          const a = ask(q, { target, provider });
          const all = a.answer + JSON.stringify(a.relevant);
          for (const s of secrets) expect(all, `${target} ${q}`).not.toContain(s);
        }
      }
    }
  });

  it("prices each answer between $0.01 and $0.10, deterministically", () => {
    const prices = ["What is the latest order?", "Who represents the defendant?", "claim construction brief"].map((q) => ask(q).price);
    for (const p of prices) {
      expect(p).toBeGreaterThanOrEqual(0.01);
      expect(p).toBeLessThanOrEqual(0.1);
    }
    expect(ask("What is the latest order?").price).toBe(prices[0]);
    const big = corpus.cases.find((c) => c.entries.length >= 5_000)!;
    const a = answerQuestion({ kase: big, question: "fee statement objections", target: "both", provider: "providertwo", outputFormat: "" });
    expect(a.price).toBeLessThanOrEqual(0.1);
  });

  it("answers for every kind of case without throwing", () => {
    for (const kase of corpus.cases.filter((_, i) => i % 7 === 0)) {
      for (const q of ["What is the latest order?", "Who represents the plaintiff?", "When is the next deadline?", "status"]) {
        const a = answerQuestion({ kase, question: q, target: "both", provider: "providerone", outputFormat: "" });
        expect(a.answer.length).toBeGreaterThan(10);
        citedEntries(kase, a.answer);
      }
    }
  });
});
