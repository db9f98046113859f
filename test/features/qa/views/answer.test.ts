import { describe, expect, it } from "vitest";
import { ANSWER_MAX_PAGES, answerContextLine, basedOnLine, renderAnswer, type AnswerModel } from "../../../../src/features/qa/views/answer.ts";
import { splitMrkdwn } from "../../../../src/features/qa/views/answer-pages.ts";
import type { MessagePayload } from "../../../../src/slack/blockkit/blocks.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";
import { ACTION, decodeValue } from "../../../../src/slack/blockkit/ids.ts";

const siteUrl = "https://site.example/";
const ENTRY = "https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/";
const base: AnswerModel = {
  court: "New York Southern District Court",
  docket: "1:23-cv-01234",
  title: "Acme Corp v. Widget Inc",
  parts: [{ source: "docket", provider: "providerone", text: "The motion to dismiss was granted in part (#40)." }],
  cited: [{ number: "40", date: "3/1/2026" }, { number: "12", date: "1/5/2026" }],
  price: 0.02,
  dateCached: "03/04/2026",
};

const sectionTexts = (p: MessagePayload) => p.blocks.flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []));
const all = (pages: MessagePayload[]) => pages.map((p) => JSON.stringify(p.blocks)).join("\n");

describe("renderAnswer", () => {
  it("shows the answer, then the entries it is based on with links, then provider · price · freshness", () => {
    const [page, ...rest] = renderAnswer(base, { siteUrl });
    expect(rest).toEqual([]);
    expectValidMessage(page!);
    expect(sectionTexts(page!)).toEqual([
      "The motion to dismiss was granted in part (#40).",
      `Based on entries <${ENTRY}12/|#12> (1/5/2026), <${ENTRY}40/|#40> (3/1/2026)`,
    ]);
    expect(page!.blocks.at(-1)).toMatchObject({ type: "context", elements: [{ text: "providerone · $0.02 · docket as of 3/4/2026" }] });
    expect(page!.text).toBe("Answer about Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234: The motion to dismiss was granted in part (#40).");
  });

  it("labels each answer when two providers (and two parts) answered", () => {
    const model: AnswerModel = {
      ...base,
      parts: [
        { source: "docket", provider: "providerone", text: "One." },
        { source: "docket", provider: "providertwo", text: "Two." },
        { source: "documents", provider: "providerone", text: "Three." },
      ],
    };
    const json = all(renderAnswer(model, { siteUrl }));
    expect(json).toContain('"text":"*providerone* · from the docket"');
    expect(json).toContain('"text":"*providertwo* · from the docket"');
    expect(json).toContain('"text":"*providerone* · from the documents"');
    expect(answerContextLine(model)).toBe("providerone + providertwo · $0.02 · docket as of 3/4/2026");
  });

  it("says test mode instead of a price, and heads the answer with the case when asked to", () => {
    const [page] = renderAnswer({ ...base, testMode: true, withIdentity: true, price: 0 }, { siteUrl });
    expect(JSON.stringify(page!.blocks.at(-1))).toContain("providerone · test mode: no charge · docket as of 3/4/2026");
    expect(page!.blocks[0]).toMatchObject({ type: "context" });
    expect(JSON.stringify(page!.blocks[0])).toContain("*<https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/|Acme Corp v. Widget Inc>* · S.D.N.Y. · 1:23-cv-01234");
    expectValidMessage(page!);
  });

  it("ends the last page with an Ask a follow-up button naming the case and the thread (issue 14 item 1)", async () => {
    const pages = renderAnswer({ ...base, followUpThread: "1700000000.000100" }, { siteUrl });
    const last = pages.at(-1)!;
    expectValidMessage(last);
    const block = last.blocks.at(-1)!;
    expect(block).toMatchObject({ type: "actions", elements: [{ type: "button", action_id: ACTION.askFollowUp, text: { text: "Ask a follow-up" } }] });
    const value = decodeValue((block as { elements: { value: string }[] }).elements[0]!.value);
    expect(value).toEqual({ court: base.court, docket: base.docket, thread: "1700000000.000100" });
    await expectGoldens(last, "./__goldens__/answer-follow-up-button");
    // A thread id the button could not carry (tampered, malformed): no button rather than a broken one.
    expect(JSON.stringify(renderAnswer({ ...base, followUpThread: "<!channel>" }, { siteUrl }))).not.toContain(ACTION.askFollowUp);
  });

  it("neutralises hostile answer text: mentions, foreign links, markup", () => {
    const text = "See <!channel> and @here <@U0ADMIN>. <https://evil.example|click> <a href=\"https://evil.example/x\">evil</a> " +
      '<a href="https://site.example/cases/x/">on site</a> ```\nnot code\n``` *not bold* ~no~';
    const [page] = renderAnswer({ ...base, parts: [{ source: "docket", provider: "providerone", text }] }, { siteUrl });
    const body = sectionTexts(page!)[0]!;
    expect(body).not.toMatch(/<!channel>|<@U0ADMIN>|<https:\/\/evil/);
    expect(body).toContain("&lt;!channel&gt;");
    expect(body).toContain("@\u200Dhere");
    expect(body).toContain("<https://site.example/cases/x/|on site>");
    expect(body).not.toContain("```");
    expect(body).toContain("∗not bold∗");
    expect(page!.text).not.toMatch(/<[!@]/);
    expectValidMessage(page!);
  });

  it("keeps line breaks of plain-text answers (bullets stay bullets)", () => {
    const [page] = renderAnswer({ ...base, parts: [{ source: "docket", provider: "providerone", text: "Lead.\n• one\n• two\n\nSources: #40." }] }, { siteUrl });
    expect(sectionTexts(page!)[0]).toBe("Lead.\n• one\n• two\n\nSources: #40.");
  });

  it("pages a long answer: every page valid, the sources and price on the last, nothing lost", () => {
    const paragraph = (i: number) => `Paragraph ${i}: the court <b>granted</b> the motion & set a schedule; see <a href="https://site.example/cases/p/${i}/">entry ${i}</a>. `.repeat(6);
    const text = Array.from({ length: 40 }, (_, i) => paragraph(i)).join("\n\n");
    const pages = renderAnswer({ ...base, parts: [{ source: "docket", provider: "providerone", text }] }, { siteUrl });
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.length).toBeLessThanOrEqual(ANSWER_MAX_PAGES);
    pages.forEach(expectValidMessage);
    for (let i = 1; i < pages.length; i++) expect(JSON.stringify(pages[i]!.blocks[0])).toContain(`Answer continued (${i + 1} of ${pages.length})`);
    expect(pages.slice(0, -1).some((p) => JSON.stringify(p).includes("Based on"))).toBe(false);
    expect(JSON.stringify(pages.at(-1))).toContain("Based on entries");
    const shown = pages.flatMap(sectionTexts).join("\n");
    for (const i of [0, 20, 39]) expect(shown).toContain(`Paragraph ${i}: the court *granted* the motion &amp; set a schedule`);
    expect(shown).not.toContain("cut here");
  });

  it("an answer longer than the pages allowed ends at a whole sentence and says how much is left (never mid-sentence)", () => {
    const sentence = (i: number) => `Sentence ${i} says the court set the schedule for expert reports and dispositive motions.`;
    const text = Array.from({ length: 1_200 }, (_, i) => sentence(i)).join(" ");
    const pages = renderAnswer({ ...base, parts: [{ source: "docket", provider: "providerone", text }] }, { siteUrl });
    expect(pages).toHaveLength(ANSWER_MAX_PAGES);
    pages.forEach(expectValidMessage);
    const last = JSON.stringify(pages.at(-1));
    expect(last).toMatch(/The answer goes on for about [\d,]+ more words/);
    expect(last).toContain("docket as of 3/4/2026");
    // Every section ends a sentence: pieces continue on the next section or message, never mid-sentence.
    for (const t of pages.flatMap(sectionTexts).filter((t) => t.startsWith("Sentence"))) expect(t).toMatch(/motions\.$/);
  });

  it("a long answer is never cut mid-sentence: pieces end at sentence ends and nothing is lost", () => {
    const text = Array.from({ length: 120 }, (_, i) => `Claim ${i} against Globex Corp. v. Acme, No. 5 was dismissed without prejudice.`).join(" ");
    const pages = renderAnswer({ ...base, parts: [{ source: "docket", provider: "providerone", text }] }, { siteUrl });
    const pieces = pages.flatMap(sectionTexts).filter((t) => t.startsWith("Claim"));
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(p).toMatch(/prejudice\.$/);
    expect(pieces.join(" ")).toBe(text);
  });

  it("handles an answer with no spaces at all, and an empty one", () => {
    const pages = renderAnswer({ ...base, parts: [{ source: "docket", provider: "providerone", text: "x".repeat(20_000) }] }, { siteUrl });
    pages.forEach(expectValidMessage);
    const [empty] = renderAnswer({ ...base, parts: [] }, { siteUrl });
    expect(JSON.stringify(empty)).toContain("returned no answer");
    expectValidMessage(empty!);
    const [blank] = renderAnswer({ ...base, parts: [{ source: "docket", provider: "providerone", text: "  " }] }, { siteUrl });
    expect(JSON.stringify(blank)).toContain("No answer from this provider");
  });
});

