import { describe, expect, it } from "vitest";
import { DocketResponse } from "../../../../src/docket/schemas/index.ts";
import type { Block, ButtonElement, SectionBlock } from "../../../../src/slack/blockkit/blocks.ts";
import { ENTRY_SECTION_MAX } from "../../../../src/slack/blockkit/case-entries.ts";
import { casePageCount, casePageSize, renderCaseView, type CaseViewModel } from "../../../../src/features/cases/views/case-view.ts";
import { BLOCK_TEXT_TARGET } from "../../../../src/slack/blockkit/limits.ts";
import { ACTION, actionIdPattern, decodeValue } from "../../../../src/slack/blockkit/ids.ts";
import { blockTextLength } from "../../../../src/slack/blockkit/limits.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";

const siteUrl = "https://site.example/";
const court = "New York Southern District Court";
const docket = "1:23-cv-01234";
const ZWJ = "\u200D";
const doc = (n: number) => `${siteUrl}cases/New_York_Southern_District_Court/1--23-cv-01234/docs/${n}.pdf`;
const counsel = (name: string, firm: string, lead = true) => ({ name, firm, lead, prose: false });

function model(raw: Record<string, unknown>, c = court, d = docket): CaseViewModel {
  return { ...DocketResponse.parse(raw), court: c, docket: d };
}

/** A realistic civil docket, entries deliberately out of order, with the hostile samples. */
function acmeRaw(extraEntries: unknown[] = []) {
  return {
    success: true,
    info: {
      title: "Acme Corp v. Widget Inc",
      court,
      docket,
      date_filed: "1/5/2023",
      judges: ["Jed S. Rakoff"],
      nature_of_suit: "830 Patent",
      cause: "35:271 Patent Infringement",
      status: "Open",
      patents: ["US 9,876,543", "US 10,111,222"],
      date_cached: "3/4/2026",
    },
    parties: [
      { name: "Acme Corp", type: "Plaintiff", counsel: [counsel("B. Jones", "Jones Day", false), counsel("A. Smith", "Jones Day")] },
      { name: "<!channel> Holdings LLC", type: "Defendant", counsel: [counsel("C. Doe", "Kirkland & Ellis")] },
      { name: "Widget Inc", type: "Defendant", counsel: [] },
      { name: "Pat Pro", type: "Intervenor", counsel: [{ name: "Pat Pro", prose: true }] },
      ...Array.from({ length: 6 }, (_, i) => ({ name: `Doe ${i + 1}`, type: "Defendant" })),
    ],
    docket_report: [
      { date: "1/5/2023", number: "1", contents: "COMPLAINT against Widget Inc. Filed by Acme Corp.", link: doc(1) },
      { date: "3/3/2026", number: "42", contents: "<b>ORDER</b> granting 30 Motion to Dismiss. Signed by Judge Jed S. Rakoff on 3/3/2026.", link: doc(42), analyze: { type: "order", outcome: "granted" } },
      { date: "2/1/2024", number: "30", contents: "MOTION to Dismiss. Letter to @here re <@U12345>, see <a href=\"https://evil.example/phish\">click</a> and <a href=\"/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme/29/\">#29</a>." },
      { date: "3/3/2026", number: "41", contents: "NOTICE of appearance by C. Doe on behalf of <!channel> Holdings LLC." },
      { date: null, number: "7", contents: "" }, // placeholder: undated, no text
      { date: null, contents: "" }, // nothing at all: not shown
      { date: "2/1/2024", number: "31", contents: "x ".repeat(1_500).trim() + " ```" + "A".repeat(100) },
      { date: "6/1/2025", contents: "Minute Entry for proceedings held before Judge Jed S. Rakoff: Status Conference held on 6/1/2025." },
      ...extraEntries,
    ],
  };
}

