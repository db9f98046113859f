import { describe, expect, it } from "vitest";
import { normalizeWords } from "../../../sandbox/docket-service/corpus/search-index.ts";
import { parseQuery } from "../../../sandbox/docket-service/engines/query-parse.ts";
import { tokenize } from "../../../sandbox/docket-service/engines/query-tokens.ts";

const term = (...words: string[]) => ({ k: "term", words, prefix: false });

describe("tokenize", () => {
  it("separates words, phrases, parentheses, operators and fields", () => {
    expect(tokenize('acme OR "motion to dismiss" -(globex) party:(name:x) w/5 from:-7days').map((t) => t.t)).toEqual([
      "word", "or", "phrase", "not", "lp", "word", "rp", "field", "lp", "field", "word", "rp", "near", "field", "word",
    ]);
  });

  it("keeps colons of unknown prefixes and dockets inside words", () => {
    expect(tokenize("1:23-cv-01234 foo:bar")).toMatchObject([{ t: "word", v: "1:23-cv-01234" }, { t: "word", v: "foo:bar" }]);
    expect(tokenize("docket:1:23-cv-01234")).toMatchObject([{ t: "field", name: "docket" }, { t: "word", v: "1:23-cv-01234" }]);
  });

  it("treats lower-case or/and/not as words", () => {
    expect(tokenize("cats or dogs").map((t) => t.t)).toEqual(["word", "word", "word"]);
  });
});

describe("parseQuery", () => {
  it("implies AND and binds OR looser than AND", () => {
    expect(parseQuery("a b OR c")).toEqual({ k: "or", xs: [{ k: "and", xs: [term("a"), term("b")] }, term("c")] });
  });

  it("parses NOT, -term, phrases, wildcards and groups", () => {
    expect(parseQuery('-"Motion to Dismiss"')).toEqual({ k: "not", x: term("motion", "to", "dismiss") });
    expect(parseQuery("widg*")).toEqual({ k: "term", words: ["widg"], prefix: true });
    expect(parseQuery("(a OR b) c")).toEqual({ k: "and", xs: [{ k: "or", xs: [term("a"), term("b")] }, term("c")] });
  });

  it("parses fields with their raw value", () => {
    expect(parseQuery("court:(S.D.N.Y.)")).toEqual({ k: "field", name: "court", raw: "S.D.N.Y.", x: term("s", "d", "n", "y") });
    expect(parseQuery('party:(name:"Acme Widgets" type:plaintiff)')).toMatchObject({
      k: "field",
      name: "party",
      x: { k: "and", xs: [{ k: "field", name: "name", raw: "Acme Widgets" }, { k: "field", name: "type", raw: "plaintiff" }] },
    });
  });

  it("recovers from unbalanced or dangling syntax", () => {
    expect(parseQuery("((a")).toEqual(term("a"));
    expect(parseQuery("a))")).toEqual(term("a"));
    expect(parseQuery("OR")).toEqual({ k: "all" });
    expect(parseQuery("a NOT")).toEqual(term("a"));
    expect(parseQuery("w/3 a")).toEqual(term("a"));
    expect(parseQuery("&&& ***")).toEqual({ k: "all" });
    // Deeper than the parser nests: flattened, the term survives.
    expect(parseQuery("(".repeat(900) + "a b" + ")".repeat(900))).toEqual({ k: "and", xs: [term("a"), term("b")] });
    // Longer than the query limit: cut, never a stack overflow.
    expect(() => parseQuery("(".repeat(100_000))).not.toThrow();
  });
});

describe("normalizeWords", () => {
  it("folds case, accents, punctuation, entities and leading zeros", () => {
    expect(normalizeWords("Café &amp; Crème, Inc. — 1:23-cv-01234")).toBe(" cafe creme inc 1 23 cv 1234 ");
    expect(normalizeWords("<b>Order</b>", true)).toBe(" order ");
    expect(normalizeWords("<!channel> Holdings")).toBe(" channel holdings ");
  });
});
