import { describe, expect, it } from "vitest";
import { assignBlockFiling, FILING_ACTION, filingValue, headlineCounts, snoozeBlockCase, snoozeBlockId, snoozeChoice } from "../../../../src/features/alerts/views/alert-controls.ts";
import { HEADLINE_MAX_FILINGS, renderFilingHeadline, type FilingHeadlineModel } from "../../../../src/features/alerts/views/filing-headline.ts";
import type { FilingRecord } from "../../../../src/store/filing-records.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const court = "New York Southern District Court";
const docket = "1:23-cv-01234";
const acme = { court, docket, title: "Acme Corp v. Widget Inc" };

function filing(id: number, over: Partial<FilingRecord> = {}): FilingRecord {
  return {
    id, teamId: "T0DOCKET", channelId: "C0ACME", clientMatter: "ACME-001", court, docket,
    entryKey: String(40 + id), entryNumber: String(40 + id), entryDate: "2026-03-03", level: "urgent", kind: "Order",
    summary: "ORDER granting motion to dismiss. Signed by Judge A. Smith on 3/3/2026.",
    link: `https://site.example/cases/nysd/1--23-cv-01234/docs/${40 + id}.pdf`, shown: "channel", createdAt: 1_772_540_000_000,
    ...over,
  };
}

const model = (over: Partial<FilingHeadlineModel> = {}): FilingHeadlineModel => ({
  case: acme, filings: [filing(2)], counts: { moreSignificant: 0, routine: 0 }, clientMatter: "ACME-001", ...over,
});

const json = (m: unknown) => JSON.stringify(m);
type AnyObj = Record<string, unknown>;
const blocksOf = (m: { blocks: unknown[] }) => m.blocks as AnyObj[];

