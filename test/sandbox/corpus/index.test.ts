import { beforeAll, describe, expect, it } from "vitest";
import { normalizeDocket } from "../../../sandbox/docket-service/corpus/docket-numbers.ts";
import { createCorpus, FLAGSHIP, type EmuCorpus } from "../../../sandbox/docket-service/corpus/index.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
let corpus: EmuCorpus;

beforeAll(() => {
  corpus = createCorpus({ seed: 42, now: NOW });
});

describe("normalizeDocket", () => {
  it("ignores leading zeros of each number, letter case and surrounding space", () => {
    expect(normalizeDocket("2002-CF-11026")).toBe(normalizeDocket("2002-CF-011026"));
    expect(normalizeDocket("1:23-cv-1234")).toBe(normalizeDocket("1:23-cv-01234"));
    expect(normalizeDocket(" 1:23-CV-01234 ")).toBe(normalizeDocket("1:23-cv-01234"));
    expect(normalizeDocket("526241/2019")).toBe("526241/2019");
    expect(normalizeDocket("0")).toBe("0");
    expect(normalizeDocket("1:23-cv-01234")).not.toBe(normalizeDocket("1:23-cv-01235"));
  });
});

describe("createCorpus().find", () => {
  it("finds a case by exact court and docket", () => {
    expect(corpus.find(FLAGSHIP.court, FLAGSHIP.docket)?.title).toBe(FLAGSHIP.title);
  });

  it("accepts the court in any letter case and the docket with or without zero padding", () => {
    for (const docket of ["1:23-cv-1234", "1:23-cv-001234", "1:23-CV-01234", " 1:23-cv-01234"]) {
      expect(corpus.find("new york southern district court", docket)?.docket, docket).toBe(FLAGSHIP.docket);
    }
    expect(corpus.find("NEW YORK  SOUTHERN DISTRICT COURT", FLAGSHIP.docket)).toBeDefined();
  });

  it("finds state cases with padded sequence numbers and slashes", () => {
    const florida = corpus.cases.find((c) => /^\d{4}-CF-0\d{5}$/.test(c.docket));
    if (florida) {
      const unpadded = florida.docket.replace(/-CF-0+/, "-CF-");
      expect(corpus.find(florida.court, unpadded)).toBe(florida);
    }
    const ny = corpus.cases.find((c) => c.docket.includes("/"))!;
    expect(corpus.find(ny.court, ny.docket)).toBe(ny);
  });

  it("answers undefined for unknown courts, dockets, short forms and hostile input", () => {
    expect(corpus.find(FLAGSHIP.court, "1:23-cv-99999")).toBeUndefined();
    expect(corpus.find("nysd", FLAGSHIP.docket)).toBeUndefined(); // the service does not expand short forms
    expect(corpus.find("Florida State, Duval County, Fourth Circuit Court", "2014-CF-003894x")).toBeUndefined();
    expect(corpus.find("x".repeat(10_000), "1")).toBeUndefined();
  });

  it("indexes every case once and refuses duplicates on add", () => {
    const f = corpus.find(FLAGSHIP.court, FLAGSHIP.docket)!;
    const copy: EmuCase = { ...f, docket: "1:23-cv-1234" };
    expect(corpus.add(copy)).toBe(false);
    const fresh: EmuCase = { ...f, docket: "1:26-cv-99999", entries: [] };
    const before = corpus.cases.length;
    expect(corpus.add(fresh)).toBe(true);
    expect(corpus.cases.length).toBe(before + 1);
    expect(corpus.find(f.court, "1:26-cv-99999")).toBe(fresh);
  });

  it("keeps court and docket unique across the corpus", () => {
    const keys = corpus.cases.map((c) => `${c.court.toLowerCase()}|${normalizeDocket(c.docket)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
