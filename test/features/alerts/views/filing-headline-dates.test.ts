/**
 * Issue 16, item 3: a headline filing that sets, moves or vacates a court date says so under its
 * line, and a re-render after a click carries the line over (read back from the message's blocks).
 */
import { describe, expect, it } from "vitest";
import { headlineDateLines } from "../../../../src/features/alerts/sign-off.ts";
import { FILING_DATES_BLOCK, renderFilingHeadline } from "../../../../src/features/alerts/views/filing-headline.ts";
import { effectText } from "../../../../src/slack/blockkit/court-date.ts";
import type { FilingRecord } from "../../../../src/store/filing-records.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const siteUrl = "https://site.example/";
const court = "New York Southern District Court";
const docket = "1:23-cv-01234";

const filing = (id: number, over: Partial<FilingRecord> = {}): FilingRecord => ({
  id, teamId: "T0DOCKET", channelId: "C0ACME", clientMatter: "ACME-001", court, docket,
  entryKey: String(40 + id), entryNumber: String(40 + id), entryDate: "2026-11-20", level: "urgent", kind: "Order",
  summary: "SCHEDULING ORDER: Expert Reports due by 12/8/2026. Status Conference set for 9/15/2025 at 10:00 AM.",
  shown: "channel", createdAt: 1_772_540_000_000, ...over,
});

const lines = new Map([
  [1, [effectText({ verb: "sets", kind: "deadline", title: "Expert Reports", date: "2026-12-08" }), effectText({ verb: "moves", kind: "conference", title: "Status Conference", date: "2025-09-15", time: "10:00" })].join(" · ")],
  [2, effectText({ verb: "vacates", kind: "hearing", title: "Motion Hearing" })],
]);
const render = () => renderFilingHeadline({
  case: { court, docket, title: "Acme Corp v. Widget Inc" },
  filings: [filing(1), filing(2, { summary: "ORDER: the motion hearing set for 12/1/2026 is VACATED." }), filing(3, { kind: "Motion", level: "notable", summary: "MOTION to compel" })],
  counts: { moreSignificant: 0, routine: 0 }, clientMatter: "ACME-001", dateLines: lines,
}, { siteUrl });

describe("headline: what a filing does to court dates", () => {
  it("a line under each filing that sets, moves or vacates one; none under the others", () => {
    const msg = render();
    expectValidMessage(msg);
    const dates = msg.blocks.filter((b) => typeof b.block_id === "string" && b.block_id.startsWith(FILING_DATES_BLOCK));
    expect(dates.map((b) => JSON.stringify(b))).toEqual([
      expect.stringContaining(":calendar: sets Expert Reports due Tue 12/8/2026 · moves Status Conference to Mon 9/15/2025 10:00 AM"),
      expect.stringContaining(":calendar: vacates Motion Hearing"),
    ]);
  });

  it("the lines read back from the posted blocks are the ones rendered (a click's re-render keeps them)", () => {
    expect(headlineDateLines(render().blocks)).toEqual(lines);
    expect(headlineDateLines([{ type: "context", block_id: `${FILING_DATES_BLOCK}x`, elements: [{ text: "no" }] }, "junk", null])).toEqual(new Map());
  });

  it("golden", async () => {
    const msg = render();
    expectValidMessage(msg);
    await expectGoldens(msg, "./__goldens__/filing-headline-dates");
  });
});