describe("filing headline", () => {
  it("names the case, then each filing: number linked to its document, date, type tag, first line", () => {
    const msg = renderFilingHeadline(model(), { siteUrl });
    expectValidMessage(msg);
    const [head, line] = blocksOf(msg);
    expect((head!.text as AnyObj).text).toMatch(/^\*<https:\/\/site\.example\/cases\/.*\|Acme Corp v\. Widget Inc>\* · S\.D\.N\.Y\. · 1:23-cv-01234\n\*New filing\*$/);
    expect((line!.text as AnyObj).text).toBe(
      "*<https://site.example/cases/nysd/1--23-cv-01234/docs/42.pdf|#42>* · 3/3/2026 · `Order` — ORDER granting motion to dismiss. Signed by Judge A. Smith on 3/3/2026.",
    );
    expect(msg.text).toBe("Order in Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234: #42 ORDER granting motion to dismiss. Signed by Judge A. Smith on 3/3/2026.");
  });

  it("carries a plain Mark docketed button (value {f:id} through the codec) and Assign (users_select, block_id filing_assign:<id>)", () => {
    const msg = renderFilingHeadline(model({ filings: [filing(7), filing(8)] }), { siteUrl });
    expectValidMessage(msg);
    const sections = blocksOf(msg).filter((b) => (b.accessory as AnyObj | undefined)?.action_id === FILING_ACTION.docketed);
    expect(sections.map((s) => filingValue.decode((s.accessory as AnyObj).value))).toEqual([{ f: 7 }, { f: 8 }]);
    // Issue 25 item 2: the action reads as an action, never as a state, and is not styled like one.
    expect(sections.map((s) => ((s.accessory as AnyObj).text as AnyObj).text)).toEqual(["Mark docketed", "Mark docketed"]);
    expect(sections.every((s) => (s.accessory as AnyObj).style === undefined)).toBe(true);
    expect(json(msg)).not.toContain("✓");
    const assigns = blocksOf(msg).filter((b) => typeof b.block_id === "string" && b.block_id.startsWith("filing_assign:"));
    expect(assigns.map((b) => assignBlockFiling(b.block_id))).toEqual([7, 8]);
    expect((assigns[0]!.elements as AnyObj[])[0]).toMatchObject({ type: "users_select", action_id: "filing_assign" });
  });

  it("shows who docketed (Slack date formatting) and who is assigned, with Undo and the assignee chosen", () => {
    const f = filing(3, { docketedBy: "U0ANN", docketedAt: 1_772_550_000_000, assignee: "U0BOB", assignedBy: "U0ANN" });
    const msg = renderFilingHeadline(model({ filings: [f] }), { siteUrl });
    expectValidMessage(msg);
    const state = blocksOf(msg).find((b) => b.block_id === "filing_state:3")!;
    expect((state.text as AnyObj).text).toBe("✓ Docketed by <@U0ANN> · <!date^1772550000^{date_short_pretty} at {time}|2026-03-03T15:00:00Z>");
    expect(state.accessory).toMatchObject({ type: "button", action_id: FILING_ACTION.docketed, text: { text: "Undo" } });
    expect(filingValue.decode((state.accessory as AnyObj).value)).toEqual({ f: 3 });
    expect(json(msg)).not.toContain("Mark docketed");
    expect(json(msg)).toContain("Assigned to <@U0BOB>");
    expect(json(msg)).toContain('"initial_user":"U0BOB"');
  });

  it("lists at most 10 filings and counts the rest, and what stayed in the thread; counts read back from the blocks", () => {
    const many = Array.from({ length: 13 }, (_, i) => filing(i + 1));
    const msg = renderFilingHeadline(model({ filings: many, counts: { moreSignificant: 2, routine: 3 } }), { siteUrl });
    expectValidMessage(msg);
    expect(blocksOf(msg).filter((b) => (b.accessory as AnyObj | undefined)?.action_id === FILING_ACTION.docketed)).toHaveLength(HEADLINE_MAX_FILINGS);
    expect(json(msg)).toContain("…and 5 more significant filings in the thread.");
    expect(json(msg)).toContain("+3 routine filings in the thread");
    expect(msg.text).toMatch(/^15 new filings in .*\(\+3 in the thread\)$/);
    expect(headlineCounts(msg.blocks)).toEqual({ moreSignificant: 5, routine: 3, notableInThread: 0 });
    // Re-rendering from what a click brings back gives the same message.
    expect(renderFilingHeadline(model({ filings: many.slice(0, 10), counts: headlineCounts(msg.blocks) }), { siteUrl })).toEqual(msg);
  });

  it("names notable filings a channel keeps in the thread", () => {
    const msg = renderFilingHeadline(model({ counts: { moreSignificant: 0, routine: 2, notableInThread: 1 } }), { siteUrl });
    expect(json(msg)).toContain("+1 notable and 2 routine filings in the thread");
  });

  it("neutralises hostile filing text, kind, number, title, matter, links and user ids", () => {
    const evil = filing(9, {
      entryNumber: "<!channel>", kind: "<@U1> `x`", summary: "<!here> @channel *bold* ```code``` <https://evil.example|click>",
      link: "https://evil.example/x.pdf", docketedBy: "<!channel>", docketedAt: 5, assignee: "U1|<!here>",
    });
    const msg = renderFilingHeadline(
      { case: { court, docket, title: "<!everyone> v. <@U2>" }, filings: [evil], counts: { moreSignificant: 0, routine: 0 }, clientMatter: "<!here>" },
      { siteUrl },
    );
    expectValidMessage(msg);
    const text = json(msg);
    expect(text).not.toMatch(/<!channel>|<!here>|<!everyone>|<@U1>|<@U2>|evil\.example/);
    expect(json(msg.blocks)).not.toContain("```");
    expect(text).toContain("✓ Docketed by someone");
    expect(text).not.toContain("initial_user");
    expect(msg.text).not.toMatch(/<|@(here|channel|everyone)\b/);
  });

  it("a giant push says what is where: the newest 50 in the thread, all on the docket (issue 25 item 13)", () => {
    const many = Array.from({ length: 10 }, (_, i) => filing(10 - i));
    const msg = renderFilingHeadline(model({ filings: many, counts: { moreSignificant: 99_990, routine: 0, threadHolds: 50 } }), { siteUrl });
    expectValidMessage(msg);
    const text = json(msg.blocks);
    expect(text).toContain("…and 99,990 more: the newest 50 entries are in the thread, <https://site.example/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Corp_v._Widget_Inc/|all on the docket ↗>.");
    expect(text).not.toContain("Every entry is in the thread");
    expect(text).not.toContain("more significant filings in the thread");
    // The count rides in the block_id, so a click re-renders the same words.
    expect(headlineCounts(msg.blocks)).toEqual({ moreSignificant: 99_990, routine: 0, notableInThread: 0, threadHolds: 50 });
    expect(renderFilingHeadline(model({ filings: many, counts: headlineCounts(msg.blocks) }), { siteUrl })).toEqual(msg);
    // Nothing past the headline's own list, but routine ones beyond the thread: the foot says where.
    const few = renderFilingHeadline(model({ counts: { moreSignificant: 0, routine: 7_000, threadHolds: 50 } }), { siteUrl });
    expect(json(few.blocks)).toContain("+7,000 routine filings · the newest 50 entries are in the thread, <https://site.example/");
    expect(json(few.blocks)).not.toContain("routine filings in the thread");
  });

  it("reads well with no number, date, link or text", () => {
    const bare = filing(4, { entryNumber: undefined, entryDate: undefined, link: undefined, summary: "", kind: "Docket entry", level: "notable" });
    const msg = renderFilingHeadline(model({ filings: [bare], clientMatter: undefined }), { siteUrl });
    expectValidMessage(msg);
    expect(json(msg)).toContain("*Entry* · `Docket entry` — _(no text)_");
    expect(msg.text).toBe("Docket entry in Acme Corp v. Widget Inc · S.D.N.Y. · 1:23-cv-01234");
  });
});

