import { describe, expect, it } from "vitest";
import { DocketEntry } from "../../../../src/docket/schemas/index.ts";
import { entrySignificance } from "../../../../src/court/significance.ts";
import { renderDocketAlert, ROUTINE_LISTED, type DocketAlertModel } from "../../../../src/features/alerts/views/docket-alert.ts";
import { DEFAULT_ROUTINE_PATTERNS, routineLine, splitRoutine } from "../../../../src/features/alerts/views/routine.ts";
import type { Block, ButtonElement, MessagePayload, SectionBlock } from "../../../../src/slack/blockkit/blocks.ts";
import { ACTION, actionIdPattern, decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const court = "New York Southern District Court";
const docket = "1:23-cv-01234";
const doc = (n: number | string) => `${siteUrl}cases/New_York_Southern_District_Court/1--23-cv-01234/docs/${n}.pdf`;
const entry = (raw: Record<string, unknown>) => DocketEntry.parse(raw);
const model = (entries: Record<string, unknown>[], extra: Partial<DocketAlertModel> = {}): DocketAlertModel => ({
  court, docket, title: "Acme Corp v. Widget Inc", entries: entries.map(entry), ...extra,
});

const sections = (m: MessagePayload) => m.blocks.filter((b): b is SectionBlock => b.type === "section");
const allText = (m: MessagePayload) => JSON.stringify(m.blocks);
const buttons = (blocks: Block[]): ButtonElement[] =>
  blocks.flatMap((b) => (b.type === "section" && b.accessory ? [b.accessory] : b.type === "actions" ? b.elements : []));

const ACME = [
  { date: "3/3/2026", number: "41", contents: "NOTICE of Appearance by C. Doe on behalf of Widget Inc." },
  { date: "3/4/2026", number: "43", contents: "MOTION for Leave to Appear Pro Hac Vice. Filed by Acme Corp." },
  { date: "3/3/2026", number: "42", contents: "<b>ORDER</b> granting 30 Motion to Dismiss. Signed by Judge Jed S. Rakoff on 3/3/2026.", link: doc(42), analyze: { type: "order", outcome: "granted" } },
  { date: "3/2/2026", number: "40", contents: "LETTER addressed to Judge Rakoff from A. Smith re discovery schedule." },
  { date: "3/4/2026", number: "44", contents: "NOTICE OF APPEARANCE by B. Jones on behalf of Acme Corp." },
  { date: "3/4/2026", number: "45", contents: "RULE 7.1 CORPORATE DISCLOSURE STATEMENT. Identifying Corporate Parent Widget Holdings for Widget Inc." },
];

describe("docket alert reply", () => {
  it("lists notable entries newest first with number, date, analysis tag and Get PDF, then the routine filings under their line", () => {
    const [msg, ...rest] = renderDocketAlert(model(ACME), { siteUrl });
    expect(rest).toEqual([]);
    expectValidMessage(msg!);
    const texts = sections(msg!).map((s) => s.text!.text);
    // Issue 25 item 4: every routine entry is listed too (bounded), after the notable ones.
    expect(texts).toHaveLength(6);
    expect(texts.slice(2).map((t) => /^\*#(\d+)\*/.exec(t)?.[1])).toEqual(["45", "44", "43", "41"]);
    expect(texts[0]).toMatch(/^\*#42\* · 3\/3\/2026 · `ORDER · GRANTED` — \*ORDER\* granting 30 Motion to Dismiss/);
    expect(texts[1]).toMatch(/^\*#40\* · 3\/2\/2026 — LETTER addressed/);
    // Only #42 has a document.
    const pdf = buttons(msg!.blocks);
    expect(pdf).toHaveLength(1);
    expect(pdf[0]!.action_id).toMatch(actionIdPattern(ACTION.getPdf));
    expect(decodeValue(pdf[0]!.value)).toEqual({ court, docket, entry: "42", doc: expect.stringMatching(/^\/.*42/) });
    const head = msg!.blocks[2]!;
    expect(head.type).toBe("context");
    expect(JSON.stringify(head)).toContain("+4 routine filings (notices of appearance, pro hac vice, corporate disclosure statement):");
  });

  it("has a notification text naming the case, the count and the newest notable entry", () => {
    const [msg] = renderDocketAlert(model(ACME), { siteUrl });
    expect(msg!.text).toBe(
      "6 new entries in Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234: #42 ORDER granting 30 Motion to Dismiss. Signed by Judge Jed S. Rakoff on 3/3/2026. (+4 routine filings)",
    );
    const [one] = renderDocketAlert(model([ACME[2]!]), { siteUrl });
    expect(one!.text).toMatch(/^New entry in Acme Corp v\. Widget Inc · S\.D\.N\.Y\. · 1:23-cv-01234: #42 ORDER granting/);
  });

  it("an alert of routine filings only lists them under one line, and the routine list is configurable", () => {
    const routineOnly = [ACME[0]!, ACME[4]!];
    const [msg] = renderDocketAlert(model(routineOnly), { siteUrl });
    expectValidMessage(msg!);
    expect(msg!.blocks).toHaveLength(3);
    expect(allText(msg!)).toContain("+2 routine filings (notices of appearance):");
    expect(sections(msg!).map((s) => /^\*#(\d+)\*/.exec(s.text!.text)?.[1])).toEqual(["44", "41"]);
    expect(msg!.text).toBe("2 new entries in Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234 (+2 routine filings)");

    // A configured pattern adds to what the significance function folds (a channel that wants
    // routine filings shown says so in its alert settings, issue 12): the notices stay routine.
    const summons = [{ one: "summons", many: "summonses", pattern: /^summons issued/i }];
    const [custom] = renderDocketAlert(model([...routineOnly, { date: "3/5/2026", number: "46", contents: "SUMMONS Issued as to Widget Inc." }]), { siteUrl, routine: summons });
    expect(sections(custom!)).toHaveLength(3);
    expect(allText(custom!)).toContain("+3 routine filings (summons, notice of appearance):");
  });

  it("lists at most ROUTINE_LISTED routine filings; the rest are numbered, with the docket linked (issue 25 item 4)", () => {
    const notices = Array.from({ length: 25 }, (_, i) => ({ date: "3/4/2026", number: String(100 + i), contents: `NOTICE of Appearance by Lawyer ${i} on behalf of Acme Corp.`, link: doc(100 + i) }));
    const messages = renderDocketAlert(model(notices), { siteUrl });
    expect(messages).toHaveLength(1);
    const msg = messages[0]!;
    expectValidMessage(msg);
    const listed = sections(msg).map((s) => /^\*#(\d+)\*/.exec(s.text!.text)?.[1]);
    expect(listed).toHaveLength(ROUTINE_LISTED);
    expect(listed[0]).toBe("124");
    expect(buttons(msg.blocks).filter((b) => actionIdPattern(ACTION.getPdf).test(b.action_id))).toHaveLength(ROUTINE_LISTED);
    expect(allText(msg)).toContain("+25 routine filings (notices of appearance):");
    expect(allText(msg)).toContain("…and 15 more routine filings: #114, #113");
    expect(allText(msg)).toContain("Acme_Corp_v._Widget_Inc/|all on the docket ↗>");
    // The thread's count is the headline's: the one significance function calls each of them routine.
    expect(notices.map((n) => entrySignificance(entry(n)).level)).toEqual(notices.map(() => "routine"));
  });

  it("does not fold a Chapter 11 disclosure statement or a filing that only mentions pro hac vice later on", () => {
    const entries = [
      entry({ date: "3/4/2026", number: "200", contents: "DISCLOSURE STATEMENT for Debtors' Joint Chapter 11 Plan of Reorganization" }),
      entry({ date: "3/4/2026", number: "201", contents: `MOTION to Dismiss for lack of jurisdiction. ${"Memorandum of law in support. ".repeat(8)}Filed by counsel admitted pro hac vice.` }),
      entry({ date: "3/4/2026", number: "202", contents: "ORDER granting 12 Motion for Leave to Appear Pro Hac Vice as to Jane Roe." }),
    ];
    const split = splitRoutine(entries, DEFAULT_ROUTINE_PATTERNS);
    // The order granting pro hac vice is an order: orders are never folded (issue 12), and the
    // channel's headline counts it among the urgent filings, so the thread shows it in full too.
    expect(split.notable.map((e) => e.number)).toEqual(["200", "201", "202"]);
    expect(routineLine(split.routine, DEFAULT_ROUTINE_PATTERNS)).toBeUndefined();
  });

  it("neutralises hostile service text in blocks and in the notification", () => {
    const hostile = [
      { date: "3/4/2026", number: "50", contents: "<!channel> ORDER re @here <@U12345> see <a href=\"https://evil.example/x\">this</a> ``` *bold* ~strike~", link: "https://evil.example/doc.pdf" },
      { date: "3/4/2026", number: "<!here>", contents: "NOTICE of Appearance by <!everyone>" },
    ];
    const [msg] = renderDocketAlert(model(hostile, { title: "<!channel> v. @everyone <script>alert(1)</script>" }), { siteUrl });
    expectValidMessage(msg!);
    const blocksText = allText(msg!);
    for (const bad of ["<!channel>", "<!here>", "<!everyone>", "<@U12345>", "evil.example", "```", "<script"]) {
      expect(blocksText).not.toContain(bad);
    }
    // The notification text is plain (sanitize.ts): no mention, link or tag can form in it.
    expect(msg!.text).not.toMatch(/@(here|channel|everyone)\b/);
    expect(msg!.text).not.toContain("<");
  });

  it("cuts long entry text at about 300 characters with an ellipsis", () => {
    const long = { date: "3/4/2026", number: "60", contents: `MEMORANDUM OPINION ${"and ORDER on the motions ".repeat(40)}` };
    const [msg] = renderDocketAlert(model([long]), { siteUrl });
    const text = sections(msg!)[0]!.text!.text;
    expect(text.endsWith("…")).toBe(true);
    expect(text.length).toBeLessThan(360);
    expect(msg!.text.length).toBeLessThan(300);
  });

  it("splits a large alert into valid messages holding every notable entry once, newest first", () => {
    const many = Array.from({ length: 240 }, (_, i) => ({
      date: `1/${(i % 28) + 1}/2026`,
      number: String(i + 1001),
      contents: `MOTION in limine number ${i + 1}: ${"to exclude the testimony of the expert witness ".repeat(8)}`,
      link: doc(i + 1),
    }));
    const messages = renderDocketAlert(model([...many, ...ACME]), { siteUrl, maxMessages: 50 });
    expect(messages.length).toBeGreaterThan(5);
    const numbers: string[] = [];
    messages.forEach((m, i) => {
      expectValidMessage(m);
      expect(m.text).toContain(`(part ${i + 1} of ${messages.length})`);
      expect(JSON.stringify(m.blocks.at(-1))).toContain(`part ${i + 1} of ${messages.length}`);
      for (const s of sections(m)) {
        const n = /^\*#(\d+)\*/.exec(s.text!.text)?.[1];
        if (n) numbers.push(n);
      }
    });
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toHaveLength(246); // 240 motions + #42 + #40, then the 4 routine ones under their line
    expect(numbers.slice(0, 3)).toEqual(["42", "40", "1224"]); // 3/3, 3/2, then the highest-numbered motion of 1/28
    expect(numbers.slice(-4)).toEqual(["45", "44", "43", "41"]);
    // The routine line comes once, with the routine entries.
    expect(messages.filter((m) => allText(m).includes("routine filings"))).toHaveLength(1);
  });

  it("stops at maxMessages and points to the case for the older entries", () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ date: "2/1/2026", number: String(i + 1), contents: `ORDER ${"x".repeat(250)} ${i}` }));
    const messages = renderDocketAlert(model(many), { siteUrl, maxMessages: 2 });
    expect(messages).toHaveLength(2);
    messages.forEach((m) => expectValidMessage(m));
    const last = messages[1]!;
    expect(allText(last)).toMatch(/…and \d+ older entries in this alert/);
    const view = buttons(last.blocks).find((b) => b.text.text === "View case");
    expect(view?.action_id).toMatch(actionIdPattern(ACTION.viewCase));
    expect(decodeValue(view?.value)).toEqual({ court, docket });
  });

  it("an alert with no entries still says something valid", () => {
    const [msg] = renderDocketAlert(model([]), { siteUrl });
    expectValidMessage(msg!);
    expect(allText(msg!)).toContain("listed no entries");
  });

  it("maps a PACER court code to the long name on buttons, and falls back to the docket number without a title", () => {
    const [msg] = renderDocketAlert({ court: "nysd", docket, entries: [entry(ACME[2]!)] }, { siteUrl });
    expect(decodeValue(buttons(msg!.blocks)[0]!.value)).toMatchObject({ court });
    expect(msg!.text).toBe("New entry in 1:23-cv-01234 · S.D.N.Y.: #42 ORDER granting 30 Motion to Dismiss. Signed by Judge Jed S. Rakoff on 3/3/2026.");
  });
});

describe("docket alert goldens", () => {
  it("an ordinary alert: notable entries newest first, routine filings folded", async () => {
    const messages = renderDocketAlert(model(ACME), { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/docket-alert-ordinary");
  });

  it("routine filings only", async () => {
    const messages = renderDocketAlert(model([ACME[0]!, ACME[4]!]), { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/docket-alert-routine-only");
  });

  it("no entries", async () => {
    const messages = renderDocketAlert(model([]), { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/docket-alert-empty");
  });

  it("split and capped at maxMessages, pointing to the case", async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({
      date: "2/1/2026", number: String(i + 1), contents: `ORDER ${"on the scheduling of the pretrial conference ".repeat(6)}${i}`, link: doc(i + 1),
    }));
    const messages = renderDocketAlert(model(many), { siteUrl, maxMessages: 2 });
    messages.forEach((m) => expectValidMessage(m));
    await expectGoldens(messages, "./__goldens__/docket-alert-capped");
  });

  it("the newest page of a bigger push: says how many came and links the full docket on the site", async () => {
    const page = Array.from({ length: 3 }, (_, i) => ({ date: "2/1/2026", number: String(99_998 + i), contents: `ORDER ${i}`, link: doc(99_998 + i) }));
    const messages = renderDocketAlert({ ...model(page), pushedEntries: 100_000 }, { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    expect(messages[0]!.text).toMatch(/^100,000 new entries in /);
    expect(JSON.stringify(messages)).toContain("*100,000 entries* came in this push; the newest 3 are in this thread. <https://site.example/cases/");
    await expectGoldens(messages, "./__goldens__/docket-alert-page-of-push");
  });

  it("a hostile title cannot break the full-docket link", () => {
    const messages = renderDocketAlert({ ...model([ACME[1]!]), title: "<!channel> |evil> <https://evil.example>", pushedEntries: 9 }, { siteUrl });
    messages.forEach((m) => expectValidMessage(m));
    const json = JSON.stringify(messages.map((m) => m.blocks));
    expect(json).not.toContain("<!channel>");
    for (const link of json.match(/<http[^>]*>/g) ?? []) expect(link).toMatch(/^<https:\/\/site\.example\/[^<>|\s]*\|[^<>|]*>$/);
    expect(json).toContain("the newest is in this thread");
  });
});
