import { beforeAll, describe, expect, it } from "vitest";
import { courtByName } from "../../../src/court/courts.ts";
import { parseDate } from "../../../sandbox/docket-service/corpus/dates.ts";
import { DEFAULT_SIZE, generateCorpus } from "../../../sandbox/docket-service/corpus/generate.ts";
import { FLAGSHIP } from "../../../sandbox/docket-service/corpus/flagship.ts";
import { HOSTILE_PARTY } from "../../../sandbox/docket-service/corpus/specials.ts";
import type { EmuCase } from "../../../sandbox/docket-service/corpus/types.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
let cases: EmuCase[];

beforeAll(() => {
  cases = generateCorpus({ seed: 42, now: NOW });
});

const kind = (c: EmuCase) => courtByName(c.court)?.kind;
const allEntries = () => cases.flatMap((c) => c.entries.map((e) => ({ c, e })));

describe("generateCorpus: determinism", () => {
  it("gives the same corpus, byte for byte, for the same seed and now", () => {
    const again = generateCorpus({ seed: 42, now: NOW });
    expect(JSON.stringify(again)).toBe(JSON.stringify(cases));
  });

  it("gives a different corpus for another seed", () => {
    const other = generateCorpus({ seed: 43, now: NOW });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(cases));
    // The named cases keep their identity whatever the seed.
    expect(other.find((c) => c.docket === FLAGSHIP.docket)?.title).toBe(FLAGSHIP.title);
  });

  it("scales with size and always keeps the named cases", () => {
    const small = generateCorpus({ seed: 1, now: NOW, size: 40 });
    expect(small.length).toBeLessThan(100);
    expect(small.some((c) => c.docket === FLAGSHIP.docket)).toBe(true);
    expect(small.some((c) => c.entries.length >= 5_000)).toBe(true);
  });
});