describe("alert controls codecs", () => {
  it("filing values: only {f: positive integer} decodes", () => {
    expect(filingValue.decode('{"f":12}')).toEqual({ f: 12 });
    for (const bad of ['{"f":0}', '{"f":-1}', '{"f":"12"}', '{"f":1.5}', "12", "", undefined, '{"f":1e400}']) expect(filingValue.decode(bad)).toBeUndefined();
  });
  it("assign block ids carry the filing id", () => {
    expect(assignBlockFiling("filing_assign:42")).toBe(42);
    for (const bad of ["filing_assign:", "filing_assign:0", "filing_assign:4x", "other:4", 4]) expect(assignBlockFiling(bad)).toBeUndefined();
  });
  it("snooze block ids round-trip the case; choices are a closed set", () => {
    const id = snoozeBlockId(court, docket)!;
    expect(id).toBe('case_snooze:{"c":"New York Southern District Court","k":"1:23-cv-01234"}');
    expect(snoozeBlockCase(id)).toEqual({ court, docket });
    expect(snoozeBlockCase('case_snooze:{"c":"","k":"x"}')).toBeUndefined();
    expect(snoozeBlockId("x".repeat(300), docket)).toBeUndefined();
    expect(["7d", "next_order", "unmuted", "off", "8d"].map(snoozeChoice)).toEqual(["7d", "next_order", "unmuted", "off", undefined]);
  });
  it("tampered counts read as zeros", () => {
    expect(headlineCounts([{ block_id: 'filing_counts:{"m":-1,"r":2}' }])).toEqual({ moreSignificant: 0, routine: 0, notableInThread: 0 });
    expect(headlineCounts("nope")).toEqual({ moreSignificant: 0, routine: 0, notableInThread: 0 });
  });
});

describe("filing headline goldens", () => {
  it("one order", async () => {
    const msg = renderFilingHeadline(model(), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/filing-headline-one-order");
  });
  it("several filings, one signed off, routine folded", async () => {
    const msg = renderFilingHeadline(model({
      filings: [
        filing(5, { docketedBy: "U0ANN", docketedAt: 1_772_550_000_000, assignee: "U0BOB" }),
        filing(4, { level: "notable", kind: "Motion", summary: "MOTION to Compel Discovery filed by Widget Inc." }),
      ],
      counts: { moreSignificant: 0, routine: 3 },
    }), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/filing-headline-several");
  });
  it("capped: more significant filings than fit", async () => {
    const many = Array.from({ length: 12 }, (_, i) => filing(12 - i));
    const msg = renderFilingHeadline(model({ filings: many, counts: { moreSignificant: 0, routine: 0, notableInThread: 2 } }), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/filing-headline-capped");
  });
  it("a giant push: the thread holds the newest 50", async () => {
    const many = Array.from({ length: 10 }, (_, i) => filing(10 - i));
    const msg = renderFilingHeadline(model({ filings: many, counts: { moreSignificant: 99_990, routine: 12, threadHolds: 50 } }), { siteUrl });
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/filing-headline-giant");
  });
});
