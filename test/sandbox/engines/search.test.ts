import { beforeAll, describe, expect, it } from "vitest";
import { createCorpus, type EmuCorpus } from "../../../sandbox/docket-service/corpus/index.ts";
import { createRng } from "../../../sandbox/docket-service/corpus/random.ts";
import { searchCorpus } from "../../../sandbox/docket-service/engines/search.ts";
import { miniCorpus } from "./mini-corpus.ts";

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const mini = miniCorpus();
/** Indexes (in the mini corpus) of the cases a query finds, sorted. */
const hits = (q: string, o: Parameters<typeof searchCorpus>[2] = {}) =>
  searchCorpus(mini, q, { limit: 50, ...o })
    .results.map((c) => mini.cases.indexOf(c))
    .sort();

describe("searchCorpus: the query language", () => {
  it("matches whole words, case-insensitively, over titles, parties and entry text", () => {
    expect(hits("acme")).toEqual([0, 4]);
    expect(hits("ACME")).toEqual([0, 4]);
    // A simple plural and its singular meet, as in a full-text search (issue 14 item 7): "widget" finds "Widgets".
    expect(hits("widget")).toEqual([0, 1, 2, 4]);
    expect(hits("widgets")).toEqual([0, 1, 2, 4]);
    expect(hits("acme widget")).toEqual([0, 4]);
    expect(hits('"acme widget"')).toEqual([0, 4]);
    expect(hits("widg")).toEqual([]); // still whole words: a prefix wants widg*
    expect(hits("corporations")).toEqual(hits("corporation"));
    expect(hits("grand theft")).toEqual([3]);
  });

  it("implies AND between terms", () => {
    expect(hits("globex initech")).toEqual([1]);
  });

  it("matches quoted phrases as consecutive words", () => {
    expect(hits('"motion to dismiss"')).toEqual([0]);
    expect(hits('"dismiss motion"')).toEqual([]);
  });

  it("supports OR, NOT, -term and parentheses", () => {
    expect(hits("acme OR initech")).toEqual([0, 1, 4]);
    expect(hits("globex -acme")).toEqual([1]);
    expect(hits("globex NOT acme")).toEqual([1]);
    expect(hits("(acme OR initech) complaint")).toEqual([0, 1, 4]);
    expect(hits("complaint -(acme OR initech)")).toEqual([]);
    expect(hits("NOT NOT acme")).toEqual([0, 4]);
  });

  it("supports a * suffix wildcard", () => {
    expect(hits("widget*")).toEqual([0, 1, 2, 4]);
    expect(hits("dism*")).toEqual([0]);
    expect(hits("*")).toEqual([0, 1, 2, 3, 4]);
  });

  it("supports w/N proximity", () => {
    expect(hits("notice w/2 settlement")).toEqual([1]);
    expect(hits("complaint w/1 widget")).toEqual([]);
    expect(hits("complaint w/6 widget")).toEqual([1]);
  });

  it("filters by party name and role on the same party", () => {
    expect(hits('party:(name:"Acme Widgets" type:plaintiff)')).toEqual([0]);
    expect(hits('party:(name:"Acme Widgets" type:defendant)')).toEqual([4]);
    expect(hits("party:globex")).toEqual([0, 1]);
    expect(hits("party:(type:debtor)")).toEqual([2]);
  });

  it("filters by court: words of the long name, or a code or citation", () => {
    expect(hits("court:(Delaware)")).toEqual([1, 2]);
    expect(hits("court:(D. Del.)")).toEqual([1]);
    expect(hits("court:(nysd)")).toEqual([0]);
    expect(hits("court:(S.D.N.Y.)")).toEqual([0]);
    expect(hits("court:(Bankr. D. Del.)")).toEqual([2]);
    expect(hits("court:(Delaware OR Florida)")).toEqual([1, 2, 3]);
  });

  it("filters is:state, docket:, firm:, attorney:, type: and from:", () => {
    expect(hits("is:state")).toEqual([3, 4]);
    expect(hits("is:state theft")).toEqual([3]);
    expect(hits("docket:(1:23-cv-1234)")).toEqual([0]);
    expect(hits('docket:"2014-CF-3894"')).toEqual([3]);
    expect(hits("docket:526241/2019")).toEqual([4]);
    expect(hits('firm:"Fitzgerald, Sandoval"')).toEqual([0, 1]);
    expect(hits('attorney:"Elena Marchetti"')).toEqual([1]);
    expect(hits("type:bankruptcy")).toEqual([2]);
    expect(hits("from:-7days", { now: NOW })).toEqual([4]);
    expect(hits("from:-7days")).toEqual([0, 1, 2, 3, 4]); // no clock, no narrowing
  });

  it("restricts is:docket searches to case-level fields", () => {
    expect(hits("dismiss")).toEqual([0]);
    expect(hits("is:docket dismiss")).toEqual([]);
    expect(hits("is:docket globex")).toEqual([0, 1]);
  });

  it("never throws on garbage and treats it as terms", () => {
    expect(hits("((((acme")).toEqual([0, 4]);
    expect(hits("acme)))")).toEqual([0, 4]);
    expect(hits("OR acme OR")).toEqual([0, 4]);
    expect(hits('"unterminated acme')).toEqual([]);
    expect(hits("")).toEqual([0, 1, 2, 3, 4]);
    expect(hits("-")).toEqual([0, 1, 2, 3, 4]);
    expect(hits("party:")).toEqual([0, 1, 2, 3, 4]);
    const rng = createRng("fuzz");
    const alphabet = ['"', "(", ")", "-", "*", ":", " ", "OR", "NOT", "AND", "party:", "court:(", "w/3", "acme", "&", "<", "name:", "is:"];
    for (let i = 0; i < 500; i++) {
      const q = Array.from({ length: rng.int(1, 30) }, () => rng.pick(alphabet)).join(rng.chance(0.5) ? "" : " ");
      expect(() => searchCorpus(mini, q), q).not.toThrow();
    }
    expect(() => searchCorpus(mini, "(".repeat(5_000) + "acme" + ")".repeat(5_000))).not.toThrow();
    expect(() => searchCorpus(mini, undefined as unknown as string)).not.toThrow();
  });
});

