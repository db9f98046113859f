import { describe, expect, it } from "vitest";
import { parseDate } from "../../../sandbox/docket-service/corpus/dates.ts";
import { appendLiveEntries, createRng, FLAGSHIP } from "../../../sandbox/docket-service/corpus/index.ts";
import { generateCorpus } from "../../../sandbox/docket-service/corpus/generate.ts";
import { caseIndex } from "../../../sandbox/docket-service/corpus/search-index.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const LATER = NOW + 3 * 86_400_000;

function freshCases(): EmuCase[] {
  return generateCorpus({ seed: 9, now: NOW, size: 60 });
}

describe("appendLiveEntries", () => {
  it("continues the docket: numbers after the highest, dates from the newest entry to now", () => {
    const kase = freshCases().find((c) => c.docket === FLAGSHIP.docket)!;
    const before = kase.entries.length;
    const lastNumber = Math.max(...kase.entries.map((e) => Number(e.number ?? 0)));
    const lastDate = parseDate(kase.entries[before - 1]!.date);
    const added = appendLiveEntries(kase, createRng("live"), LATER, 4);
    expect(added).toHaveLength(4);
    expect(kase.entries).toHaveLength(before + 4);
    expect(kase.entries.slice(before)).toEqual(added);
    const numbers = added.flatMap((e) => (e.number ? [Number(e.number)] : []));
    numbers.forEach((n, i) => expect(n).toBeGreaterThan(i === 0 ? lastNumber : numbers[i - 1]!));
    for (const e of added) {
      expect(parseDate(e.date)).toBeGreaterThanOrEqual(lastDate);
      expect(parseDate(e.entryDate)).toBeLessThanOrEqual(LATER);
      expect(e.contents).toMatch(/^<span class='description'>/);
    }
    expect(kase.cachedAt).toBe(LATER);
  });

  it("is deterministic given the rng", () => {
    const a = freshCases().find((c) => c.docket === FLAGSHIP.docket)!;
    const b = freshCases().find((c) => c.docket === FLAGSHIP.docket)!;
    expect(appendLiveEntries(a, createRng(1), LATER, 3)).toEqual(appendLiveEntries(b, createRng(1), LATER, 3));
    const c = freshCases().find((k) => k.docket === FLAGSHIP.docket)!;
    expect(appendLiveEntries(c, createRng(2), LATER, 3)).not.toEqual(appendLiveEntries(freshCases().find((k) => k.docket === FLAGSHIP.docket)!, createRng(1), LATER, 3));
  });

  it("writes in the voice of each kind of case", () => {
    const cases = freshCases();
    const pick = (f: (c: EmuCase) => boolean) => cases.find(f)!;
    const samples = [
      pick((c) => c.type === "Bankruptcy" && c.chapter === "11"),
      pick((c) => c.type === "Criminal" && c.federal),
      pick((c) => c.type === "Appellate"),
      pick((c) => !c.federal && c.court.includes("State")),
      pick((c) => c.court === "Patent Trial and Appeal Board"),
    ];
    for (const kase of samples) {
      const added = appendLiveEntries(kase, createRng(kase.docket), LATER, 2);
      expect(added, kase.court).toHaveLength(2);
      for (const e of added) expect(e.contents.length).toBeGreaterThan(30);
    }
  });

  it("starts an empty docket at its filing date and keeps the search index in step", () => {
    const kase = freshCases().find((c) => c.entries.length === 0)!;
    expect(caseIndex(kase).entryCount).toBe(0);
    const added = appendLiveEntries(kase, createRng(3), LATER, 2);
    expect(parseDate(added[0]!.date)).toBeGreaterThanOrEqual(parseDate(kase.dateFiled));
    expect(added[0]!.number).toBe("1");
    expect(caseIndex(kase).entryCount).toBe(2);
  });
});
