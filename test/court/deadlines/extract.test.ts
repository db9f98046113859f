import { describe, expect, it } from "vitest";
import { extractCourtDates, extractMentions } from "../../../src/court/deadlines/extract.ts";

const entry = (contents: string, date = "1/2/2025", number?: string) => ({ contents, date, ...(number ? { number } : {}) });

describe("extractMentions: the common forms", () => {
  it("reads 'X due by DATE' as a deadline, one per date", () => {
    const m = extractMentions(entry("Expert Reports due by 12/8/2026. Rebuttal Expert Reports due by 1/7/2027."), 0);
    expect(m.map((x) => [x.kind, x.key, x.date])).toEqual([
      ["deadline", "deadline:expert-reports", "2026-12-08"],
      ["deadline", "deadline:rebuttal-expert-reports", "2027-01-07"],
    ]);
    expect(m[0]!.confidence).toBeGreaterThanOrEqual(0.9);
    expect(m[0]!.source).toEqual({ entryDate: "2025-01-02", entryIndex: 0 });
  });

  it("reads 'X set for DATE TIME before Judge' as an event with its time, place and judge", () => {
    const [m] = extractMentions(
      entry("Status Conference set for 9/15/2025 10:00 AM in Courtroom 14A before Judge Jane Q. Roe. (abc)"),
      3,
    );
    expect(m).toMatchObject({
      key: "conference:status", kind: "conference", date: "2025-09-15", time: "10:00",
      place: "Courtroom 14A", judge: "Judge Jane Q. Roe",
    });
  });

  it("does not read filing, entry or held-on dates", () => {
    const text = "ORDER granting motion. Hearing held on 1/2/2024. Signed by Judge X on 1/3/2024. (Filed on 1/2/2024) (Entered: 01/08/2024)";
    expect(extractMentions(entry(text), 0)).toEqual([]);
  });

  it("reads a 'set for D1 is VACATED' as a cancellation", () => {
    const [m] = extractMentions(entry("ORDER: The Motion Hearing set for 3/4/2025 is VACATED."), 0);
    expect(m).toMatchObject({ key: "hearing:motion", date: "2025-03-04", cancels: true });
  });
});

describe("extractCourtDates: later entries supersede earlier ones", () => {
  it("moves a conference reset by a later entry, newest-first input", () => {
    const dates = extractCourtDates([
      entry("NOTICE: Status Conference reset for 6/1/2025 10:00 AM.", "4/2/2025", "12"),
      entry("Status Conference set for 5/1/2025 09:00 AM.", "3/1/2025", "10"),
    ]);
    expect(dates).toHaveLength(1);
    expect(dates[0]).toMatchObject({ key: "conference:status", date: "2025-06-01", time: "10:00", status: "moved" });
    expect(dates[0]!.history).toEqual([{ date: "2025-05-01", time: "09:00", source: { entryNumber: "10", entryDate: "2025-03-01", entryIndex: 1 } }]);
  });

  it("cancels a hearing a later entry vacates", () => {
    const dates = extractCourtDates([
      entry("Motion Hearing set for 3/4/2025 10:00 AM.", "2/1/2025"),
      entry("ORDER: The Motion Hearing set for 3/4/2025 is VACATED.", "2/20/2025"),
    ]);
    expect(dates).toMatchObject([{ key: "hearing:motion", date: "2025-03-04", status: "cancelled" }]);
  });
});
