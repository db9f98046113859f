/** The search feature's pure helpers: button values (untrusted on the way back), modal state, filters. */
import { describe, expect, it } from "vitest";
import { decodeModalState, encodeModalState } from "../../../src/features/search/modal-state.ts";
import { decodePacerSearch, encodePacerSearch, type PendingPacerSearch } from "../../../src/features/search/pacer-values.ts";
import { withCourtFilter } from "../../../src/features/search/search-page.ts";
import { decodeSearchPage, encodeSearchPage, pagingValues } from "../../../src/features/search/search-values.ts";

describe("PACER button values", () => {
  const pending: PendingPacerSearch = {
    search: { partyName: "Acme Widgets, Inc.", court: "deb", caseType: "Civil", natureOfSuit: ["830", "835"], dateFiledStart: "2026-01-01", dateFiledEnd: "2026-03-31" },
    page: 2,
    clientMatter: "ACME-001",
  };

  it("round-trip every criterion, the page and the matter, compactly", () => {
    const raw = encodePacerSearch(pending)!;
    expect(raw.length).toBeLessThan(200);
    expect(decodePacerSearch(raw)).toEqual(pending);
    const person = { search: { lastName: "Smith", firstName: "Jane" }, page: 1, clientMatter: "" };
    expect(decodePacerSearch(encodePacerSearch(person))).toEqual(person);
  });

  it("refuse to encode what would not fit a button or come back intact", () => {
    expect(encodePacerSearch({ ...pending, search: { partyName: "x".repeat(2_100) } })).toBeUndefined();
    expect(encodePacerSearch({ ...pending, search: { partyName: "Acme\u0000" } })).toBeUndefined();
    expect(encodePacerSearch({ ...pending, clientMatter: "m".repeat(51) })).toBeUndefined();
  });

  it("treat values from Slack as untrusted", () => {
    const bad: unknown[] = [
      undefined, 42, "", "not json", "[]", "{}",
      '{"v":2,"pg":1,"m":"","p":"Acme"}', // unknown version
      '{"v":1,"pg":0,"m":"","p":"Acme"}', // page out of range
      '{"v":1,"pg":1.5,"m":"","p":"Acme"}',
      '{"v":1,"pg":1,"m":""}', // no criterion: would be the options call
      '{"v":1,"pg":1,"m":"","t":"Civilian"}', // not a case type
      '{"v":1,"pg":1,"m":"","s":"2026-1-1"}', // not YYYY-MM-DD
      '{"v":1,"pg":1,"m":"<!channel>","p":"Acme"}',
      '{"v":1,"pg":1,"m":"","n":[]}',
      `{"v":1,"pg":1,"m":"","p":"${"x".repeat(201)}"}`,
      `{"v":1,"pg":1,"m":"","p":"Acme","pad":"${"x".repeat(2_000)}"}`,
    ];
    for (const raw of bad) expect(decodePacerSearch(raw), String(raw).slice(0, 60)).toBeUndefined();
  });
});

describe("search paging values", () => {
  it("round-trip and refuse what is malformed", () => {
    expect(decodeSearchPage(encodeSearchPage({ q: "acme widget", offset: 10 }))).toEqual({ q: "acme widget", offset: 10 });
    for (const raw of ['{"q":"","o":0}', '{"q":"x","o":-1}', '{"q":"x"}', '{"q":"a\\u0000","o":0}', "x", 7]) expect(decodeSearchPage(raw)).toBeUndefined();
    expect(encodeSearchPage({ q: "q".repeat(900), offset: 0 })).toBeUndefined();
  });

  it("offer Previous only past the first page and More only when there is more", () => {
    const first = pagingValues({ q: "a", offset: 0, hits: new Array(10), hasMore: true }, 10);
    expect(first.previousValue).toBeUndefined();
    expect(decodeSearchPage(first.nextValue)).toEqual({ q: "a", offset: 10 });
    const last = pagingValues({ q: "a", offset: 20, hits: new Array(3), hasMore: false }, 10);
    expect(decodeSearchPage(last.previousValue)).toEqual({ q: "a", offset: 10 });
    expect(last.nextValue).toBeUndefined();
  });
});

describe("the search modal's state and court filter", () => {
  it("round-trips what was searched and refuses anything but a channel id as the destination", () => {
    const s = { query: "acme", court: "nysd", destination: "C0ACME" };
    expect(decodeModalState(encodeModalState(s))).toEqual(s);
    expect(decodeModalState('{"d":"U0ADMIN"}')).toBeUndefined();
    expect(decodeModalState("nope")).toBeUndefined();
  });

  it("turns the court field into the query language's court filter", () => {
    expect(withCourtFilter("acme", "nysd")).toBe('acme court:("New York Southern District Court")');
    expect(withCourtFilter("acme", "S.D.N.Y.")).toBe('acme court:("New York Southern District Court")');
    expect(withCourtFilter("acme", ' Florida "State") Court ')).toBe('acme court:("Florida State Court")');
    expect(withCourtFilter("acme", undefined)).toBe("acme");
    expect(withCourtFilter("acme", "  ")).toBe("acme");
  });
});