describe("basedOnLine", () => {
  it("sorts and de-duplicates entries, dates each one, and counts what it does not show", () => {
    const cited = Array.from({ length: 15 }, (_, i) => ({ number: String(15 - i), date: `1/${15 - i}/2026` }));
    const line = basedOnLine({ ...base, cited: [...cited, { number: "3", date: "1/3/2026" }] }, siteUrl);
    expect(line).toMatch(/^Based on entries <[^>]+\/1\/\|#1> \(1\/1\/2026\), <[^>]+\/2\/\|#2> \(1\/2\/2026\)/);
    expect(line).toContain("|#12> (1/12/2026)");
    expect(line).not.toContain("|#13>");
    expect(line).toMatch(/ and 3 more$/);
  });

  it("without the title keeps only the service's own on-site links", () => {
    const line = basedOnLine(
      { ...base, title: undefined, cited: [{ number: "7", date: "2/2/2026", href: "https://site.example/cases/x/docs/7.pdf" }, { number: "8", href: "https://evil.example/8" }] },
      siteUrl,
    );
    expect(line).toBe("Based on entries <https://site.example/cases/x/docs/7.pdf|#7> (2/2/2026), #8");
  });

  it("entries without numbers, one entry, nothing at all", () => {
    expect(basedOnLine({ ...base, cited: [{ date: "2/2/2026" }] }, siteUrl)).toBe("Based on the entry of 2/2/2026");
    expect(basedOnLine({ ...base, cited: [{ number: "14", date: "9/7/2023" }, { number: "19", date: "10/1/2023" }, { date: "11/2/2023" }] }, siteUrl))
      .toBe(`Based on entries <${ENTRY}14/|#14> (9/7/2023), <${ENTRY}19/|#19> (10/1/2023), the entry of 11/2/2023`);
    expect(basedOnLine({ ...base, cited: [{ number: "9" }] }, siteUrl)).toBe(`Based on entry <${ENTRY}9/|#9>`);
    expect(basedOnLine({ ...base, cited: [] }, siteUrl)).toBe("");
    const [page] = renderAnswer({ ...base, cited: [] }, { siteUrl });
    expect(JSON.stringify(page)).not.toContain("Based on");
  });
});


describe("splitMrkdwn", () => {
  it("cuts at paragraphs, then lines, then spaces, within the limit", () => {
    const text = ["a".repeat(50), "b".repeat(50), "c ".repeat(60)].join("\n\n");
    const pieces = splitMrkdwn(text, 60);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(60);
    expect(pieces.slice(0, 2)).toEqual(["a".repeat(50), "b".repeat(50)]);
    expect(pieces.join(" ").replace(/\s+/g, " ")).toBe(text.replace(/\s+/g, " ").trim());
  });

  it("never cuts inside a link, an escape or a surrogate pair", () => {
    const link = "<https://site.example/cases/a/|a label with many words in it>";
    const text = `${"word ".repeat(9)}${link} &amp; 😀 ${"more ".repeat(20)}`;
    for (const max of [20, 30, 47, 48, 49, 50, 66, 70, 90, 128, 129, 130, 140, 200]) {
      const pieces = splitMrkdwn(text, max);
      // Links that fit in half a piece are kept whole; longer ones keep their label.
      expect(pieces.some((p) => p.includes(link))).toBe(link.length <= max / 2);
      expect(pieces.join(" ")).toContain("a label with many words in it");
      for (const piece of pieces) {
        expect(piece.length).toBeLessThanOrEqual(max);
        expect((piece.match(/</g) ?? []).length).toBe((piece.match(/>/g) ?? []).length);
        expect(piece).not.toMatch(/&(?:am?|a?m?p?)$|^(?:mp|p);/);
        expect(piece).not.toMatch(/[\uD800-\uDBFF]$/);
      }
    }
  });

  it("closes and reopens bold and italics cut mid-line", () => {
    const pieces = splitMrkdwn(`*${"bold ".repeat(20).trim()}* _${"it ".repeat(10).trim()}_`, 40);
    for (const p of pieces) {
      expect((p.match(/\*/g) ?? []).length % 2).toBe(0);
      expect((p.match(/_/g) ?? []).length % 2).toBe(0);
    }
  });
});

describe("renderAnswer goldens", () => {
  it("one provider, with cited entries, price and freshness", async () => {
    const pages = renderAnswer(base, { siteUrl });
    pages.forEach((p) => expectValidMessage(p));
    await expectGoldens(pages, "./__goldens__/answer-ordinary");
  });

  it("two providers over docket and documents, headed by the case, in test mode", async () => {
    const model: AnswerModel = {
      ...base,
      parts: [
        { source: "docket", provider: "providerone", text: "The motion to dismiss (#30) was <b>granted</b> on 3/3/2026 (#42)." },
        { source: "docket", provider: "providertwo", text: "Yes: the court granted the motion to dismiss in #42." },
        { source: "documents", provider: "providerone", text: "The order (#42) dismisses the claims without prejudice and allows an amended complaint within 21 days." },
      ],
      testMode: true,
      withIdentity: true,
    };
    const pages = renderAnswer(model, { siteUrl });
    pages.forEach((p) => expectValidMessage(p));
    await expectGoldens(pages, "./__goldens__/answer-two-providers");
  });

  it("a long answer over two messages", async () => {
    const paragraph = (i: number) => `Paragraph ${i}. The court considered the parties' submissions on the motion to dismiss, the opposition and the reply, and the supplemental letters filed after oral argument. `.repeat(6);
    const model: AnswerModel = { ...base, parts: [{ source: "docket", provider: "providerone", text: Array.from({ length: 12 }, (_, i) => paragraph(i + 1)).join("\n\n") }] };
    const pages = renderAnswer(model, { siteUrl });
    pages.forEach((p) => expectValidMessage(p));
    await expectGoldens(pages, "./__goldens__/answer-paged");
  });
});
