import { beforeAll, describe, expect, it } from "vitest";
import { courtByName } from "../../../src/court/courts.ts";
import { createCorpus, type EmuCorpus } from "../../../sandbox/docket-service/corpus/index.ts";
import { pacerOptions, searchPacer, PACER_PAGE_SIZE } from "../../../sandbox/docket-service/engines/pacer.ts";
import { pacerCaseType } from "../../../sandbox/docket-service/engines/pacer-types.ts";
import { miniCorpus } from "./mini-corpus.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const mini = miniCorpus();
let corpus: EmuCorpus;

beforeAll(() => {
  corpus = createCorpus({ seed: 42, now: NOW });
});

describe("searchPacer", () => {
  it("searches federal cases only", () => {
    const all = searchPacer(mini, {}, 1);
    expect(all.results.map((r) => r.docket).sort()).toEqual(["1:23-cv-01234", "1:24-cv-00077", "24-10001"]);
    expect(all.page_max).toBe(1);
  });

  it("finds a company by the start of its name and reports the party and role", () => {
    const r = searchPacer(mini, { party_name: "Globex" }, 1).results;
    expect(r.map((x) => [x.docket, x.party_name, x.party_role])).toEqual([
      ["1:24-cv-00077", "Globex Corporation", "Plaintiff"],
      ["1:23-cv-01234", "Globex Corporation", "Defendant"],
    ]);
    expect(searchPacer(mini, { party_name: "acme widg" }, 1).results.map((x) => x.party_name)).toEqual(["Acme Widgets, Inc."]);
    expect(searchPacer(mini, { party_name: "Widgets" }, 1).results).toEqual([]);
  });

  it("finds individuals by last name, narrowed by first name", () => {
    const individuals = corpus.cases.filter((c) => c.federal && c.type === "Criminal");
    const person = individuals[0]!.parties.find((p) => p.type === "Defendant")!;
    const [first, ...rest] = person.name.split(" ");
    const last = rest[rest.length - 1]!;
    const byLast = searchPacer(corpus, { last_name: last }, 1).results;
    expect(byLast.some((r) => r.party_name === person.name)).toBe(true);
    expect(byLast.every((r) => r.party_name!.toLowerCase().split(" ").pop()!.startsWith(last.toLowerCase()))).toBe(true);
    const narrowed = searchPacer(corpus, { last_name: last, first_name: first }, 1).results;
    expect(narrowed.length).toBeLessThanOrEqual(byLast.length);
    expect(narrowed.every((r) => r.party_name!.startsWith(first!))).toBe(true);
  });

  it("filters by nature-of-suit code, case type and filed dates", () => {
    const patents = searchPacer(corpus, { nature_of_suit: ["830"] }, 1);
    expect(patents.results.length).toBeGreaterThan(10);
    expect(patents.results.every((r) => r.nature_of_suit === "830")).toBe(true);
    const two = searchPacer(corpus, { nature_of_suit: ["830", "442"] }, 1);
    expect(new Set(two.results.map((r) => r.nature_of_suit))).toEqual(new Set(["830", "442"]));
    for (const type of ["Appellate", "Bankruptcy", "Civil", "Criminal", "Multi-District Litigation"] as const) {
      const r = searchPacer(corpus, { case_type: type }, 1).results;
      expect(r.length, type).toBeGreaterThan(0);
      expect(r.every((x) => pacerCaseType(x.kase) === type)).toBe(true);
    }
    expect(searchPacer(corpus, { case_type: "Bankruptcy" }, 1).results.every((r) => r.nature_of_suit === undefined)).toBe(true);
    const ranged = searchPacer(corpus, { date_filed_start: "2025-01-01", date_filed_end: "2025-06-30" }, 1).results;
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((r) => r.date_filed >= "2025-01-01" && r.date_filed <= "2025-06-30")).toBe(true);
    expect(ranged.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.date_filed))).toBe(true);
  });

  it("pages 50 at a time with page_max, newest filing first", () => {
    const first = searchPacer(corpus, { case_type: "Civil" }, 1);
    expect(first.total).toBeGreaterThan(PACER_PAGE_SIZE);
    expect(first.page_max).toBe(Math.ceil(first.total / PACER_PAGE_SIZE));
    expect(first.results).toHaveLength(PACER_PAGE_SIZE);
    const dates = first.results.map((r) => r.date_filed);
    expect(dates).toEqual(dates.slice().sort().reverse());
    const last = searchPacer(corpus, { case_type: "Civil" }, first.page_max);
    expect(last.results.length).toBe(first.total - (first.page_max - 1) * PACER_PAGE_SIZE);
    expect(searchPacer(corpus, { case_type: "Civil" }, first.page_max + 1).results).toEqual([]);
    const seen = new Set<string>();
    for (let p = 1; p <= first.page_max; p++) for (const r of searchPacer(corpus, { case_type: "Civil" }, p).results) seen.add(`${r.court}|${r.docket}`);
    expect(seen.size).toBe(first.total);
  });

  it("gives each hit a site-relative link and terminations as YYYY-MM-DD", () => {
    const r = searchPacer(corpus, { party_name: "Acme Widgets" }, 1).results;
    const flagship = r.find((x) => x.docket === "1:23-cv-01234")!;
    expect(flagship.link).toBe("/cases/New_York_Southern_District_Court/1--23-cv-01234/Acme_Widgets_Inc._v._Globex_Corporation/");
    const closed = searchPacer(corpus, { case_type: "Civil" }, 1).results.find((x) => x.kase.dateTerminated);
    if (closed) expect(closed.date_terminated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("filters by court and region", () => {
    const sdny = searchPacer(corpus, { court: "S.D.N.Y." }, 1).results;
    expect(sdny.length).toBeGreaterThan(0);
    expect(sdny.every((r) => r.court === "New York Southern District Court")).toBe(true);
    const ny = searchPacer(corpus, { court_region: "New York" }, 1).results;
    expect(ny.every((r) => r.court.startsWith("New York "))).toBe(true);
    expect(searchPacer(corpus, { court_region: "NY" }, 1).total).toBe(searchPacer(corpus, { court_region: "New York" }, 1).total);
  });
});

describe("pacerOptions", () => {
  it("lists federal courts, regions, NOS codes and the five case types", () => {
    const o = pacerOptions();
    expect(o.case_types).toEqual(["Appellate", "Bankruptcy", "Civil", "Criminal", "Multi-District Litigation"]);
    expect(o.courts).toContain("New York Southern District Court");
    expect(o.courts).toContain("Court of Appeals for the Federal Circuit");
    expect(o.courts.every((c) => courtByName(c)?.kind !== "agency")).toBe(true);
    expect(o.court_regions).toContain("New York");
    expect(o.nature_of_suits).toContain("830");
    expect(o.nature_of_suits.every((c) => /^\d{3}$/.test(c))).toBe(true);
  });
});