describe("generateCorpus: composition", () => {
  it("has at least 300 cases", () => {
    expect(DEFAULT_SIZE).toBeGreaterThanOrEqual(300);
    expect(cases.length).toBeGreaterThanOrEqual(300);
  });

  it("has federal civil cases across natures of suit", () => {
    const civil = cases.filter((c) => kind(c) === "district" && c.type === "Civil");
    expect(civil.length).toBeGreaterThan(100);
    const codes = new Set(civil.map((c) => c.natureOfSuit?.split(" ")[0]));
    for (const code of ["830", "190", "442", "470", "850"]) expect(codes).toContain(code);
    for (const c of civil) expect(c.docket).toMatch(/^\d:\d{2}-cv-\d{5}$/);
  });

  it("has federal criminal cases captioned USA v. Lastname", () => {
    const criminal = cases.filter((c) => c.federal && c.type === "Criminal");
    expect(criminal.length).toBeGreaterThanOrEqual(20);
    for (const c of criminal) {
      expect(c.docket).toMatch(/^\d:\d{2}-cr-\d{5}$/);
      expect(c.title).toMatch(/^USA v\. [A-Z][A-Za-z]+( et al)?$/);
    }
  });

  it("has bankruptcy cases of chapters 7, 11 and 13 with 341 meetings and discharges", () => {
    const bk = cases.filter((c) => kind(c) === "bankruptcy");
    expect(bk.length).toBeGreaterThanOrEqual(40);
    expect(new Set(bk.map((c) => c.chapter))).toEqual(new Set(["7", "11", "13"]));
    expect(bk.every((c) => c.court.endsWith("Bankruptcy Court"))).toBe(true);
    expect(bk.every((c) => /^\d{2}-\d{5}$/.test(c.docket))).toBe(true);
    expect(bk.filter((c) => c.date341Meeting).length).toBeGreaterThan(bk.length / 2);
    expect(bk.some((c) => c.dateDischarged)).toBe(true);
  });

  it("has appeals in the courts of appeals, linked to their origin when it is in the corpus", () => {
    const appeals = cases.filter((c) => kind(c) === "appellate");
    expect(appeals.length).toBeGreaterThanOrEqual(20);
    expect(appeals.every((c) => /^\d{2}-\d{4}$/.test(c.docket))).toBe(true);
    expect(appeals.some((c) => c.court === "Court of Appeals for the Federal Circuit")).toBe(true);
    expect(appeals.filter((c) => c.related.length > 0).length).toBeGreaterThan(5);
    // An appeal comes after the judgment it appeals from.
    for (const appeal of appeals) {
      for (const r of appeal.related) {
        const origin = cases.find((c) => c.court === r.court && c.docket === r.docket && courtByName(c.court)?.kind === "district");
        if (origin?.dateTerminated) expect(parseDate(appeal.dateFiled), appeal.docket).toBeGreaterThanOrEqual(parseDate(origin.dateTerminated));
      }
    }
  });

  it("has patent cases in D. Del., E.D. Tex., W.D. Tex. and N.D. Cal., with one patent-number form", () => {
    const patent = cases.filter((c) => c.patents.length > 0 && kind(c) === "district");
    const courts = new Set(patent.map((c) => c.court));
    for (const name of ["Delaware District Court", "Texas Eastern District Court", "Texas Western District Court", "California Northern District Court"]) {
      expect(courts).toContain(name);
    }
    for (const c of cases) for (const p of c.patents) expect(p).toMatch(/^\d{1,2},\d{3},\d{3}$/);
  });

  it("has PTAB and ITC proceedings", () => {
    const ptab = cases.filter((c) => c.court === "Patent Trial and Appeal Board");
    const itc = cases.filter((c) => c.court === "United States International Trade Commission");
    expect(ptab.length).toBeGreaterThanOrEqual(10);
    expect(itc.length).toBeGreaterThanOrEqual(5);
    for (const c of ptab) expect(c.docket).toMatch(/^(IPR|PGR)\d{4}-\d{5}$/);
    for (const c of itc) expect(c.docket).toMatch(/^337-TA-\d{4}$/);
    expect([...ptab, ...itc].every((c) => c.patents.length > 0)).toBe(true);
  });

  it("has state courts with comma-hierarchy names and their docket forms", () => {
    const state = cases.filter((c) => !c.federal && kind(c) === undefined);
    expect(state.length).toBeGreaterThanOrEqual(30);
    const names = new Set(state.map((c) => c.court));
    for (const n of ["Florida State, Duval County, Fourth Circuit Court", "Texas State, Grayson County, Justice of the Peace 2", "California State Court of Appeals, First District"]) {
      expect(names).toContain(n);
    }
    expect(state.some((c) => /^\d{6}\/\d{4}$/.test(c.docket))).toBe(true);
    expect(state.some((c) => /^\d{4}-CF-\d{6}$/.test(c.docket))).toBe(true);
    // State documents are named, not numbered.
    expect(state.some((c) => c.entries.some((e) => !e.number && /^\d{8}_[A-Z]+_\d+$/.test(e.document?.name ?? "")))).toBe(true);
  });

  it("names every federal case's court as the court table does", () => {
    for (const c of cases.filter((k) => k.federal)) expect(courtByName(c.court)?.name, c.court).toBe(c.court);
  });

  it("has counsel with firms, emails, phones and lead flags, and pro se parties", () => {
    const counsel = cases.flatMap((c) => c.parties.flatMap((p) => p.counsel));
    expect(counsel.some((x) => x.firm && x.email && x.phone && x.lead)).toBe(true);
    const proSe = counsel.filter((x) => x.prose);
    expect(proSe.length).toBeGreaterThan(3);
    expect(proSe.every((x) => x.firm === undefined)).toBe(true);
  });

  it("has related cases and claims, claims mostly in bankruptcy", () => {
    expect(cases.filter((c) => c.related.length > 0).length).toBeGreaterThan(20);
    const withClaims = cases.filter((c) => c.claims.length > 0);
    expect(withClaims.filter((c) => c.type === "Bankruptcy").length).toBeGreaterThan(withClaims.length / 2);
  });

  it("has a docket of 5,000+ entries, a few with 0 to 2, closed and active cases", () => {
    expect(cases.some((c) => c.entries.length >= 5_000)).toBe(true);
    expect(cases.filter((c) => c.entries.length <= 2).length).toBeGreaterThanOrEqual(3);
    expect(cases.some((c) => c.entries.length === 0)).toBe(true);
    const closed = cases.filter((c) => c.status === "Closed");
    expect(closed.length).toBeGreaterThan(50);
    expect(closed.every((c) => c.dateTerminated)).toBe(true);
    expect(cases.filter((c) => c.dateTerminated).every((c) => c.status === "Closed")).toBe(true);
    expect(cases.filter((c) => c.active).length).toBeGreaterThan(20);
    expect(cases.filter((c) => c.active).every((c) => c.status !== "Closed")).toBe(true);
  });

  it("has demo cases about Acme and widgets", () => {
    expect(cases.filter((c) => /acme/i.test(c.title)).length).toBeGreaterThanOrEqual(2);
    expect(cases.filter((c) => /widget/i.test(c.title)).length).toBeGreaterThanOrEqual(2);
  });
});

