import { describe, expect, it } from "vitest";
import { headlineShape, inShownOrder } from "../../../src/features/alerts/headline-shape.ts";
import { headlineRenderer } from "../../../src/features/alerts/register-alerts.ts";
import type { FilingRecord } from "../../../src/store/store.ts";

const record = (id: number): FilingRecord => ({
  id, createdAt: 1, teamId: "T1", channelId: "C1", clientMatter: "ACME-001", court: "New York Southern District Court", docket: "1:23-cv-01234",
  entryKey: String(id), entryNumber: String(id), level: "urgent", kind: "Order", summary: `ORDER ${id}`, shown: "channel",
});

describe("reading a posted headline back", () => {
  it("finds its counts and the order its filings are shown in", () => {
    const posted = headlineRenderer("https://site.example/")([record(9), record(3), record(5)], { moreSignificant: 2, routine: 4 });
    const shape = headlineShape(posted.blocks)!;
    expect(shape.order).toEqual([9, 3, 5]);
    expect(shape.counts).toMatchObject({ moreSignificant: 2, routine: 4 });
    expect(inShownOrder([record(3), record(5), record(9), record(1)], shape.order).map((r) => r.id)).toEqual([9, 3, 5, 1]);
  });

  it("is undefined for a message that is not a headline, or for junk", () => {
    expect(headlineShape([{ type: "section", block_id: "filing:3" }])).toBeUndefined();
    expect(headlineShape(undefined)).toBeUndefined();
    expect(headlineShape("filing_counts:{}")).toBeUndefined();
    expect(headlineShape([{ block_id: "filing_counts:nonsense" }, { block_id: "filing:0" }, { block_id: "filing:1e3" }, { block_id: 5 }])).toEqual({
      counts: expect.objectContaining({ moreSignificant: 0 }), order: [],
    });
  });
});
