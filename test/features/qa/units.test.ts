/** The Q&A feature's pure parts: follow-up context, cited entries, question text, modal state, incoming messages. */
import { describe, expect, it } from "vitest";
import { DOCUMENTED_AI_PRICE, expectedPrice, expectedPriceFor, expectedPricesFor } from "../../../src/features/qa/expected-price.ts";
import { AskDocketResponse } from "../../../src/docket/schemas/index.ts";
import { readAnswer } from "../../../src/features/qa/answer-service.ts";
import { checkCited, citedEntries } from "../../../src/features/qa/cited-entries.ts";
import { basedOnLine } from "../../../src/features/qa/views/answer.ts";
import { CONTEXT_CHARS, composeFollowUp, storedAnswer } from "../../../src/features/qa/follow-up.ts";
import { mentionsBot, personMessage } from "../../../src/features/qa/incoming.ts";
import { decodeModalState, encodeModalState } from "../../../src/features/qa/modal-metadata.ts";
import { SUMMARY_QUESTION, checkQuestion, isAcknowledgement, mentionQuestion, suggestQuestion, withoutMention } from "../../../src/features/qa/question-text.ts";

const siteUrl = "https://site.example/";
const FLAGSHIP = { court: "New York Southern District Court", docket: "1:23-cv-01234" };

describe("composeFollowUp", () => {
  it("sends a first question as it is", () => {
    expect(composeFollowUp([], "Who is the judge?")).toBe("Who is the judge?");
  });

  it("puts the last turns first, oldest first, and the new question last", () => {
    const turns = [1, 2, 3, 4].map((i) => ({ question: `Question ${i}?`, answer: `Answer ${i}.` }));
    expect(composeFollowUp(turns, "And now?")).toBe(
      [
        "Earlier questions and answers in this conversation about the case:",
        "Q1: Question 2?\nA1: Answer 2.\nQ2: Question 3?\nA2: Answer 3.\nQ3: Question 4?\nA3: Answer 4.",
        "",
        "Follow-up question (answer this one): And now?",
      ].join("\n"),
    );
  });

  it("stays bounded: long answers are cut, the oldest turns dropped first", () => {
    const turns = [1, 2, 3].map((i) => ({ question: `Q${i} ${"why ".repeat(500)}`, answer: `A${i} ${"because ".repeat(2_000)}` }));
    const sent = composeFollowUp(turns, "Last?");
    expect(sent.length).toBeLessThan(CONTEXT_CHARS + 200);
    expect(sent).toContain("Q1: Q2 why");
    expect(sent).toContain("Q2: Q3 why");
    expect(sent).not.toContain("Q1 why"); // the oldest went first
    expect(sent.endsWith("Follow-up question (answer this one): Last?")).toBe(true);
  });

  it("stores every provider's answer, labelled when there are several", () => {
    expect(storedAnswer([{ provider: "providerone", source: "docket", text: "A" }])).toBe("A");
    expect(storedAnswer([{ provider: "providerone", source: "docket", text: "A" }, { provider: "providertwo", source: "docket", text: "B" }])).toBe(
      "[providerone, docket] A\n\n[providertwo, docket] B",
    );
  });
});

describe("reading ask_docket answers", () => {
  it("takes answers per part and provider, the entries relied on, price and freshness", () => {
    const res = AskDocketResponse.parse({
      success: true, price: "0.05", date_cached: "3/4/2026",
      from_dockets: { providerone_answer: "One", providertwo_answer: "Two", relevant: [{ number: "12", date: "3/1/2026", contents: "x" }, "#40", "not a number", 7] },
      from_documents: { providerone_answer: "Docs", relevant: [{ entry_number: 9, date_filed: "2/2/2026", link_viewer: "https://site.example/v/9?login_token=SECRET#p2" }] },
    });
    const a = readAnswer(res);
    expect(a.parts.map((p) => `${p.source}/${p.provider}/${p.text}`)).toEqual(["docket/providerone/One", "docket/providertwo/Two", "documents/providerone/Docs"]);
    expect(a.cited).toEqual([
      { number: "12", date: "3/1/2026", href: undefined },
      { number: "40" },
      { number: "9", date: "2/2/2026", href: "https://site.example/v/9" },
    ]);
    expect(a).toMatchObject({ price: 0.05, dateCached: "3/4/2026", providers: ["providerone", "providertwo"] });
  });

  it("skips supporting items that name no entry", () => {
    expect(citedEntries([{ contents: "no number, no date" }, { number: "12-1" }, { number: "abc", date: "1/1/2026" }, "12-3"])).toEqual([
      { number: "12-1", date: undefined, href: undefined },
      { number: undefined, date: "1/1/2026", href: undefined },
      { number: "12-3" },
    ]);
  });
});

