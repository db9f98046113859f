/**
 * The extractor against the hand labels (issue 16, item 4; test/fixtures/court-dates/labels.json,
 * labelled by reading the entries, not from the extractor): precision at least 0.95 and recall at
 * least 0.85 for mentions the calendar keeps (confidence >= 0.5). `npm run measure:dates` prints
 * the same figures with every miss; both use src/court/deadlines/measure.ts.
 */
import { describe, expect, it } from "vitest";
import { measure, type LabelledEntry } from "../../../src/court/deadlines/measure.ts";
import { HELD_OUT_LABELS, loadLabels, realDocketEntries } from "../../../scripts/measure-court-dates.ts";
import { REAL_DOCKETS_DIR, REAL_DOCKETS_SKIPPED, realDocketFiles } from "../../helpers/real-dockets.ts";

const present = realDocketFiles().length > 0;

describe("the labels themselves", () => {
  const labels = loadLabels();

  it("hold at least 150 dates and 30 entries with none, each well formed", () => {
    const dates = labels.reduce((n, l) => n + l.expected.length, 0);
    expect(dates).toBeGreaterThanOrEqual(150);
    expect(labels.filter((l) => l.expected.length === 0).length).toBeGreaterThanOrEqual(30);
    for (const l of labels) {
      expect(l.file).toMatch(/\.json$/);
      expect(Number.isInteger(l.index)).toBe(true);
      for (const e of l.expected) {
        expect(["deadline", "hearing", "conference", "trial"]).toContain(e.kind);
        expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (e.time !== undefined) expect(e.time).toMatch(/^\d{2}:\d{2}$/);
      }
    }
  });
});

describe("measure (the scoring)", () => {
  const label = (expected: LabelledEntry["expected"]): LabelledEntry => ({ file: "f.json", index: 0, excerpt: "", expected });

  it("matches on date and kind, on time only where the label gives one, and counts duplicates once", () => {
    const entry = { contents: "Status Conference set for 5/1/2025 10:00 AM. Status Conference set for 5/1/2025 10:00 AM. Answer due 5/2/2025." };
    const m = measure(
      [label([{ kind: "conference", purpose: "status", date: "2025-05-01" }, { kind: "deadline", purpose: "answer", date: "2025-05-03" }])],
      () => entry,
    );
    expect(m).toMatchObject({ labelled: 2, extracted: 2, truePositives: 1 });
    expect(m.falsePositives.map((x) => x.what)).toEqual(['deadline 2025-05-02 "Answer due"']);
    expect(m.falseNegatives.map((x) => x.what)).toEqual(['deadline 2025-05-03 "answer"']);
  });

  it("skips labels whose entry is missing", () => {
    expect(measure([label([{ kind: "trial", purpose: "jury", date: "2025-01-01" }])], () => undefined)).toMatchObject({ entries: 0, labelled: 0 });
  });
});

describe.skipIf(!present)(present ? "court dates against the labels" : `court dates against the labels ${REAL_DOCKETS_SKIPPED}`, () => {
  it("reaches precision 0.95 and recall 0.85", () => {
    const m = measure(loadLabels(), realDocketEntries(REAL_DOCKETS_DIR));
    expect(m.entries).toBe(loadLabels().length);
    expect(m.precision, m.falsePositives.map((x) => `${x.file}#${x.index} ${x.what}`).join("\n")).toBeGreaterThanOrEqual(0.95);
    expect(m.recall, m.falseNegatives.map((x) => `${x.file}#${x.index} ${x.what}`).join("\n")).toBeGreaterThanOrEqual(0.85);
  });

  it("holds on the held-out labels too", () => {
    const m = measure(loadLabels(HELD_OUT_LABELS), realDocketEntries(REAL_DOCKETS_DIR));
    expect(m.precision).toBeGreaterThanOrEqual(0.9);
    expect(m.recall).toBeGreaterThanOrEqual(0.85);
  });
});