describe("searchCorpus: sorting and paging", () => {
  const ordered = (o: string) => searchCorpus(mini, "", { order: o, limit: 50 }).results.map((c) => mini.cases.indexOf(c));

  it("sorts by filing date and last filing, both ways", () => {
    expect(ordered("date_filed")).toEqual([3, 4, 0, 1, 2]);
    expect(ordered("-date_filed")).toEqual([2, 1, 0, 4, 3]);
    expect(ordered("date_last_filing")).toEqual([3, 0, 2, 1, 4]);
    expect(ordered("-date_last_filing")).toEqual([4, 1, 2, 0, 3]);
  });

  it("shuffles with a seed for random", () => {
    const a = searchCorpus(mini, "", { order: "random", seed: 1, limit: 50 }).results;
    expect(searchCorpus(mini, "", { order: "random", seed: 1, limit: 50 }).results).toEqual(a);
    expect(a.slice().sort((x, y) => mini.cases.indexOf(x) - mini.cases.indexOf(y))).toEqual(mini.cases);
  });

  it("ranks by relevance by default", () => {
    expect(searchCorpus(mini, "globex").results[0]).toBe(mini.cases[0]);
  });

  it("pages with offset and limit and always reports the total", () => {
    expect(searchCorpus(mini, "", { offset: 0, limit: 2 })).toMatchObject({ total: 5 });
    expect(searchCorpus(mini, "", { offset: 0, limit: 2 }).results).toHaveLength(2);
    expect(searchCorpus(mini, "", { offset: 4, limit: 2 }).results).toHaveLength(1);
    expect(searchCorpus(mini, "", { offset: 9, limit: 2 })).toEqual({ total: 5, results: [] });
    expect(searchCorpus(mini, "", { offset: -3, limit: 0 }).results).toEqual([]);
  });
});

describe("searchCorpus: over the full corpus", () => {
  let corpus: EmuCorpus;
  beforeAll(() => {
    corpus = createCorpus({ seed: 42, now: NOW });
  });

  it("counts everything, pages 50 at most, and pages do not overlap", () => {
    const all = searchCorpus(corpus, "", { limit: 500 });
    expect(all.total).toBe(corpus.cases.length);
    expect(all.results).toHaveLength(50);
    const seen = new Set<unknown>();
    for (let offset = 0; offset < all.total; offset += 50) for (const c of searchCorpus(corpus, "", { offset, limit: 50, order: "date_filed" }).results) seen.add(c);
    expect(seen.size).toBe(corpus.cases.length);
  });

  it("finds the demo cases and searches the 5,000-entry docket's text", () => {
    const acme = searchCorpus(corpus, "acme widget*", { limit: 50 });
    expect(acme.results.some((c) => c.docket === "1:23-cv-01234")).toBe(true);
    const mega = corpus.cases.find((c) => c.entries.length >= 5_000)!;
    expect(searchCorpus(corpus, '"Monthly Fee Statement" court:(txsb)', { limit: 50 }).results).toContain(mega);
    expect(searchCorpus(corpus, "<!channel>", { limit: 50 }).results.some((c) => c.title.includes("<!channel>"))).toBe(true);
  });
});