describe("citations checked against the stored docket", () => {
  const docket = new Map<string, string | undefined>([["12", "3/4/2026"], ["19", "9/7/2023"], ["20", undefined]]);
  it("takes the docket's date for an entry it has, marks one it lacks, checks an attachment by its entry, leaves dates alone", () => {
    expect(checkCited([{ number: "19", date: "1/1/2001", href: "https://x/19/" }, { number: "999", date: "1/1/2020", href: "https://x/999/" }, { number: "12-1" }, { number: "13-1" }, { number: "20", date: "5/5/2025" }, { date: "2/2/2026" }], docket)).toEqual([
      { number: "19", date: "9/7/2023", href: "https://x/19/" },
      { number: "999", notOnDocket: true },
      { number: "12-1", date: "3/4/2026" },
      { number: "13-1", notOnDocket: true },
      { number: "20", date: "5/5/2025" },
      { date: "2/2/2026" },
    ]);
  });
  it("without the docket read, changes nothing", () => {
    const cited = [{ number: "999", date: "1/1/2020" }];
    expect(checkCited(cited, undefined)).toEqual(cited);
  });
  it("says an entry the docket lacks, never linking it", () => {
    const line = basedOnLine({ court: "nysd", docket: "1:23-cv-01234", title: "Acme v. Globex", parts: [], cited: checkCited([{ number: "999", date: "1/1/2020" }, { number: "19" }], docket) }, "https://www.docketservice.example/");
    expect(line).toBe("Based on entries <https://www.docketservice.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_v._Globex/19/|#19> (9/7/2023), #999 (:warning: no such entry on the docket as stored: check before citing)");
  });
});

describe("question text", () => {
  it("tells thanks from questions", () => {
    for (const t of ["thanks!", "Thank you.", "ok", "OK", "👍", "got it", "great!!"]) expect(isAcknowledgement(t), t).toBe(true);
    for (const t of ["thanks, and who is the judge?", "ok so when is trial?", "Who is the judge?"]) expect(isAcknowledgement(t), t).toBe(false);
  });

  it("checks length", () => {
    expect(checkQuestion("  Who is the judge?  ")).toEqual({ ok: true, question: "Who is the judge?" });
    expect(checkQuestion("ok")).toMatchObject({ ok: false, message: expect.stringMatching(/^Type a question/) });
    expect(checkQuestion("x".repeat(1_001))).toMatchObject({ ok: false, message: expect.stringMatching(/^Keep the question under 1,000 characters/) });
  });

  it("takes the bot's mention out, and asks for a summary when only a case is named", () => {
    expect(withoutMention("<@U0BOT> who is <@U0ADMIN>?", "U0BOT")).toBe("who is <@U0ADMIN>?");
    expect(withoutMention("hey <@U0BOT|docketbot> status", "U0BOT")).toBe("hey status");
    expect(mentionQuestion("nysd 1:23-cv-01234", siteUrl)).toBe(SUMMARY_QUESTION);
    expect(mentionQuestion("nysd 1:23-cv-01234?", siteUrl)).toBe(SUMMARY_QUESTION);
    expect(mentionQuestion("who is the judge in nysd 1:23-cv-01234?", siteUrl)).toBe("who is the judge in nysd 1:23-cv-01234?");
  });

  it("suggests a message's text as the question only when it reads as one", () => {
    expect(suggestQuestion("Is there a trial date in <https://site.example/cases/x/|the Acme case>?")).toBe("Is there a trial date in the Acme case?");
    expect(suggestQuestion("3 new entries · latest 3/4/2026")).toBeUndefined();
    expect(suggestQuestion(`${"why ".repeat(400)}?`)).toBeUndefined();
  });
});

describe("the modal's private_metadata", () => {
  it("round-trips channel and case, and refuses anything tampered with", () => {
    const raw = encodeModalState({ channelId: "C0ACME", case: FLAGSHIP });
    expect(decodeModalState(raw)).toEqual({ channelId: "C0ACME", case: FLAGSHIP });
    expect(decodeModalState(encodeModalState({ channelId: undefined }))).toEqual({ channelId: undefined });
    // A follow-up's form stays one when drawn again (another choice's price); only with a thread.
    const followUp = { channelId: "C0ACME", case: FLAGSHIP, threadTs: "1700000000.000100", followUp: true };
    expect(decodeModalState(encodeModalState(followUp))).toEqual(followUp);
    expect(decodeModalState('{"ch":"C0ACME","f":1}')).toEqual({ channelId: "C0ACME" });
    for (const bad of ["", "x", "[]", '{"ch":"not a channel"}', '{"ch":"C0ACME","case":"{\\"c\\":\\"\\",\\"d\\":\\"1\\"}"}', '{"ch":5}', `{"ch":"C0ACME","pad":"${"x".repeat(3_000)}"}`]) {
      expect(decodeModalState(bad), bad.slice(0, 40)).toBeUndefined();
    }
    expect(() => encodeModalState({ channelId: "U0ADMIN" })).toThrow(RangeError);
  });
});

