import { describe, expect, it } from "vitest";
import { ACTION, CALLBACK, actionId, actionIdPattern, decodeValue, encodeValue } from "../../../src/slack/blockkit/ids.ts";

const court = "New York Southern District Court";

describe("action and callback ids", () => {
  it("are unique, short and stable", () => {
    const ids = [...Object.values(ACTION), ...Object.values(CALLBACK)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z_]{1,40}$/);
    expect(ACTION).toMatchObject({
      viewCase: "view_case",
      casePage: "case_page",
      getPdf: "get_pdf",
      askCase: "ask_case",
      trackCase: "track_case",
      refreshCase: "refresh_case",
      moreParties: "more_parties",
      shareToChannel: "share_to_channel",
    });
  });

  it("suffixes ids for repeated buttons and matches them with one pattern", () => {
    expect(actionId(ACTION.getPdf, 3)).toBe("get_pdf:3");
    expect(actionId(ACTION.casePage, "older")).toBe("case_page:older");
    expect(actionId(ACTION.getPdf, "a b|<c>")).toBe("get_pdf:abc");
    // Whole numbers skip the cleaning, and read as their text would.
    for (const n of [0, -0, 7, -12, 4999, Number.MAX_SAFE_INTEGER, 1.5, 1e21, NaN]) {
      expect(actionId(ACTION.getPdf, n)).toBe(actionId(ACTION.getPdf, String(n)));
    }
    const p = actionIdPattern(ACTION.getPdf);
    expect(p.test("get_pdf")).toBe(true);
    expect(p.test("get_pdf:17")).toBe(true);
    expect(p.test("get_pdfx")).toBe(false);
    expect(p.test("xget_pdf:1")).toBe(false);
  });
});

describe("button values", () => {
  it("round-trip as compact JSON", () => {
    const v = { court, docket: "1:23-cv-01234", page: 2 };
    const raw = encodeValue(v);
    expect(raw).toBe('{"c":"New York Southern District Court","d":"1:23-cv-01234","p":2}');
    expect(decodeValue(raw)).toEqual(v);
    const e = { court, docket: "1:23-cv-01234", entry: "42" };
    expect(decodeValue(encodeValue(e))).toEqual(e);
    const d = { court, docket: "21-1397", doc: "https://site.example/cases/x/docs/5.pdf" };
    expect(decodeValue(encodeValue(d))).toEqual(d);
  });

  it("refuses to encode what could not come back", () => {
    expect(() => encodeValue({ court: "x".repeat(2_100), docket: "1" })).toThrow(RangeError);
    expect(() => encodeValue({ court: "", docket: "1" })).toThrow(RangeError);
    expect(() => encodeValue({ court, docket: "1", doc: "u".repeat(1_600) })).toThrow(RangeError);
    expect(() => encodeValue({ court, docket: "1", page: -1 })).toThrow(RangeError);
  });

  it("treats values from Slack as untrusted: anything malformed is undefined", () => {
    const bad: unknown[] = [
      undefined,
      null,
      42,
      "",
      "not json",
      "{not json",
      "[1,2]",
      '"string"',
      "{}",
      '{"c":"x"}',
      '{"d":"1"}',
      '{"c":1,"d":"1"}',
      '{"c":" ","d":"1"}',
      '{"c":"x","d":"1\\u0000"}',
      '{"c":"x\\n","d":"1"}',
      '{"c":"x","d":"1","p":-1}',
      '{"c":"x","d":"1","p":1.5}',
      '{"c":"x","d":"1","p":"2"}',
      '{"c":"x","d":"1","p":1e12}',
      '{"c":"x","d":"1","e":42}',
      '{"c":"x","d":"1","e":""}',
      `{"c":"x","d":"1","e":"${"9".repeat(41)}"}`,
      `{"c":"${"x".repeat(201)}","d":"1"}`,
      `{"c":"x","d":"1","u":"${"u".repeat(2_000)}"}`,
    ];
    for (const raw of bad) expect(decodeValue(raw), String(raw)).toBeUndefined();
  });

  it("ignores unknown keys, so old and new buttons both keep working", () => {
    expect(decodeValue('{"c":"x","d":"1","v":2,"zz":[1]}')).toEqual({ court: "x", docket: "1" });
  });
});
