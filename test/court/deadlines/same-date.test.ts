/** court/deadlines/same-date.ts: when two dates are one date said twice, whatever their keys. */
import { describe, expect, it } from "vitest";
import type { CourtDate } from "../../../src/court/deadlines/court-date.ts";
import { oneOfEach, sameDate, sameDateAs } from "../../../src/court/deadlines/same-date.ts";

const at = (entryNumber: string) => ({ entryNumber, entryDate: "2026-11-23", entryIndex: 0 });
const conference = (over: Partial<CourtDate> = {}): CourtDate => ({
  key: "conference:status", kind: "conference", title: "Status Conference", date: "2026-12-09", time: "10:00",
  source: at("60"), confidence: 0.9, status: "scheduled", history: [], ...over,
});
const answer = (n: string, over: Partial<CourtDate> = {}): CourtDate => ({
  key: `computed:answer-after-service:${n}:0`, kind: "deadline", title: "Answer due (Globex Corporation)", date: "2026-12-14",
  source: at(n), confidence: 0.7, status: "scheduled", history: [],
  byRule: {
    key: `computed:answer-after-service:${n}:0`, citation: "Fed. R. Civ. P. 12(a)(1)(A)(i)", date: "2026-12-14", courtStates: false, assumptions: [], note: "computed — verify",
    trigger: { entryNumber: n, entryDate: "2026-11-23", eventDate: "2026-11-22", words: "Globex Corporation served on 11/22/2026" },
  },
  ...over,
});

describe("sameDate", () => {
  it("a stated date under the extractor's key and the store's is one; another day, time or name is not", () => {
    expect(sameDate(conference({ key: "conference:status-60" }), conference({ key: "conference:status-on-2026-12-09" }))).toBe(true);
    expect(sameDate(conference(), conference({ time: undefined }))).toBe(true);
    expect(sameDate(conference(), conference({ date: "2026-12-16" }))).toBe(false);
    expect(sameDate(conference(), conference({ time: "14:00" }))).toBe(false);
    expect(sameDate(conference(), conference({ title: "Pretrial Conference" }))).toBe(false);
  });

  it("a rule's date: the same rule, party, event day and trigger words; never a stated date", () => {
    expect(sameDate(answer("61"), answer("66"))).toBe(true);
    expect(sameDate(answer("61"), answer("66", { title: "Answer due (Initech LLC)" }))).toBe(false);
    const other = answer("66");
    other.byRule = { ...other.byRule!, trigger: { ...other.byRule!.trigger, eventDate: "2026-11-21" } };
    expect(sameDate(answer("61"), other)).toBe(false);
    expect(sameDate(answer("61"), { ...answer("66"), byRule: undefined })).toBe(false);
  });
});

describe("sameDateAs", () => {
  it("a standing one before a cancelled one; an untimed date beside two times names neither", () => {
    const cancelled = { ...conference({ key: "a", status: "cancelled" }), id: 1 };
    const standing = { ...conference({ key: "b" }), id: 2 };
    expect(sameDateAs([cancelled, standing], conference())?.id).toBe(2);
    const afternoon = { ...conference({ key: "c", time: "14:00" }), id: 3 };
    expect(sameDateAs([standing, afternoon], conference({ time: undefined }))).toBeUndefined();
  });
});

describe("oneOfEach", () => {
  it("keeps the first of one date said again, with the latest source", () => {
    expect(oneOfEach([answer("61"), answer("64"), answer("66")]).map((d) => [d.key, d.source.entryNumber])).toEqual([["computed:answer-after-service:61:0", "66"]]);
  });
});