describe("incoming messages", () => {
  const base = { type: "message", channel: "C0ACME", user: "U0ADMIN", text: "Who is the judge?", ts: "1700000001.000200", thread_ts: "1700000000.000100", channel_type: "channel" };

  it("a person's reply in a thread", () => {
    expect(personMessage(base, { userId: "U0BOT" })).toEqual({
      channel: "C0ACME", user: "U0ADMIN", text: "Who is the judge?", ts: "1700000001.000200", threadTs: "1700000000.000100", channelType: "channel",
    });
    expect(personMessage({ ...base, subtype: "thread_broadcast" }, {})?.threadTs).toBe("1700000000.000100");
    expect(personMessage({ ...base, thread_ts: base.ts }, {})?.threadTs).toBeUndefined(); // a thread's parent
  });

  it("not bots, edits, system messages or malformed events", () => {
    for (const e of [
      { ...base, bot_id: "B0BOT" },
      { ...base, user: "U0BOT" },
      { ...base, bot_profile: {} },
      { ...base, subtype: "bot_message" },
      { ...base, subtype: "message_changed" },
      { ...base, subtype: "message_deleted" },
      { ...base, user: undefined },
      { ...base, channel: "<#C1>" },
      { ...base, ts: "now" },
    ]) {
      expect(personMessage(e, { userId: "U0BOT" })).toBeUndefined();
    }
  });

  it("mentions of the bot", () => {
    expect(mentionsBot("<@U0BOT> hi", "U0BOT")).toBe(true);
    expect(mentionsBot("hi <@U0BOT|docketbot>", "U0BOT")).toBe(true);
    expect(mentionsBot("hi <@U0BOTX>", "U0BOT")).toBe(false);
    expect(mentionsBot("hi", undefined)).toBe(false);
  });
});

describe("expectedPrice (issue 14 item 2)", () => {
  it("uses the documented range until there is history, then the median and range of recent prices", () => {
    expect(expectedPrice([], 1)).toEqual({ ...DOCUMENTED_AI_PRICE, basis: "documented", samples: 0 });
    expect(expectedPrice([0.05, 0.02], 1).basis).toBe("documented");
    expect(expectedPrice([], 2)).toMatchObject({ low: 0.02, high: 0.2, basis: "documented" }); // both providers answer: twice the price
    expect(expectedPrice([0.05, 0.02, 0.03, 0.04], 1)).toEqual({ typical: 0.035, low: 0.02, high: 0.05, basis: "recent", samples: 4 });
    expect(expectedPrice([0.09, 0.02, 0.03, Number.NaN, -1], 1)).toEqual({ typical: 0.03, low: 0.02, high: 0.09, basis: "recent", samples: 3 });
  });

  it("is read from the answers of the kind asked; Both's documented range is two answers' per provider", async () => {
    const asked: string[] = [];
    const store = {
      recentAnswerPrices: async (q: { teamId: string; target: string; limit: number }) => {
        asked.push(`${q.teamId}:${q.target}:${q.limit}`);
        return q.target === "docket" ? [0.02, 0.03, 0.02] : [];
      },
    };
    expect(await expectedPriceFor(store, "T1", 1, "docket")).toEqual({ typical: 0.02, low: 0.02, high: 0.03, basis: "recent", samples: 3, from: "docket" });
    // No Both answers yet: not the docket's price, but the documented range of a docket answer plus a documents answer.
    expect(await expectedPriceFor(store, "T1", 1, "both")).toMatchObject({ low: 0.02, typical: 0.06, high: 0.2, basis: "documented", from: "both" });
    expect(await expectedPriceFor(store, "T1", 2, "both")).toMatchObject({ low: 0.04, high: 0.4, basis: "documented" }); // and both providers
    expect(await expectedPriceFor(store, "T1", 1, "documents")).toMatchObject({ low: 0.01, high: 0.1, basis: "documented", from: "documents" });
    expect(asked).toEqual(["T1:docket:20", "T1:both:20", "T1:both:20", "T1:documents:20"]);
    const all = await expectedPricesFor(store, "T1", 1);
    expect([all.docket.from, all.documents.from, all.both.from]).toEqual(["docket", "documents", "both"]);
    // A store that cannot answer: the documented range, never no price.
    const broken = { recentAnswerPrices: async () => Promise.reject(new Error("down")) };
    expect(await expectedPriceFor(broken, "T1", 1, "both")).toMatchObject({ high: 0.2, basis: "documented" });
  });
});