const sections = (blocks: Block[]) => blocks.filter((b): b is SectionBlock => b.type === "section");
/** Entry sections: those after the divider. */
const entrySections = (blocks: Block[]) => sections(blocks.slice(blocks.findIndex((b) => b.type === "divider") + 1));
const buttons = (blocks: Block[]): ButtonElement[] =>
  blocks.flatMap((b) => (b.type === "actions" ? b.elements : b.type === "section" && b.accessory ? [b.accessory] : []));
const allText = (blocks: Block[]) => JSON.stringify(blocks);

describe("renderCaseView: a realistic docket", () => {
  const m = model(acmeRaw());
  const view = renderCaseView(m, { siteUrl, page: 0, ref: "7f3a", clientMatter: "ACME-001", cachedAt: "2026-03-04T10:12:00" });

  it("is valid Block Kit within Slack's limits", () => {
    expectValidMessage(view);
  });

  it("has the header, context line and fields for the case", () => {
    expect(view.blocks[0]).toEqual({ type: "header", text: { type: "plain_text", text: "Acme Corp v. Widget Inc", emoji: true } });
    expect(view.blocks[1]).toEqual({
      type: "context",
      elements: [
        {
          type: "mrkdwn",
          verbatim: true,
          text: "S.D.N.Y. · <https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/|1:23-cv-01234> · Filed 1/5/2023 · Open",
        },
      ],
    });
    const fields = (view.blocks[2] as SectionBlock).fields!.map((f) => f.text);
    expect(fields).toEqual([
      "*Judge*\nJed S. Rakoff",
      "*Nature of suit*\n830 Patent",
      "*Cause*\n35:271 Patent Infringement",
      "*Patents*\nUS 9,876,543, US 10,111,222",
    ]);
  });

  it("shows the parties in brief with lead counsel, and a button for the rest", () => {
    const parties = view.blocks[3] as SectionBlock;
    expect(parties.text!.text.split("\n")).toEqual([
      "*Plaintiff:* Acme Corp (Jones Day — lead: A. Smith)",
      "*Defendant:* &lt;!channel&gt; Holdings LLC (Kirkland &amp; Ellis — lead: C. Doe)",
      "*Defendant:* Widget Inc",
      "*Intervenor:* Pat Pro (pro se)",
      "*Defendant:* Doe 1",
      "*Defendant:* Doe 2",
      "_…and 4 more parties_",
    ]);
    expect(parties.accessory).toMatchObject({ action_id: ACTION.moreParties, text: { text: "All 10 parties" } });
    expect(decodeValue(parties.accessory!.value)).toEqual({ court, docket });
  });

  it("lists entries newest first by date then number, undated last, blank ones dropped", () => {
    const heads = entrySections(view.blocks).map((s) => s.text!.text.split(" — ")[0]);
    expect(heads).toEqual([
      "*#42* · 3/3/2026 · `ORDER · GRANTED`",
      "*#41* · 3/3/2026",
      "*6/1/2025*",
      "*#31* · 2/1/2024",
      "*#30* · 2/1/2024",
      "*#1* · 1/5/2023",
      "*#7*",
    ]);
    expect(entrySections(view.blocks).at(-1)!.text!.text).toBe("*#7* — _(no text)_");
  });

  it("gives entries with a document a Get PDF button that names the entry and its document's link (a number may repeat)", () => {
    const [e42, e41] = entrySections(view.blocks);
    expect(e42!.accessory).toMatchObject({ type: "button", text: { text: "Get PDF" } });
    expect(e42!.accessory!.action_id).toMatch(actionIdPattern(ACTION.getPdf));
    expect(decodeValue(e42!.accessory!.value)).toEqual({ court, docket, entry: "42", doc: expect.stringMatching(/^\/.*42/) });
    expect(e41!.accessory).toBeUndefined();
    expect(e42!.text!.text).toBe("*#42* · 3/3/2026 · `ORDER · GRANTED` — *ORDER* granting 30 Motion to Dismiss. Signed by Judge Jed S. Rakoff on 3/3/2026.");
  });

  it("renders the hostile samples inert: no mention, no foreign link, no code fence", () => {
    const text = allText(view.blocks);
    expect(text).not.toMatch(/<[!@#]/);
    expect(text).not.toMatch(/@(here|channel|everyone)/);
    expect(text).toContain(`@${ZWJ}here`);
    expect(text).not.toContain("evil.example");
    expect(text).not.toContain("```");
    const e30 = entrySections(view.blocks).find((s) => s.text!.text.startsWith("*#30*"))!;
    expect(e30.text!.text).toContain("&lt;@U12345&gt;, see click and <https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme/29/|#29>.");
  });

  it("keeps a code fence from the service from swallowing the rest of the message", () => {
    const v = renderCaseView(model(acmeRaw([{ date: "3/4/2026", number: "43", contents: "```\nnot code <b>still bold</b>" }])), { siteUrl, page: 0, ref: "r" });
    const e43 = entrySections(v.blocks)[0]!.text!.text;
    expect(e43).toBe("*#43* · 3/4/2026 — ˋˋˋ not code *still bold*");
    expect(allText(v.blocks).match(/`/g)).toHaveLength(2); // only our own `ORDER · GRANTED` tag
  });

  it("cuts a 3,000-character entry at a word boundary near 300 characters", () => {
    const e31 = entrySections(view.blocks).find((s) => s.text!.text.startsWith("*#31*"))!.text!.text;
    const body = e31.split(" — ")[1]!;
    expect(body.length).toBeLessThanOrEqual(300);
    expect(body.length).toBeGreaterThan(250);
    expect(body).toMatch(/^(x )+x…$/);
    expect(e31.length).toBeLessThanOrEqual(ENTRY_SECTION_MAX);
  });

  it("offers Ask, Track and Refresh from court, whose confirm dialog names the charge and matter", () => {
    const acts = view.blocks.find((b) => b.type === "actions");
    expect(acts).toBeDefined();
    const labels = buttons([acts!]).map((b) => b.text.text);
    expect(labels).toEqual(["Ask", "Track", "Refresh from court", "Add to calendar (.ics)"]); // one page: no paging buttons
    const refresh = buttons([acts!]).find((b) => b.action_id === ACTION.refreshCase)!;
    expect(refresh.confirm).toBeDefined();
    expect(refresh.confirm!.title.text).toBe("Refresh from the court?");
    expect(refresh.confirm!.text.text).toBe(
      "Pulling a live copy from the court may incur court fees (PACER: $0.10 a page, up to $3.00), charged to matter ACME-001. Nothing is pulled if nothing new was filed. Continue?",
    );
    for (const b of buttons([acts!])) expect(decodeValue(b.value)).toEqual({ court, docket });
  });

  it("ends with paging and the footer: cache time, matter and ref", () => {
    const contexts = view.blocks.filter((b) => b.type === "context").map((b) => (b.type === "context" ? b.elements[0]!.text : ""));
    expect(contexts).toContain("Entries 1–7 of 7, newest first");
    expect(view.blocks.at(-1)).toEqual({ type: "context", elements: [{ type: "mrkdwn", verbatim: true, text: "Cached 3/4/2026 10:12 · matter ACME-001 · ref 7f3a" }] });
  });

  it("has a plain text fallback that reads well in a notification", () => {
    expect(view.text).toBe("Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234: 7 docket entries, latest 3/3/2026");
  });

  it("never trusts input order: any permutation renders the same", () => {
    const raw = acmeRaw();
    const reversed = { ...raw, docket_report: [...raw.docket_report].reverse() };
    const again = renderCaseView(model(reversed), { siteUrl, page: 0, ref: "7f3a", clientMatter: "ACME-001", cachedAt: "2026-03-04T10:12:00" });
    expect(again).toEqual(view);
  });
});

describe("renderCaseView: paging", () => {
  const many = Array.from({ length: 23 }, (_, i) => ({ date: `1/${i + 6}/2023`, number: String(i + 2), contents: `Entry ${i + 2}` }));
  const m = model(acmeRaw(many));

  it("pages through the whole docket with Older and Newer entries", () => {
    const pages = casePageCount(m, 10);
    expect(pages).toBe(3); // 30 shown entries
    const seen: string[] = [];
    for (let page = 0; page < pages; page++) {
      const v = renderCaseView(m, { siteUrl, page, pageSize: 10, ref: "r1" });
      expectValidMessage(v);
      seen.push(...entrySections(v.blocks).map((s) => s.text!.text.split(" — ")[0]!));
      const byId = new Map(buttons(v.blocks).map((b) => [b.action_id, b]));
      const older = byId.get("case_page:older");
      const newer = byId.get("case_page:newer");
      expect(Boolean(older)).toBe(page < pages - 1);
      expect(Boolean(newer)).toBe(page > 0);
      if (older) expect(decodeValue(older.value)).toEqual({ court, docket, page: page + 1 });
      if (newer) expect(decodeValue(newer.value)).toEqual({ court, docket, page: page - 1 });
      // Fields and parties only on the first page.
      expect(v.blocks.some((b) => b.type === "section" && b.fields)).toBe(page === 0);
      if (page > 0) expect(v.text).toMatch(/: entries \d+–\d+ of 30$/);
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it("clamps an out-of-range page to the nearest one", () => {
    const last = renderCaseView(m, { siteUrl, page: 99, pageSize: 10, ref: "r" });
    expect(last).toEqual(renderCaseView(m, { siteUrl, page: 2, pageSize: 10, ref: "r" }));
    expect(renderCaseView(m, { siteUrl, page: -3, pageSize: 10, ref: "r" })).toEqual(renderCaseView(m, { siteUrl, page: 0, pageSize: 10, ref: "r" }));
    expect(renderCaseView(m, { siteUrl, page: Number.NaN, pageSize: 10, ref: "r" }).blocks[0]!.type).toBe("header");
  });

  it("shrinks an over-large page size to fit 50 blocks and the block-text budget", () => {
    const long = Array.from({ length: 200 }, (_, i) => ({ date: "1/1/2024", number: String(1000 + i), contents: "word ".repeat(400), link: doc(1000 + i), analyze: { type: "memorandum opinion and order", outcome: "granted in part" } }));
    const big = model(acmeRaw(long));
    const size = casePageSize(big, 500);
    expect(size).toBeLessThan(50);
    for (const page of [0, 1, casePageCount(big, 500) - 1]) {
      const v = renderCaseView(big, { siteUrl, page, pageSize: 500, ref: "r".repeat(40), clientMatter: "M".repeat(50) });
      expectValidMessage(v);
      expect(blockTextLength(v.blocks)).toBeLessThanOrEqual(BLOCK_TEXT_TARGET);
    }
  });
});

describe("renderCaseView: kinds of case", () => {
  it("shows chapter, 341 meeting and discharge for bankruptcy", () => {
    const raw = acmeRaw();
    const m = model({ ...raw, info: { title: "In re Seven Falls, LLC", chapter: 11, date_341_meeting: "2/3/2010", date_discharged: "2011-05-14", date_filed: "1/2/2010" } }, "North Carolina Western Bankruptcy Court", "09-11182");
    const v = renderCaseView(m, { siteUrl, page: 0, ref: "r" });
    expectValidMessage(v);
    const fields = (v.blocks[2] as SectionBlock).fields!.map((f) => f.text);
    expect(fields).toEqual(["*Chapter*\n11", "*341 meeting*\n2/3/2010", "*Discharged*\n5/14/2011"]);
    expect((v.blocks[1] as { elements: Array<{ text: string }> }).elements[0]!.text).toMatch(/^Bankr\. W\.D\.N\.C\. · /);
  });

  it("shows the originating court for an appeal when the service names it, and Closed with a date", () => {
    const m = model({ success: true, info: { title: "Samuels v. Deutsche Bank", lower_court: "District of Massachusetts", status: "Closed", date_terminated: "5/24/2010" }, docket_report: [] }, "Court of Appeals for the First Circuit", "10-1095");
    const v = renderCaseView(m, { siteUrl, page: 0, ref: "r" });
    expectValidMessage(v);
    expect(allText(v.blocks)).toContain("*Originating court*\\nDistrict of Massachusetts");
    expect(allText(v.blocks)).toContain("· Closed 5/24/2010");
    expect(allText(v.blocks)).toContain("No docket entries yet.");
    expect(v.text).toBe("Samuels v. Deutsche Bank · 1st Cir. · 10-1095: no docket entries yet");
  });

  it("words the fee dialog without PACER rates for courts outside PACER", () => {
    const m = model({ success: true, info: { title: "State v. Doe" }, docket_report: [] }, "Florida State, Duval County, Fourth Circuit Court", "2014-CF-003894");
    const v = renderCaseView(m, { siteUrl, page: 0, ref: "r" });
    const refresh = buttons(v.blocks).find((b) => b.action_id === ACTION.refreshCase)!;
    expect(refresh.confirm!.text.text).toBe("Pulling a live copy from the court may incur court fees. This conversation has no client matter: you pick the matter to bill next, or are told where to run it. Nothing is pulled if nothing new was filed. Continue?");
    expectValidMessage(v);
  });

  it("in a channel of several matters, the Refresh dialog names none: the requester picks which pays next", () => {
    const m = model({ success: true, info: { title: "Acme v. Globex" }, docket_report: [] }, "New York Southern District Court", "1:23-cv-01234");
    const v = renderCaseView(m, { siteUrl, page: 0, ref: "r", clientMatter: "ACME-001", matterPicked: true });
    const refresh = buttons(v.blocks).find((b) => b.action_id === ACTION.refreshCase)!;
    expect(refresh.confirm!.text.text).toBe("Pulling a live copy from the court may incur court fees (PACER: $0.10 a page, up to $3.00). This channel is linked to several matters: you pick which one pays next. Nothing is pulled if nothing new was filed. Continue?");
    expectValidMessage(v);
  });

  it("adds Share to channel for the ephemeral lookup view, carrying the page", () => {
    const v = renderCaseView(model(acmeRaw()), { siteUrl, page: 0, ref: "r", share: true });
    const share = buttons(v.blocks).find((b) => b.action_id === ACTION.shareToChannel)!;
    expect(share.text.text).toBe("Share to channel");
    expect(decodeValue(share.value)).toEqual({ court, docket, page: 0 });
    expectValidMessage(v);
  });

  it("shows a Date cache time in the reader's zone through Slack date formatting", () => {
    const m = model(acmeRaw());
    const v = renderCaseView(m, { siteUrl, page: 0, ref: "7f3a", cachedAt: new Date("2026-03-04T15:12:00Z") });
    const footer = v.blocks.at(-1) as { elements: Array<{ text: string }> };
    expect(footer.elements[0]!.text).toBe("Cached <!date^1772637120^{date_short_pretty} {time}|3/4/2026 15:12 UTC> · ref 7f3a");
    expectValidMessage(v);
  });

  it("survives a docket with no title, no parties and no info beyond the title", () => {
    const m = model({ success: true, info: { title: "" }, docket_report: [{ contents: "<p></p>" }, { contents: "Only entry", number: "1" }] }, "nysd", "1:99-cv-00001");
    const v = renderCaseView(m, { siteUrl, page: 0, ref: "" });
    expectValidMessage(v);
    expect(v.blocks[0]).toMatchObject({ text: { text: "1:99-cv-00001" } });
    expect(entrySections(v.blocks)).toHaveLength(1);
  });
});