describe("generateCorpus: entries", () => {
  it("writes unpadded M/D/YYYY dates, ascending, entry dates on or after, never after now", () => {
    const unpadded = /^[1-9]\d?\/[1-9]\d?\/\d{4}$/;
    const problems: string[] = [];
    for (const c of cases) {
      if (!unpadded.test(c.dateFiled)) problems.push(`${c.docket} filed ${c.dateFiled}`);
      let prev = parseDate(c.dateFiled);
      for (const e of c.entries) {
        if (!unpadded.test(e.date) || !unpadded.test(e.entryDate)) problems.push(`${c.docket} format ${e.date} ${e.entryDate}`);
        const d = parseDate(e.date);
        if (d < prev) problems.push(`${c.docket} ${e.date} before ${prev}`);
        if (parseDate(e.entryDate) < d) problems.push(`${c.docket} entered ${e.entryDate} before ${e.date}`);
        if (parseDate(e.entryDate) > NOW) problems.push(`${c.docket} entered ${e.entryDate} after now`);
        prev = d;
      }
      if (c.dateTerminated && parseDate(c.dateTerminated) < parseDate(c.dateFiled)) problems.push(`${c.docket} terminated before filed`);
    }
    expect(problems).toEqual([]);
  });

  it("numbers entries strictly ascending", () => {
    const problems: string[] = [];
    for (const c of cases) {
      let prev = 0;
      for (const e of c.entries) {
        if (e.number === undefined) continue;
        const n = Number(e.number);
        if (!Number.isInteger(n) || n <= prev) problems.push(`${c.docket} #${e.number} after #${prev}`);
        prev = n;
      }
    }
    expect(problems).toEqual([]);
  });

  it("writes HTML in the service's style", () => {
    const all = allEntries();
    expect(all.every(({ e }) => e.contents.startsWith("<span class='description'>"))).toBe(true);
    const federal = all.filter(({ c }) => kind(c) === "district");
    expect(federal.every(({ e }) => /<\/span> entered \d{2}\/\d{2}\/\d{4}\.$/.test(e.contents))).toBe(true);
    expect(all.some(({ e }) => e.contents.includes("&amp;"))).toBe(true);
    expect(all.some(({ e }) => /<a href="\/cases\/[^"]+\/\d+\/">\d+<\/a>/.test(e.contents))).toBe(true);
  });

  it("has legal events: motions, orders with outcomes, minute entries and exhibits", () => {
    const all = allEntries().map(({ e }) => e);
    const text = (re: RegExp) => all.some((e) => re.test(e.contents));
    for (const re of [/COMPLAINT/, /SUMMONS/, /NOTICE OF APPEARANCE/, /Pro Hac Vice/, /CORPORATE DISCLOSURE/, /MOTION to Dismiss/, /SCHEDULING ORDER/, /STIPULATION/]) expect(text(re), String(re)).toBe(true);
    for (const outcome of ["granted", "denied", "granted in part"]) expect(all.some((e) => e.analyze?.type === "order" && e.analyze.outcome === outcome)).toBe(true);
    expect(all.some((e) => e.number === undefined && e.document === undefined && /Minute Entry/.test(e.contents))).toBe(true);
    expect(all.some((e) => e.exhibits.length > 0)).toBe(true);
  });

  it("gives most numbered entries a document, some not cached, a few sealed, all with text and pages", () => {
    const numbered = allEntries().filter(({ e }) => e.number !== undefined).map(({ e }) => e);
    const docs = numbered.flatMap((e) => (e.document ? [e.document] : []));
    expect(docs.length / numbered.length).toBeGreaterThan(0.8);
    expect(docs.filter((d) => !d.cached).length / docs.length).toBeGreaterThan(0.05);
    const sealed = docs.filter((d) => d.sealed);
    expect(sealed.length).toBeGreaterThan(0);
    expect(sealed.length / docs.length).toBeLessThan(0.1);
    expect(docs.every((d) => d.text.length > 10 && d.pages >= 1)).toBe(true);
  });
});

describe("generateCorpus: named cases", () => {
  it("has the flagship case", () => {
    const f = cases.find((c) => c.court === FLAGSHIP.court && c.docket === FLAGSHIP.docket)!;
    expect(f.title).toBe("Acme Widgets, Inc. v. Globex Corporation");
    expect(f.natureOfSuit).toBe("830 Patent");
    expect(f.patents.length).toBeGreaterThan(0);
    expect(f.active).toBe(true);
    expect(f.entries.length).toBeGreaterThanOrEqual(55);
    expect(f.entries.length).toBeLessThanOrEqual(70);
    const order = f.entries.find((e) => e.analyze?.type === "order" && e.analyze.outcome === "granted in part" && /motion to dismiss/i.test(e.contents));
    expect(order?.number).toBeDefined();
  });

  it("keeps the flagship's early entries independent of seed and now", () => {
    const other = generateCorpus({ seed: "other", now: Date.UTC(2027, 5, 1) }).find((c) => c.docket === FLAGSHIP.docket)!;
    const mine = cases.find((c) => c.docket === FLAGSHIP.docket)!;
    expect(other.entries.slice(0, 40)).toEqual(mine.entries.slice(0, 40));
  });

  it("carries hostile texts for the bot's sanitiser", () => {
    const party = cases.flatMap((c) => c.parties).find((p) => p.name === HOSTILE_PARTY);
    expect(party).toBeDefined();
    const contents = allEntries().map(({ e }) => e.contents);
    expect(contents.some((t) => t.includes("@here") && t.includes("<@U12345>"))).toBe(true);
    expect(contents.some((t) => t.includes('<a href="https://evil.example/phish">click</a>'))).toBe(true);
    expect(contents.some((t) => t.includes("*bold*_underscores_~tilde~"))).toBe(true);
    expect(contents.some((t) => t.length >= 3_000)).toBe(true);
  });
});
